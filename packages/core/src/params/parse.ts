// parseParams: a query string (plus the source's default_params) to validated `Params`, or every
// problem found, in the wording of editor spec section 5.
import { CATALOGUE, canonicalName, expectationsOf } from './catalogue.ts';
import { decodeBase64Standard, decodeBase64Url } from './base64.ts';
import { gradientStopsIssues } from './gradient-overlay-catalogue.ts';
import {
  INDEXED_PARAMETERS,
  indexOfName,
  indexedName,
  readIndex,
  splitIndex,
} from './indexed-names.ts';
import { type ParsedEntry, ParsedParams } from './parsed-params.ts';
import type { ParamIssue, ParamValue, ParseResult } from './types.ts';
import { valueAlias } from './value-aliases.ts';
import { parseValue, type ValueResult } from './values.ts';

export interface ParseParamsOptions {
  /** The source's default_params: parsed the same way, beneath the request's. */
  defaults?: Readonly<Record<string, string>>;
  /**
   * What a name outside the catalogue (or a deprecated one) does. `refuse`, the default, is the
   * message of editor spec section 5, as the source form and API validate default_params.
   * `ignore` is delivery's: imgix renders a URL as if the names it does not know were absent
   * (cache busters such as `v`, analytics tags such as `utm_source`, `ixid`), and the result
   * lists the ignored names. Values of known names are checked the same way in both modes.
   */
  unknownNames?: 'refuse' | 'ignore';
}

/** Accepted and ignored: `ixlib` names the client library, `s` is the signature the server checks. */
const IGNORED = new Set(['ixlib', 's']);

/** Deprecated parameters the catalogue no longer lists (editor spec section 3). */
const DEPRECATED = new Set(['class', 'skin', 'txt-lig']);

/**
 * Lists of boxes written `l,t,w,h;l,t,w,h` (editor spec section 3, 'Object tool state': several
 * boxes are joined with semicolons). The catalogue types one box; each is checked against it and
 * the value is a list of those lists.
 */
const BOX_LISTS = new Set(['object-removal-rect']);
/** More boxes than anyone draws, so a URL cannot make one render fill thousands of regions. */
const MAX_BOXES = 16;

// Lists combined across default_params and the request instead of replaced: the source's default
// `auto=format` still applies to a request that asks for `auto=compress`.
const COMBINED_LISTS = new Set(['auto']);

// docs.imgix.com/apis/video/subtitles/video-subtitle-src: "use video-subtitle-src64[N] to supply
// the URL as a Base64-encoded string instead. The value must be a standard Base64-encoded URL."
const STANDARD_BASE64 = new Set(['video-subtitle-src']);

/** The messages of editor spec section 5. */
export const PARAM_MESSAGES = {
  unknown: (name: string) => `"${name}" is not a valid parameter.`,
  deprecated: (name: string) => `The "${name}" parameter is deprecated.`,
  invalidValue: (name: string, expected: string) => `The value for "${name}" must be ${expected}.`,
  base64Characters: (name: string) =>
    `The value for "${name}" must be Base64 (base64url: letters, digits, - and _).`,
  base64Length: (name: string, length: number) =>
    `The value for "${name}" must be Base64 of a valid length; ${length} characters cannot be base64url.`,
  base64Utf8: (name: string) => `The value for "${name}" must be Base64 of UTF-8 text.`,
} as const;

// A URLSearchParams is such an iterable; core has no DOM typings to name it.
type QueryInput = Iterable<readonly [string, string]>;

interface GivenValue {
  /** The name as written (alias or `*64` form), for messages. */
  written: string;
  text: string;
  base64: boolean;
  /** What the value must be, when a `name=value` alias's name came with another value. */
  expected?: string;
}

/** A name resolved: its canonical parameter (and the value a `name=value` alias sets). */
interface ResolvedName {
  canonical: string;
  base64: boolean;
  /** The value the parameter takes instead of the one written (`video-generate=vtt`). */
  text?: string;
  expected?: string;
}

/**
 * A name refused: unknown or deprecated names are ignorable (delivery ignores them, as imgix
 * does); an indexed name of a known parameter with a bad index is always a 400.
 */
interface RefusedName {
  refused: string;
  ignorable: boolean;
}

/** Parses rendering parameters; every issue is collected, not just the first. */
export function parseParams(query: QueryInput, options: ParseParamsOptions = {}): ParseResult {
  const issues: ParamIssue[] = [];
  const unknown = options.unknownNames ?? 'refuse';
  // Only the request's ignored names are reported: they are what its URL says.
  const ignored = new Set<string>();
  const defaults = parseLayer(Object.entries(options.defaults ?? {}), issues, unknown, new Set());
  const request = parseLayer(query, issues, unknown, ignored);
  if (issues.length > 0) return { ok: false, issues: uniqueIssues(issues) };
  const params = new ParsedParams(mergeLayers(defaults, request));
  // Values that are each valid but do not go together (gradient-stops, one per gradient colour).
  const related = gradientStopsIssues(params).map(({ name, expected }) => ({
    parameter: name,
    message: PARAM_MESSAGES.invalidValue(name, expected),
  }));
  if (related.length > 0) return { ok: false, issues: related };
  return { ok: true, params, ignored: [...ignored] };
}

function parseLayer(
  entries: Iterable<readonly [string, string]>,
  issues: ParamIssue[],
  unknown: 'refuse' | 'ignore',
  ignored: Set<string>,
): Map<string, ParsedEntry> {
  // Duplicates: the last one wins, as imgix takes the last. Only the winner is validated, so an
  // overridden bad value is not an error (`w=abc&w=100` renders at 100).
  const given = new Map<string, GivenValue>();
  for (const [written, text] of entries) {
    if (IGNORED.has(written)) continue;
    const resolved = resolveName(written, text);
    if ('refused' in resolved) {
      if (unknown === 'ignore' && resolved.ignorable) ignored.add(written);
      else issues.push({ parameter: written, message: resolved.refused });
      continue;
    }
    given.delete(resolved.canonical);
    given.set(resolved.canonical, {
      written,
      text: resolved.text ?? text,
      base64: resolved.base64,
      ...(resolved.expected === undefined ? {} : { expected: resolved.expected }),
    });
  }

  const parsed = new Map<string, ParsedEntry>();
  for (const [canonical, { written, text, base64, expected }] of given) {
    if (expected !== undefined) {
      issues.push({ parameter: written, message: PARAM_MESSAGES.invalidValue(written, expected) });
      continue;
    }
    // An indexed name (`video-subtitle-src[2]`) takes the values its bare name takes.
    const { name: plain } = indexOfName(canonical);
    const decoded = base64
      ? decodeBase64(written, text, STANDARD_BASE64.has(plain))
      : { ok: true as const, text };
    if (!decoded.ok) {
      issues.push({ parameter: written, message: decoded.message });
      continue;
    }
    const expects = expectationsOf(plain);
    const result = BOX_LISTS.has(canonical)
      ? parseBoxList(decoded.text, expects)
      : parseValue(decoded.text, expects);
    if (result.ok) parsed.set(canonical, { raw: decoded.text, value: result.value });
    else
      issues.push({
        parameter: written,
        message: PARAM_MESSAGES.invalidValue(written, result.expected),
      });
  }
  return parsed;
}

function parseBoxList(text: string, expects: Parameters<typeof parseValue>[1]): ValueResult {
  const boxes = text.split(';');
  const values: ParamValue[] = [];
  for (const box of boxes) {
    const result = parseValue(box.trim(), expects);
    if (!result.ok) {
      return {
        ok: false,
        expected: `${result.expected}, or up to ${MAX_BOXES} such lists joined by ";"`,
      };
    }
    values.push(result.value);
  }
  if (values.length > MAX_BOXES) {
    return { ok: false, expected: `at most ${MAX_BOXES} boxes joined by ";"` };
  }
  return { ok: true, value: { type: 'list', value: values } };
}

/**
 * The canonical name of `written` (with `text`, its value: a `name=value` alias is the pair),
 * whether the value is Base64, or why the name is refused.
 */
function resolveName(written: string, text: string): ResolvedName | RefusedName {
  const alias = valueAlias(written, text);
  if (alias !== null) {
    return 'expected' in alias
      ? { canonical: alias.canonical, base64: false, expected: alias.expected.join(' or ') }
      : { canonical: alias.canonical, base64: false, text: alias.text };
  }
  const indexed = splitIndex(written);
  if (indexed === null) return resolvePlainName(written);
  const resolved = resolvePlainName(indexed.name);
  if ('refused' in resolved || INDEXED_PARAMETERS[resolved.canonical] === undefined) {
    return { refused: PARAM_MESSAGES.unknown(written), ignorable: true };
  }
  const index = readIndex(written, indexed.index);
  if (typeof index === 'string') return { refused: index, ignorable: false };
  return { canonical: indexedName(resolved.canonical, index), base64: resolved.base64 };
}

/** The canonical name of a name without an index, and whether its value is Base64. */
function resolvePlainName(written: string): ResolvedName | RefusedName {
  const canonical = canonicalName(written);
  if (canonical !== undefined) return { canonical, base64: false };
  if (DEPRECATED.has(written)) {
    return { refused: PARAM_MESSAGES.deprecated(written), ignorable: true };
  }
  if (written.endsWith('64')) {
    const plain = canonicalName(written.slice(0, -2));
    // `auto64`, `ch64`: the catalogue marks these `disallow_base64`, so the name does not exist.
    if (plain !== undefined && CATALOGUE.parameters[plain]?.disallow_base64 !== true) {
      return { canonical: plain, base64: true };
    }
  }
  return { refused: PARAM_MESSAGES.unknown(written), ignorable: true };
}

function decodeBase64(
  written: string,
  text: string,
  standardAlphabet: boolean,
): { ok: true; text: string } | { ok: false; message: string } {
  const decoded = standardAlphabet ? decodeBase64Standard(text) : decodeBase64Url(text);
  if (decoded.ok) return decoded;
  switch (decoded.problem) {
    case 'characters':
      return { ok: false, message: PARAM_MESSAGES.base64Characters(written) };
    case 'length':
      return { ok: false, message: PARAM_MESSAGES.base64Length(written, text.length) };
    case 'utf8':
      return { ok: false, message: PARAM_MESSAGES.base64Utf8(written) };
  }
}

/** The request wins per parameter, except the `auto` lists, which are combined. */
function mergeLayers(
  defaults: ReadonlyMap<string, ParsedEntry>,
  request: ReadonlyMap<string, ParsedEntry>,
): Map<string, ParsedEntry> {
  const merged = new Map(defaults);
  for (const [name, entry] of request) {
    const beneath = defaults.get(name);
    merged.set(name, beneath && COMBINED_LISTS.has(name) ? combineLists(beneath, entry) : entry);
  }
  return merged;
}

function combineLists(beneath: ParsedEntry, above: ParsedEntry): ParsedEntry {
  const members = new Map<string, ParamValue>();
  for (const entry of [beneath, above]) {
    const values = entry.value.type === 'list' ? entry.value.value : [entry.value];
    for (const member of values) members.set(JSON.stringify(member), member);
  }
  const value: ParamValue = { type: 'list', value: [...members.values()] };
  const raw = [...members.values()].map((member) => String(member.value)).join(',');
  return { raw, value };
}

function uniqueIssues(issues: readonly ParamIssue[]): ParamIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.parameter}\n${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
