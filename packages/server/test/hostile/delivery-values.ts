// Hostile values for one rendering parameter, from its catalogue entry (`expectationsOf`): the
// edges of its declared ranges, huge and special numbers, wrong types, unicode and control
// characters, bad percent-encoding, and its `*64` form with bad base64. Values are written as
// they go on the wire (already percent-encoded, or deliberately badly encoded).
import { CATALOGUE, expectationsOf, type Expectation } from '@darkroom/core';

interface NumericRange {
  readonly min?: number;
  readonly max?: number;
}

export interface ValueCase {
  /** The parameter name as written (`w`, `txt64`). */
  name: string;
  /** The value as it goes on the wire. */
  raw: string;
  /** True when no reading of the parameter accepts the value, so delivery must answer 4xx. */
  refused: boolean;
}

/** Types whose every value has a fixed syntax: a word like `x_y` is none of them. */
const STRICT_TYPES = new Set([
  'integer',
  'number',
  'unit_scalar',
  'boolean',
  'timestamp',
  'hex_color',
  'color_keyword',
  'ratio',
  'interval',
]);

/** True when every accepted form has a fixed syntax (no free text, list, URL, path or font). */
export function strictlyTyped(name: string): boolean {
  return expectationsOf(name).every(
    (expectation) =>
      STRICT_TYPES.has(expectation.type) ||
      (expectation.type === 'string' && (expectation.possible_values?.length ?? 0) > 0),
  );
}

function rangeOf(expectation: Expectation): NumericRange {
  const loose = expectation as { min?: number; max?: number };
  return expectation.strict_range ?? expectation.suggested_range ?? loose;
}

const NUMERIC = new Set(['integer', 'number', 'unit_scalar']);

/** The ends of each numeric form's range, just inside and just outside. */
function rangeEdges(name: string): string[] {
  const edges: number[] = [];
  for (const expectation of expectationsOf(name)) {
    if (!NUMERIC.has(expectation.type)) continue;
    const { min, max } = rangeOf(expectation);
    const step = expectation.type === 'integer' ? 1 : 0.001;
    if (min !== undefined) edges.push(min, min - step);
    if (max !== undefined) edges.push(max, max + step);
    if (expectation.type !== 'integer' && min !== undefined && max !== undefined) {
      edges.push((min + max) / 2);
    }
  }
  return edges.map((edge) => String(Number(edge.toFixed(6))));
}

/** Numbers every numeric reading must refuse or clamp, never allocate by. */
const EXTREME_NUMBERS = [
  '0',
  '-0',
  '-1',
  '8000',
  '8193',
  '99999999',
  '2147483647',
  '2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740993',
  '1e308',
  '-1e308',
  '1e309',
  '0.1e-400',
  '1e3',
  '0x10',
  '1_000',
  '.5',
  '5.',
  '%2B5',
  '%205',
  '5%20',
  '%EF%BC%91%EF%BC%92',
];

/** Words no strictly typed parameter accepts. */
const JUNK_WORDS = ['x_y', 'NaN', 'Infinity', '-Infinity', '__proto__', 'constructor', 'toString'];

/** Characters and encodings that have broken servers before, for any parameter. */
const HOSTILE_TEXT = [
  '',
  '%00',
  'a%00b',
  '%01%1F%7F',
  '%0D%0ASet-Cookie:%20x=1',
  '%F0%9F%98%80',
  '%E2%80%AE%E2%80%8B',
  'e%CC%81'.repeat(200),
  '%ED%A0%80',
  '%C0%AF',
  '%FF%FE',
  '%zz',
  '%',
  '%E9',
  '%25',
  '%5B%5D',
  '%7B%7D',
  '..%2F..%2Fetc%2Fpasswd',
  '%3Csvg%20onload%3Dalert(1)%3E',
  ',,,,',
  '1,2,3,4,5,6,7,8,9,10',
  'a'.repeat(4000),
  '9'.repeat(400),
];

/** Colours and keywords at the edges of their syntax. */
const COLOUR_EDGES = ['fff', 'ffff', 'ffffff', 'ffffffff', 'fffffffff', 'ggg', '%23fff', 'RED'];

/** Sizes and ratios at the edges of their syntax. */
const RATIO_EDGES = ['16:9', '0:0', '1:0', '1e308:1', '-1:1', '16:9:4', ':', '99999999:1'];

const INTERVAL_EDGES = ['1-5', '5-1', '-1', '1-', '1-99999999', '0-0', '-'];

const BOOLEAN_EDGES = ['true', 'false', '1', '0', 'TRUE', 'yes', '2'];

const LIST_EDGES = [
  Array.from({ length: 1000 }, () => '1').join(','),
  'top,top,top,top,top,top,top,top',
  'a,b',
];

/** Loopback-only URLs (never a host off this machine) and local paths. */
function addressEdges(loopbackUrl: string): string[] {
  return [
    encodeURIComponent('http://127.0.0.1:1/nothing-listens.png'),
    encodeURIComponent(`${loopbackUrl}/does-not-exist.png`),
    encodeURIComponent('file:///etc/passwd'),
    encodeURIComponent('javascript:alert(1)'),
    encodeURIComponent('gopher://127.0.0.1:1/_x'),
    encodeURIComponent('http://2130706433:1/decimal-loopback.png'),
    encodeURIComponent('http://[::1]:1/x.png'),
    '%2F..%2F..%2Fetc%2Fpasswd',
    '%2F%252e%252e%2Fsecret.png',
    encodeURIComponent(`/${'a'.repeat(2000)}.png`),
  ];
}

function edgesByType(name: string, loopbackUrl: string): string[] {
  const types = new Set(expectationsOf(name).map((expectation) => expectation.type));
  const values: string[] = [...rangeEdges(name)];
  if (types.has('hex_color') || types.has('color_keyword')) values.push(...COLOUR_EDGES);
  if (types.has('ratio')) values.push(...RATIO_EDGES);
  if (types.has('interval')) values.push(...INTERVAL_EDGES);
  if (types.has('boolean')) values.push(...BOOLEAN_EDGES);
  if (types.has('list')) values.push(...LIST_EDGES);
  if (types.has('url') || types.has('path')) values.push(...addressEdges(loopbackUrl));
  if (types.has('timestamp')) values.push('1', '4102444800', '99999999999999999999');
  for (const expectation of expectationsOf(name)) {
    for (const possible of expectation.possible_values ?? []) values.push(String(possible));
  }
  return values;
}

function base64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

/** The `*64` form's cases; none for parameters the catalogue marks `disallow_base64`. */
function base64Cases(name: string): ValueCase[] {
  if (CATALOGUE.parameters[name]?.disallow_base64 === true) return [];
  const written = `${name}64`;
  return [
    { name: written, raw: base64Url('W'.repeat(3000)), refused: false },
    { name: written, raw: base64Url('\u0000\u202e'), refused: false },
    { name: written, raw: 'YQ==', refused: false },
    { name: written, raw: '!!!!', refused: true },
    { name: written, raw: 'A', refused: true },
    { name: written, raw: '_w', refused: true },
    { name: written, raw: 'Y%20Q', refused: true },
    { name: written, raw: '%00', refused: true },
  ];
}

/** Every hostile value case of one canonical parameter name. */
export function valueCases(name: string, loopbackUrl: string): ValueCase[] {
  const strict = strictlyTyped(name);
  const seen = new Set<string>();
  const cases: ValueCase[] = [];
  const add = (raw: string, refused: boolean) => {
    if (seen.has(raw)) return;
    seen.add(raw);
    cases.push({ name, raw, refused });
  };
  for (const raw of edgesByType(name, loopbackUrl)) add(raw, false);
  for (const raw of EXTREME_NUMBERS) add(raw, false);
  for (const raw of JUNK_WORDS) add(raw, strict);
  // Control characters and unsupported bytes are text no strictly typed value can be.
  for (const raw of HOSTILE_TEXT) add(raw, strict && raw !== '' && raw !== '9'.repeat(400));
  return [...cases, ...base64Cases(name)];
}
