import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@darkroom/core';
import type { SortKey } from '../store/list.ts';
import { apiError } from '../errors.ts';

export interface ListQuery<TColumn extends string, TFilter extends string> {
  page: number;
  pageSize: number;
  sort: SortKey<TColumn>[];
  filter: Partial<Record<TFilter, string>>;
  include: Set<string>;
}

export interface ListQueryRules<TColumn extends string, TFilter extends string> {
  /** API sort field -> database column. */
  sortFields: Record<string, TColumn>;
  defaultSort: string;
  filters: readonly TFilter[];
  includes: readonly string[];
}

type Query = Record<string, unknown>;

function single(query: Query, parameter: string): string | undefined {
  const value = query[parameter];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw apiError('invalid_parameter', `Give ${parameter} once.`, { parameter });
  }
  return value;
}

function positiveInteger(query: Query, parameter: string, fallback: number, max: number): number {
  const raw = single(query, parameter);
  if (raw === undefined) return fallback;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < 1 || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? 'a whole number from 1' : `1 to ${max}`;
    throw apiError('invalid_parameter', `${parameter} must be ${range}.`, { parameter });
  }
  return value;
}

/**
 * Reads the JSON:API list parameters: page[number] (1-based), page[size] (1..300),
 * sort (comma-separated, `-` for descending), filter[...] and include. Unknown sort
 * fields, filters and includes are 400 invalid_parameter rather than silently ignored.
 */
export function parseListQuery<TColumn extends string, TFilter extends string>(
  query: Query,
  rules: ListQueryRules<TColumn, TFilter>,
): ListQuery<TColumn, TFilter> {
  const page = positiveInteger(query, 'page[number]', 1, Number.MAX_SAFE_INTEGER);
  const pageSize = positiveInteger(query, 'page[size]', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);

  const sort = (single(query, 'sort') || rules.defaultSort).split(',').map((field) => {
    const descending = field.startsWith('-');
    const name = descending ? field.slice(1) : field;
    // Own fields only: `sort=constructor` must not find Object.prototype's.
    const column = Object.hasOwn(rules.sortFields, name) ? rules.sortFields[name] : undefined;
    if (column === undefined) {
      const allowed = Object.keys(rules.sortFields).join(', ');
      throw apiError('invalid_parameter', `Sort by one of: ${allowed}.`, { parameter: 'sort' });
    }
    return { column, descending };
  });

  const filter: Partial<Record<TFilter, string>> = {};
  for (const parameter of Object.keys(query)) {
    const name = knownFilter(parameter, rules.filters);
    if (name === null) continue;
    const value = single(query, parameter);
    if (value !== undefined) filter[name] = value;
  }

  return { page, pageSize, sort, filter, include: parseInclude(query, rules.includes) };
}

/**
 * The name in a `filter[name]` parameter, or null for a parameter that is no filter. A filter
 * the route does not know is 400 invalid_parameter, so a typo is not silently ignored.
 */
export function knownFilter<TFilter extends string>(
  parameter: string,
  known: readonly TFilter[],
): TFilter | null {
  const match = /^filter\[(.+)\]$/.exec(parameter);
  if (!match) return null;
  const name = match[1] as TFilter;
  if (!known.includes(name)) {
    throw apiError('invalid_parameter', `Unknown filter ${parameter}.`, { parameter });
  }
  return name;
}

/** A true/false filter (`filter[enabled]=true`); undefined when it is not given. */
export function booleanFilter(value: string | undefined, parameter: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw apiError('invalid_parameter', `${parameter} must be true or false.`, { parameter });
}

/** The `include` parameter: related resources to add to `included`. */
export function parseInclude(query: Query, allowed: readonly string[]): Set<string> {
  const include = new Set<string>();
  for (const name of (single(query, 'include') ?? '').split(',').filter(Boolean)) {
    if (!allowed.includes(name)) {
      throw apiError('invalid_parameter', `Cannot include ${name}.`, { parameter: 'include' });
    }
    include.add(name);
  }
  return include;
}

/**
 * For a list that has no sort order to choose and nothing to include (video generations,
 * analytics, the invoice passthrough): `sort`, `include` and any filter other than `filters` are
 * 400 invalid_parameter, as parseListQuery answers them, rather than silently ignored.
 */
export function refuseListParameters(query: Query, filters: readonly string[]): void {
  if (single(query, 'sort') !== undefined) {
    throw apiError('invalid_parameter', 'This list has one order and takes no sort.', {
      parameter: 'sort',
    });
  }
  parseInclude(query, []);
  for (const parameter of Object.keys(query)) knownFilter(parameter, filters);
}
