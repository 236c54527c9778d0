// One canonical spelling per value, so requests that render the same share one cache entry.
import { CATALOGUE } from './catalogue.ts';
import { formatHexColor } from './colors.ts';
import type { ParamValue } from './types.ts';

// Lists whose member order carries meaning (a gradient runs from its first side to its second).
const ORDERED_LISTS = new Set(['fill-gradient-linear-direction']);

/**
 * True for lists that are sets of options (`auto=format,compress` equals `auto=compress,format`):
 * lists of enumerated words, as opposed to positional lists such as `rect`.
 */
function isSetLikeList(name: string): boolean {
  if (ORDERED_LISTS.has(name)) return false;
  const expects = CATALOGUE.parameters[name]?.expects ?? [];
  return expects.some((expectation) => expectation.type === 'list' && expectation.possible_values);
}

/** The canonical text of a value: numbers without trailing zeros, colours as AARRGGBB, ... */
export function normaliseValue(name: string, value: ParamValue): string {
  if (value.type === 'list') {
    const members = value.value.map((member) => normaliseValue(name, member));
    return (isSetLikeList(name) ? [...new Set(members)].sort() : members).join(',');
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
