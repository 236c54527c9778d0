// The query parameters of lists (JSON:API 1.0 "Fetching Data": page, sort, filter, include),
// documented from the very rules object a handler gives parseListQuery, so the sort fields,
// filters and includes the reference names are the ones the route takes.
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@darkroom/core';
import { z } from 'zod';
import type { ListQueryRules } from '../list-query.ts';
import type { QueryParameterDoc } from './operation-doc.ts';

type Rules = ListQueryRules<string, string>;

const list = (names: readonly string[]) => names.map((name) => `\`${name}\``).join(', ');

/** page[number] and page[size]. */
export function pageParameters(maxSize = MAX_PAGE_SIZE): QueryParameterDoc[] {
  return [
    {
      name: 'page[number]',
      description: 'The page to answer, from 1.',
      schema: z.int().min(1).default(1),
    },
    {
      name: 'page[size]',
      description: `How many items a page holds, 1 to ${maxSize}.`,
      schema: z.int().min(1).max(maxSize).default(Math.min(DEFAULT_PAGE_SIZE, maxSize)),
    },
  ];
}

/** `include`, when the route can include related resources. */
export function includeParameter(allowed: readonly string[]): QueryParameterDoc[] {
  if (allowed.length === 0) return [];
  return [
    {
      name: 'include',
      description: `Related resources to add to \`included\`, comma-separated: ${list(allowed)}.`,
      schema: z.string(),
    },
  ];
}

/** `filter[name]` for each name, described by `descriptions` where it says more. */
export function filterParameters(
  filters: readonly string[],
  descriptions: Readonly<Record<string, string>> = {},
): QueryParameterDoc[] {
  return filters.map((name) => ({
    name: `filter[${name}]`,
    description: descriptions[name] ?? `Only the items whose \`${name}\` is this value.`,
    schema: z.string(),
  }));
}

/** Every parameter parseListQuery reads with `rules`. */
export function listParameters(
  rules: Rules,
  filterDescriptions: Readonly<Record<string, string>> = {},
): QueryParameterDoc[] {
  return [
    ...pageParameters(),
    {
      name: 'sort',
      description: `Comma-separated fields to sort by, each prefixed with \`-\` for descending: ${list(Object.keys(rules.sortFields))}.`,
      schema: z.string().default(rules.defaultSort),
    },
    ...filterParameters(rules.filters, filterDescriptions),
    ...includeParameter(rules.includes),
  ];
}
