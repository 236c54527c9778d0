// Parses one parameter value against the catalogue's `expects` entries (editor spec section 5):
// each entry is tried in order and the first that accepts the text decides the value's type.
import { parseUrl } from '../sources/whatwg-url.ts';
import {
  type Expectation,
  type ListSeparator,
  type NumericRange,
  CATALOGUE,
  listPositions,
} from './catalogue.ts';
import { parseColorKeyword, parseHexColor } from './colors.ts';
import { languageCode } from './language-codes.ts';
import type { ParamValue } from './types.ts';

export type ValueResult = { ok: true; value: ParamValue } | { ok: false; expected: string };

const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;
// Spec section 5: "Percent (10%) or pixel (100px) values are integers followed by % or px."
const PERCENT = /^(\d+)%$/;
const PIXELS = /^(\d+)px$/;
const WHOLE = /^-?\d+(?:\.0*)?$/;
const INTERVAL = /^(\d*)-(\d*)$/;
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const CONTROL_CHARACTER = /\p{Cc}/u;
const GENERIC_FONTS = ['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy'];
// imgix txt-font: a family, then optional style words ("sans-serif,bold,italic").
const FONT_STYLES = ['bold', 'italic'];
const fontByLowerCase = new Map(
  [...CATALOGUE.fontValues, ...GENERIC_FONTS].map((font) => [font.toLowerCase(), font]),
);

/** Parses `text` with the first of `expects` that accepts it, else says what was expected. */
export function parseValue(text: string, expects: readonly Expectation[]): ValueResult {
  for (const expectation of expects) {
    const value = parseAs(text, expectation);
    if (value !== undefined) return { ok: true, value };
  }
  const listed = expects.filter((expectation) => expectation.unlisted !== true);
  const only = listed.length === 1 ? listed[0] : undefined;
  if (only?.type === 'list') return { ok: false, expected: describeListFailure(text, only) };
  return { ok: false, expected: describeAlternatives(listed) };
}

/** "an integer between 2 and 8192, or a number between 0 and 1" */
function describeAlternatives(expects: readonly Expectation[]): string {
  const phrases = expects.map(describe);
  if (phrases.length <= 1) return phrases[0] ?? 'empty';
  return `${phrases.slice(0, -1).join(', ')}, or ${phrases[phrases.length - 1] ?? ''}`;
}

function parseAs(text: string, expectation: Expectation): ParamValue | undefined {
  switch (expectation.type) {
    case 'integer':
      return parseInteger(text, expectation);
    case 'number': {
      const parsed = parseNumber(text);
      if (parsed === undefined) return undefined;
      const value = hold(parsed, expectation.clamp_range);
      return inRange(value, expectation.strict_range) ? { type: 'number', value } : undefined;
    }
    case 'unit_scalar': {
      const percent = PERCENT.exec(text);
      const value = percent ? Number(percent[1]) / 100 : parseNumber(text);
      const range = expectation.strict_range ?? { min: 0, max: 1 };
      return value !== undefined && inRange(value, { min: 0, max: 1 }) && inRange(value, range)
        ? { type: 'unit_scalar', value }
        : undefined;
    }
    case 'timestamp':
      return /^\d+$/.test(text) ? { type: 'timestamp', value: Number(text) } : undefined;
    case 'boolean':
      return parseBoolean(text);
    case 'string':
      return parseString(text, expectation);
    case 'hex_color': {
      const color = parseHexColor(text, expectation.alpha_last === true);
      return color ? { type: 'color', value: color } : undefined;
    }
    case 'color_keyword': {
      const color = parseColorKeyword(text);
      return color ? { type: 'color', value: color } : undefined;
    }
    case 'ratio':
      return parseRatio(text, expectation);
    case 'list':
      return parseList(text, expectation);
    case 'url':
      return isWebUrl(text) ? { type: 'url', value: text } : undefined;
    case 'path':
      return parsePath(text);
    case 'font':
      return parseFont(text);
    case 'interval':
      return parseInterval(text, expectation);
    case 'language': {
      const code = languageCode(text);
      return code === undefined ? undefined : { type: 'string', value: code };
    }
  }
}

function parseNumber(text: string): number | undefined {
  return NUMBER.test(text) ? Number(text) : undefined;
}

function parseInteger(text: string, expectation: Expectation): ParamValue | undefined {
  const pixels = PIXELS.exec(text);
  const digits = pixels?.[1] ?? text;
  const parsed = pixels ? Number(digits) : parseNumber(text);
  // `100.0` is the integer 100, so it shares a cache entry with `100`. Digits past what a double
  // holds read as Infinity: still a whole number, which a clamp range holds.
  const whole =
    parsed !== undefined &&
    (Number.isInteger(parsed) || (!Number.isFinite(parsed) && WHOLE.test(digits)));
  if (!whole) return undefined;
  const value = hold(parsed, expectation.clamp_range);
  if (!inRange(value, expectation.strict_range)) return undefined;
  const allowed = expectation.possible_values;
  if (allowed && !allowed.some((candidate) => Number(candidate) === value)) return undefined;
  return { type: 'integer', value };
}

function parseBoolean(text: string): ParamValue | undefined {
  const lower = text.toLowerCase();
  if (lower === '1' || lower === 'true') return { type: 'boolean', value: true };
  if (lower === '0' || lower === 'false') return { type: 'boolean', value: false };
  return undefined;
}

function parseString(text: string, expectation: Expectation): ParamValue | undefined {
  const allowed = expectation.possible_values;
  if (!allowed) return { type: 'string', value: text };
  const match = matchPossibleValue(text, allowed);
  return match === undefined ? undefined : { type: 'string', value: match };
}

/** Enumerated values match case-insensitively and take the catalogue's spelling. */
function matchPossibleValue(
  text: string,
  allowed: readonly (string | number)[],
): string | undefined {
  const lower = text.toLowerCase();
  const match = allowed.find((candidate) => String(candidate).toLowerCase() === lower);
  return match === undefined ? undefined : String(match);
}

function parseRatio(text: string, expectation: Expectation): ParamValue | undefined {
  const [width, height, extra] = text.split(':').map(parseNumber);
  if (width === undefined || height === undefined || extra !== undefined) return undefined;
  const positive = width > 0 && height > 0;
  const range = expectation.strict_range;
  if (!positive || !inRange(width, range) || !inRange(height, range)) return undefined;
  return { type: 'ratio', value: { width, height } };
}

function parseList(text: string, expectation: Expectation): ParamValue | undefined {
  const members = splitList(text, expectation.separator);
  const positions = listPositions(expectation);
  const length = expectation.length ?? positions?.length;
  if (length !== undefined && members.length !== length) return undefined;
  if (expectation.max_length !== undefined && members.length > expectation.max_length) {
    return undefined;
  }
  if (expectation.min_length !== undefined && members.length < expectation.min_length) {
    return undefined;
  }
  const values: ParamValue[] = [];
  for (const [index, member] of members.entries()) {
    const value = parseListMember(member, expectation, positions?.[index]);
    if (value === undefined) return undefined;
    values.push(value);
  }
  return { type: 'list', value: values };
}

function parseListMember(
  member: string,
  list: Expectation,
  position: readonly Expectation[] | undefined,
): ParamValue | undefined {
  const forms = position ?? list.members;
  if (forms) {
    const result = parseValue(member, forms);
    return result.ok ? result.value : undefined;
  }
  if (member === '') return undefined;
  return parseString(member, { type: 'string', ...pickPossibleValues(list) });
}

function pickPossibleValues(list: Expectation): Pick<Expectation, 'possible_values'> {
  return list.possible_values ? { possible_values: list.possible_values } : {};
}

/** Members of a list (comma-separated unless `separator` says), without the spaces around each. */
function splitList(text: string, separator: ListSeparator = ','): string[] {
  return text.split(separator).map((member) => member.trim());
}

const SEPARATOR_NAMES: Readonly<Record<ListSeparator, string>> = { ',': 'comma', '|': 'pipe' };

/** "comma-separated", "pipe-separated": how the list's members are written apart. */
function separated(expectation: Expectation): string {
  return `${SEPARATOR_NAMES[expectation.separator ?? ',']}-separated`;
}

function isWebUrl(text: string): boolean {
  const url = parseUrl(text);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:');
}

/** A path on the same source; stored with a leading slash so it never reads as a URL or colour. */
function parsePath(text: string): ParamValue | undefined {
  if (text === '' || URL_SCHEME.test(text) || text.startsWith('//')) return undefined;
  if (CONTROL_CHARACTER.test(text)) return undefined;
  return { type: 'path', value: text.startsWith('/') ? text : `/${text}` };
}

/** A catalogue font or CSS generic family, in the catalogue's spelling, plus bold / italic. */
function parseFont(text: string): ParamValue | undefined {
  const [family = '', ...styles] = splitList(text);
  const font = fontByLowerCase.get(family.toLowerCase());
  if (font === undefined) return undefined;
  const styleWords = styles.map((style) => style.toLowerCase());
  if (!styleWords.every((style) => FONT_STYLES.includes(style))) return undefined;
  return { type: 'font', value: [font, ...new Set(styleWords)].join(',') };
}

function parseInterval(text: string, expectation: Expectation): ParamValue | undefined {
  const match = INTERVAL.exec(text);
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const start = match[1] === '' ? undefined : Number(match[1]);
  const end = match[2] === '' ? undefined : Number(match[2]);
  const lower = expectation.lower_bound?.strict_range;
  const upper = expectation.upper_bound?.strict_range;
  if (start !== undefined && !inRange(start, lower)) return undefined;
  if (end !== undefined && !inRange(end, upper)) return undefined;
  if (start !== undefined && end !== undefined && start > end) return undefined;
  return { type: 'interval', value: { start, end } };
}

/**
 * `value` held within a clamp range (imgix documents some maximums as clamps: a larger value
 * renders as the maximum), before any arithmetic reads it; NaN is left for the range to refuse.
 */
function hold(value: number, range: NumericRange | undefined): number {
  if (range?.max !== undefined && value > range.max) return range.max;
  if (range?.min !== undefined && value < range.min) return range.min;
  return value;
}

function inRange(value: number, range: NumericRange | undefined): boolean {
  if (!Number.isFinite(value)) return false;
  if (range?.min !== undefined && value < range.min) return false;
  if (range?.max !== undefined && value > range.max) return false;
  return true;
}

function describe(expectation: Expectation): string {
  switch (expectation.type) {
    case 'integer':
      return expectation.possible_values
        ? describePossibleValues(expectation.possible_values)
        : `an integer${describeRange(expectation.strict_range)}`;
    case 'number':
      return `a number${describeRange(expectation.strict_range)}`;
    case 'unit_scalar':
      return `a number${describeRange(expectation.strict_range ?? { min: 0, max: 1 })}`;
    case 'timestamp':
      return 'a Unix timestamp in seconds';
    case 'boolean':
      return '0, 1, true or false';
    case 'string':
      return expectation.possible_values
        ? describePossibleValues(expectation.possible_values)
        : 'text';
    case 'hex_color':
      return expectation.alpha_last === true
        ? 'a hex color (RGB, RGBA, RRGGBB or RRGGBBAA)'
        : 'a hex color (RGB, ARGB, RRGGBB or AARRGGBB)';
    case 'color_keyword':
      return 'a color keyword such as red';
    case 'ratio':
      return 'a ratio of two positive numbers such as 16:9';
    case 'list':
      return describeList(expectation);
    case 'url':
      return 'an http or https URL';
    case 'path':
      return 'a path';
    case 'font':
      return `a font name (from the imgix font list, or ${joinOr(GENERIC_FONTS)}), optionally followed by ,bold or ,italic`;
    case 'interval':
      return 'a frame range such as 2-10, 5- or -8';
    case 'language':
      return 'an ISO 639-1 or ISO 639-2 language code such as en, fr or deu';
  }
}

function describeList(expectation: Expectation): string {
  const positions = listPositions(expectation);
  if (positions) {
    const phrases = positions.map(describeAlternatives);
    const count = positions.length;
    if (phrases.every((phrase) => phrase === phrases[0])) {
      return `${count} ${separated(expectation)} values, each ${phrases[0] ?? ''}`;
    }
    const described = phrases.map((phrase, index) => `${ordinal(index + 1)}: ${phrase}`);
    return `${count} ${separated(expectation)} values (${described.join('; ')})`;
  }
  const allowed = expectation.possible_values;
  const members = allowed ? ` of ${joinOr(allowed.map(String))}` : '';
  const length = expectation.length === undefined ? '' : ` with ${expectation.length} members`;
  const most = describeLengths(expectation.min_length, expectation.max_length);
  const each = expectation.members ? `, each ${describeAlternatives(expectation.members)}` : '';
  return `a ${separated(expectation)} list${members}${length}${most}${each}`;
}

/** " of at most 16 members", " of 2 to 16 members" */
function describeLengths(fewest: number | undefined, most: number | undefined): string {
  if (fewest !== undefined && most !== undefined) return ` of ${fewest} to ${most} members`;
  if (fewest !== undefined) return ` of at least ${fewest} members`;
  return most === undefined ? '' : ` of at most ${most} members`;
}

/** Names the first member of a positional list that is wrong, so the message can say which. */
function describeListFailure(text: string, expectation: Expectation): string {
  const positions = listPositions(expectation);
  const members = splitList(text, expectation.separator);
  if (!positions || members.length !== positions.length) return describeList(expectation);
  for (const [index, member] of members.entries()) {
    const position = positions[index] ?? [];
    if (!parseValue(member, position).ok) {
      return `${positions.length} ${separated(expectation)} values whose ${ordinal(index + 1)} is ${describeAlternatives(position)}`;
    }
  }
  return describeList(expectation);
}

function describePossibleValues(allowed: readonly (string | number)[]): string {
  const words = allowed.map(String);
  return words.length === 1 ? (words[0] ?? '') : `one of ${joinOr(words)}`;
}

function describeRange(range: NumericRange | undefined): string {
  if (range?.min !== undefined && range.max !== undefined) {
    return ` between ${range.min} and ${range.max}`;
  }
  if (range?.min !== undefined) return ` of at least ${range.min}`;
  if (range?.max !== undefined) return ` of at most ${range.max}`;
  return '';
}

function joinOr(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} or ${words[words.length - 1] ?? ''}`;
}

function ordinal(position: number): string {
  return ['', '1st', '2nd', '3rd'][position] ?? `${position}th`;
}
