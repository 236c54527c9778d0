// One canonical spelling per value, so requests that render the same share one cache entry.
import { CATALOGUE, expectationsOf } from './catalogue.ts';
import { formatHexColor } from './colors.ts';
import type { ParamValue } from './types.ts';

// Lists whose member order carries meaning (a gradient runs from its first side to its second).
const ORDERED_LISTS = new Set(['fill-gradient-linear-direction']);

// `crop` is a fallback chain: "imgix applies each value in order and stops at the first successful
// match" (docs.imgix.com/apis/rendering/size/crop), so its detection and placement modes keep the
// order written. The directions are not links of that chain: they combine with each other
// (crop=top,left) into the crop used when no other mode matches, wherever they are written, so
// they are sorted after the other modes.
const CROP_DIRECTIONS = new Set(['top', 'bottom', 'left', 'right']);

/**
 * True for lists that are sets of options (`auto=format,compress` equals `auto=compress,format`):
 * lists of enumerated words, as opposed to positional lists such as `rect`.
 */
function isSetLikeList(name: string): boolean {
  if (ORDERED_LISTS.has(name)) return false;
  const expects = CATALOGUE.parameters[name]?.expects ?? [];
  return expects.some((expectation) => expectation.type === 'list' && expectation.possible_values);
}

/**
 * What separates the members of `name`'s lists: a comma, or the mark the parameter is written
 * with instead (a pipe between `video-wave-color`'s channels, whose order is kept: a colour
 * belongs to its channel).
 */
function listSeparator(name: string): string {
  return expectationsOf(name).find((expectation) => expectation.type === 'list')?.separator ?? ',';
}

/** A list's members in their canonical order: as written, sorted as a set, or as a crop chain. */
function canonicalOrder(name: string, members: readonly string[]): string[] {
  const unique = [...new Set(members)];
  if (name === 'crop') {
    const directions = unique.filter((member) => CROP_DIRECTIONS.has(member)).sort();
    return [...unique.filter((member) => !CROP_DIRECTIONS.has(member)), ...directions];
  }
  return isSetLikeList(name) ? unique.sort() : [...members];
}

/** The canonical text of a value: numbers without trailing zeros, colours as AARRGGBB, ... */
export function normaliseValue(name: string, value: ParamValue): string {
  if (value.type === 'list') {
    const members = value.value.map((member) => normaliseValue(name, member));
    return canonicalOrder(name, members).join(listSeparator(name));
  }
  switch (value.type) {
    case 'integer':
    case 'number':
    case 'unit_scalar':
    case 'timestamp':
      return String(value.value);
    case 'boolean':
      return value.value ? 'true' : 'false';
    case 'color':
      return formatHexColor(value.value);
    case 'ratio':
      return `${value.value.width}:${value.value.height}`;
    case 'interval':
      return `${value.value.start ?? ''}-${value.value.end ?? ''}`;
    case 'string':
    case 'url':
    case 'path':
    case 'font':
      return value.value;
  }
}
