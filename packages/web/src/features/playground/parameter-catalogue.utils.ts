import {
  CATALOGUE,
  PARAMETER_NAMES,
  canonicalName,
  expectationsOf,
  type Expectation,
} from '@darkroom/core';

// The parameters the URL playground offers: the rendering-parameter catalogue of editor spec
// section 3 (imgix's, with what imgix documents since), each with its documented range and its
// page in imgix's documentation.

export interface ParameterInfo {
  /** The canonical name (`w`). */
  name: string;
  aliases: readonly string[];
  displayName: string;
  description: string;
  /** The values it takes, in words ("an integer from 0 to 2000"). */
  range: string;
  /** Its page at docs.imgix.com. */
  docsUrl: string;
  deprecated: boolean;
}

/** The most suggestions the combobox lists at once. */
export const MAX_SUGGESTIONS = 12;

/** A range in words, after the type's words: "from 0 to 100", ", 2 or more", " up to 5". */
function span(range: { min?: number; max?: number } | undefined): string | null {
  if (range === undefined) return null;
  if (range.min !== undefined && range.max !== undefined) {
    return ` from ${range.min} to ${range.max}`;
  }
  if (range.min !== undefined) return `, ${range.min} or more`;
  if (range.max !== undefined) return ` up to ${range.max}`;
  return null;
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  integer: 'an integer',
  number: 'a number',
  unit_scalar: 'a fraction',
  boolean: '0 or 1 (true or false)',
  string: 'text',
  hex_color: 'a hex colour (RGB, ARGB, RRGGBB, AARRGGBB)',
  color_keyword: 'a colour name',
  ratio: 'a ratio as width:height',
  list: 'a comma-separated list',
  url: 'a URL',
  path: 'a path',
  font: 'a font name',
  timestamp: 'a Unix timestamp',
  interval: 'a range',
  language: 'a language code',
};

const MAX_LISTED_VALUES = 8;

/** One accepted form of a value, in words. */
function formInWords(expectation: Expectation): string {
  if (expectation.possible_values && expectation.possible_values.length > 0) {
    const values = expectation.possible_values.map(String);
    const listed = values.slice(0, MAX_LISTED_VALUES).join(', ');
    return values.length > MAX_LISTED_VALUES ? `one of ${listed}, ...` : `one of ${listed}`;
  }
  const words = TYPE_WORDS[expectation.type] ?? expectation.type;
  if (expectation.type === 'unit_scalar') {
    return `a fraction${span(expectation.strict_range) ?? ' from 0 to 1'}`;
  }
  const strict = span(expectation.strict_range);
  if (strict !== null) return `${words}${strict}`;
  const suggested = span(expectation.suggested_range);
  return suggested === null
    ? words
    : `${words} (${suggested.replace(/^ from |^, |^ /, '')} suggested)`;
}

/** The values a parameter takes, in words, as the catalogue documents them. */
export function rangeOf(canonical: string): string {
  const forms = expectationsOf(canonical).filter((expectation) => !expectation.unlisted);
  if (forms.length === 0) return 'any value';
  return forms.map(formInWords).join('; or ');
}

/** What the playground tells of a catalogue name or alias; undefined for a name it does not know. */
export function parameterInfo(name: string): ParameterInfo | undefined {
  const canonical = canonicalName(name);
  if (canonical === undefined) return undefined;
  const spec = CATALOGUE.parameters[canonical];
  if (spec === undefined) return undefined;
  return {
    name: canonical,
    aliases: spec.aliases ?? [],
    displayName: spec.display_name,
    description: spec.short_description,
    range: rangeOf(canonical),
    docsUrl: spec.url,
    deprecated: spec.category === 'deprecated' || /deprecated/i.test(spec.short_description),
  };
}

/**
 * The parameters a typed text may mean: names and aliases starting with it first, then those
 * whose name or display name contains it; deprecated ones last.
 */
export function parameterSuggestions(typed: string, limit = MAX_SUGGESTIONS): ParameterInfo[] {
  const text = typed.trim().toLowerCase();
  const all = PARAMETER_NAMES.map((name) => parameterInfo(name)).filter(
    (info): info is ParameterInfo => info !== undefined,
  );
  const rank = (info: ParameterInfo): number => {
    const names = [info.name, ...info.aliases];
    let score: number;
    if (text === '') score = 2;
    else if (names.some((name) => name === text)) score = 0;
    else if (names.some((name) => name.startsWith(text))) score = 1;
    else if (names.some((name) => name.includes(text))) score = 2;
    else if (info.displayName.toLowerCase().includes(text)) score = 3;
    else return Number.POSITIVE_INFINITY;
    return score + (info.deprecated ? 10 : 0);
  };
  return (
    all
      .map((info) => ({ info, score: rank(info) }))
      .filter(({ score }) => Number.isFinite(score))
      // Among equals the shorter name first: `bl` means `blur` before `blend-fade-bottom`.
      .sort(
        (a, b) =>
          a.score - b.score ||
          a.info.name.length - b.info.name.length ||
          a.info.name.localeCompare(b.info.name),
      )
      .slice(0, limit)
      .map(({ info }) => info)
  );
}
