// Generated hostile delivery URLs for `npm run battery` and its tests: every catalogue parameter
// with the values of delivery-values.ts, each beside the parameters it depends on so the value is
// really used; then names, paths and queries no parameter explains (unknown and repeated names,
// traversal, bad percent-encoding, overlong queries, other methods), and URLs that amplify a small
// request into a large render.
import { CATALOGUE, PARAMETER_NAMES, canonicalName } from '@darkroom/core';
import { valueCases } from './delivery-values.ts';
import { ANY_ANSWER, REFUSAL, oneOf, type StatusExpectation } from './expectations.ts';
import { SeededRandom, roundRobinSample } from './random.ts';
import type { RawRequest } from './raw-http.ts';

/** Origin paths of the source the URLs are sent to (each with its leading slash). */
export interface DeliveryImages {
  /** A small image most URLs render, so thousands of them stay cheap. */
  small: string;
  /** A real photograph (the demo's coffee.png), for the amplification URLs. */
  large: string;
  /** An image of the same source for `mark`, `blend` and `mask`. */
  overlay: string;
}

export interface DeliveryCase {
  method: string;
  /** Path and query exactly as sent. */
  target: string;
  /** What the case is, for the report: `w=1e308`, `traversal: /%2e%2e/...`. */
  label: string;
  expect: StatusExpectation;
}

export interface DeliveryOptions {
  seed: number;
  /** How many cases to take (round robin over the parameters); all when undefined. */
  count?: number;
  images: DeliveryImages;
  /** A loopback base URL for URL-typed values; nothing off this machine is ever named. */
  loopbackUrl: string;
}

/** Values that make each parameter a catalogue `depends` names present. */
function benignValues(images: DeliveryImages): Record<string, string> {
  return {
    txt: 'W',
    blend: 'ff0000',
    border: '2,ff0000',
    mark: images.overlay,
    palette: 'json',
    duotone: '000000,ffffff',
    transparency: 'grid',
    trim: 'auto',
    usm: '20',
    mask: 'ellipse',
    fit: 'fill',
    'mark-w': '40',
    'mark-h': '40',
    'txt-line': '1',
    'object-removal-rect': '0,0,10,10',
    'object-removal-prompt': 'x',
    'video-generate-subtitles': 'true',
  };
}

/** The query that makes `name` take effect: `txt=W` for `txt-size`, `fit=crop` for `crop`. */
export function dependencyContext(name: string, images: DeliveryImages): string {
  const chosen = new Map<string, string>();
  const benign = benignValues(images);
  for (const entry of CATALOGUE.parameters[name]?.depends ?? []) {
    const [written = '', value] = entry.split('=');
    const canonical = canonicalName(written) ?? written;
    // Entries naming the same parameter are alternatives: the first is enough.
    if (chosen.has(canonical) || canonical === name) continue;
    chosen.set(canonical, value ?? benign[canonical] ?? 'true');
  }
  return [...chosen].map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&');
}

function parameterCases(name: string, options: DeliveryOptions): DeliveryCase[] {
  const context = dependencyContext(name, options.images);
  return valueCases(name, options.loopbackUrl).map((value) => {
    const pair = `${value.name}=${value.raw}`;
    return {
      method: 'GET',
      target: `${options.images.small}?${context === '' ? pair : `${context}&${pair}`}`,
      label: pair.length > 80 ? `${pair.slice(0, 77)}...` : pair,
      expect: value.refused ? REFUSAL : ANY_ANSWER,
    };
  });
}

/** Names no parameter has, repeated names and whole queries that are wrong as a whole. */
function queryCases(small: string): DeliveryCase[] {
  // Names imgix does not know are ignored, as imgix ignores them: the image renders as if they
  // were absent, however hostile the name (it is only named, percent-encoded, in a header).
  const ignored = (query: string, label: string) => ({ query, label, expect: oneOf(200) });
  const answered = (query: string, label: string) => ({ query, label, expect: ANY_ANSWER });
  const everyParameter = PARAMETER_NAMES.map((name) => `${name}=1`).join('&');
  const cases = [
    ignored('nope=1', 'unknown name'),
    ignored('W=100', 'upper-case name'),
    ignored('w%00=1', 'NUL in a name'),
    ignored('%F0%9F%98%80=1', 'emoji name'),
    ignored('w%5B%5D=1', 'array-style name w[]'),
    ignored('w%5Ba%5D=1', 'object-style name w[a]'),
    ignored('__proto__=1', 'prototype name __proto__'),
    ignored('constructor=1', 'prototype name constructor'),
    ignored('hasOwnProperty=1', 'prototype name hasOwnProperty'),
    ignored('class=1', 'deprecated name'),
    ignored('%zz=1', 'bad percent-encoding in a name'),
    ignored('a%0D%0ASet-Cookie:%20x=1', 'CR LF in a name'),
    ignored(Array.from({ length: 600 }, (_, i) => `utm_${i}=1`).join('&'), '600 unknown names'),
    answered('=1', 'empty name'),
    answered('&&&', 'empty pairs'),
    answered('w', 'name without a value'),
    answered('w=abc&w=100', 'repeated name, the last valid'),
    answered('w=100&w=abc', 'repeated name, the last invalid'),
    answered(Array.from({ length: 1300 }, (_, i) => `w=${i + 2}`).join('&'), '1,300 repeated w'),
    answered(everyParameter, 'every catalogue parameter at once'),
    oneOfCase(`txt=${'a'.repeat(8100)}`, 'overlong query (txt of 8,100 characters)', 414),
    oneOfCase(`w=100&${'x'.repeat(9000)}=1`, 'overlong query (a 9,000-character name)', 414),
    oneOfCase(`txt=${'%F0%9F%98%80'.repeat(700)}`, 'overlong query (700 encoded emoji)', 414),
  ];
  return cases.map(({ query, label, expect }) => ({
    method: 'GET',
    target: `${small}?${query}`,
    label,
    expect,
  }));
}

function oneOfCase(query: string, label: string, status: number) {
  return { query, label, expect: oneOf(status) };
}

/** Paths that try to leave the source, or are badly encoded, and methods delivery does not take. */
function pathCases(small: string): DeliveryCase[] {
  const paths = [
    '/../../etc/passwd',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/..%2f..%2fetc%2fpasswd',
    '/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/%252e%252e/%252e%252e/etc/passwd',
    '/..%5c..%5cetc%5cpasswd',
    '/....//....//etc/passwd',
    '/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd',
    '//etc/passwd',
    '/%2F%2Fetc%2Fpasswd',
    `${small}%00.jpg`,
    `${small}/..`,
    `/.${small}`,
    '/%zz.png',
    '/%.png',
    '/%ED%A0%80.png',
    '/%F0%9F%98%80.png',
    `/${'a'.repeat(9000)}.png`,
    `${small}#fragment`,
    `${small}?`,
    '*',
  ];
  const cases: DeliveryCase[] = paths.map((path) => ({
    method: 'GET',
    target: path,
    label: `path ${path.length > 60 ? `${path.slice(0, 57)}...` : path}`,
    expect: path.startsWith(small) ? ANY_ANSWER : REFUSAL,
  }));
  for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'PROPFIND', 'TRACE']) {
    cases.push({ method, target: `${small}?w=10`, label: `method ${method}`, expect: REFUSAL });
  }
  return cases;
}

/**
 * URLs that once froze or swelled the server (render budgets, text bounds), and their
 * like: each must be refused (413), clamped, or rendered within the budgets, never a 5xx.
 */
export function amplificationCases(images: DeliveryImages): DeliveryCase[] {
  const mark = encodeURIComponent(images.overlay);
  const lines = Array.from({ length: 1500 }, () => 'line').join('%0A');
  const queries = [
    'txt=W&txt-line=400',
    'txt=W&txt-line=8000',
    `mark=${mark}&mark-scale=8000`,
    'pad=8000',
    'pad-left=8000&pad-top=8000',
    'border=8000,ff0000',
    'border-stroke-size=8000',
    'rot=45&w=8192',
    'w=8192&h=8192&fit=fill&fill=blur',
    'fm=avif&w=8192&q=100',
    'pad=99999999',
    'pad-left=2147483647',
    `txt=${'W'.repeat(7000)}`,
    `txt=${'W'.repeat(3000)}&txt-size=400&txt-width=8192`,
    `txt=${lines}`,
    'txt=W&txt-size=8000',
    'txt=W&txt-shad=10&txt-size=2000',
    'blur=2000&w=8192',
    'dpr=5&w=8192&h=8192&fit=crop',
    `mark=${mark}&mark-w=8192&mark-h=8192`,
    `blend=${mark}&blend-w=8192&blend-h=8192`,
    'w=8192&h=8192&fit=fill&fill=gradient&fill-gradient-type=radial',
    'rot=45&pad=4000&border=2000,000000',
    'fm=png&w=8192&h=8192&fit=scale',
    'fm=gif&w=8192&h=8192&fit=scale',
    // Sides past 8192 are sized down (imgix's documented limit), held before any arithmetic.
    'w=99999999999&h=99999999999&fit=fill&dpr=5',
    `w=${'9'.repeat(400)}&h=2&fit=crop`,
    'h=2147483648&w=2&fit=scale',
  ];
  return queries.map((query) => ({
    method: 'GET',
    target: `${images.large}?${query}`,
    label: `amplification ${query.length > 70 ? `${query.slice(0, 67)}...` : query}`,
    expect: ANY_ANSWER,
  }));
}

/**
 * Generated malformed and extreme delivery URLs, deterministic for a seed: per catalogue parameter
 * its value cases, then the query and path cases; `count` takes them round robin so that even a
 * small sample reaches every parameter.
 */
export function deliveryCases(options: DeliveryOptions): DeliveryCase[] {
  const groups = [
    ...PARAMETER_NAMES.map((name) => parameterCases(name, options)),
    queryCases(options.images.small),
    pathCases(options.images.small),
  ];
  const total = groups.reduce((sum, group) => sum + group.length, 0);
  return roundRobinSample(groups, options.count ?? total, new SeededRandom(options.seed));
}

/** The raw request of a case, sent to a source's delivery host. */
export function rawDeliveryRequest(deliveryCase: DeliveryCase, host: string): RawRequest {
  return { method: deliveryCase.method, target: deliveryCase.target, headers: { host } };
}
