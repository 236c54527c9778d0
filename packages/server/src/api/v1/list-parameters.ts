// The list parameters of imgix's Management API (docs.imgix.com/apis/management/overview, and
// imgix-management-js's README): `page[number]` counted from 0, `page[size]`, `sort` (comma
// separated, `-` for descending), `filter[name]` and `fields[type]`. Each list's parameters are a
// zod schema built here, so the same schema parses a request and documents the route; a mistake
// is 400 invalid_parameter naming the parameter, and an unknown parameter is refused rather than
// silently ignored.
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  paginationMeta,
  type PaginationMeta,
} from '@darkroom/core';
import { z } from 'zod';
import { apiError } from '../../errors.ts';
import type { QueryParameterDoc } from '../openapi/operation-doc.ts';

/** A query parameter given once (a parameter given twice arrives as a list). */
export function queryText(name: string) {
  return z.string({ error: `Give ${name} once.` });
}

function wholeNumber(name: string, min: number, max: number) {
  const range = `${min} to ${max}`;
  return queryText(name)
    .regex(/^\d{1,16}$/, `${name} must be a whole number from ${range}.`)
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, `${name} must be a whole number from ${range}.`)
        .max(max, `${name} must be a whole number from ${range}.`),
    );
}

/** `true` or `false`. */
export function queryBoolean(name: string) {
  return queryText(name)
    .refine((value) => value === 'true' || value === 'false', `${name} must be true or false.`)
    .transform((value) => value === 'true');
}

export interface SortKey<TField extends string> {
  field: TField;
  descending: boolean;
}

function sortSchema<TField extends string>(fields: readonly TField[]) {
  return queryText('sort').transform((value, context) => {
    const keys: SortKey<TField>[] = [];
    for (const item of value.split(',')) {
      const descending = item.startsWith('-');
      const name = descending ? item.slice(1) : item;
      const field = fields.find((candidate) => candidate === name);
      if (field === undefined) {
        context.addIssue({ code: 'custom', message: `Sort by one of: ${fields.join(', ')}.` });
        return z.NEVER;
      }
      keys.push({ field, descending });
    }
    return keys;
  });
}

export interface ListRules<TSort extends string, TFilter extends string> {
  /** The sort fields, in imgix's names. */
  sorts: readonly TSort[];
  defaultSort: readonly SortKey<TSort>[];
  filters: readonly TFilter[];
  /** The resource type whose attributes `fields[type]` may pick. */
  fieldsOf?: string;
  /** Filters named by a pattern rather than listed (imgix's `filter[custom:<key>]`). */
  filterPattern?: RegExp;
}

/** The parameters of one list request, its page counted from 0 as imgix counts it. */
export interface ListParameters<TSort extends string, TFilter extends string> {
  page: number;
  pageSize: number;
  sort: SortKey<TSort>[];
  filter: Partial<Record<TFilter, string>>;
  /** Filters matched by `filterPattern`: the name inside `filter[...]` to its value. */
  patternFilters: Record<string, string>;
  /** `fields[type]`: the attributes to answer with, or null for all. */
  fields: string[] | null;
}

/** The zod schema of a list's query string (documented as the route's querystring). */
export function listQuerySchema<TSort extends string, TFilter extends string>(
  rules: ListRules<TSort, TFilter>,
) {
  const shape: Record<string, z.ZodType> = {
    'page[number]': wholeNumber('page[number]', 0, Number.MAX_SAFE_INTEGER - 1).optional(),
    'page[size]': wholeNumber('page[size]', 1, MAX_PAGE_SIZE).optional(),
    sort: sortSchema(rules.sorts).optional(),
  };
  for (const filter of rules.filters)
    shape[`filter[${filter}]`] = queryText(`filter[${filter}]`).optional();
  if (rules.fieldsOf !== undefined) {
    shape[`fields[${rules.fieldsOf}]`] = queryText(`fields[${rules.fieldsOf}]`).optional();
  }
  const known = new Set(Object.keys(shape));
  return z
    .object(shape)
    .catchall(z.unknown())
    .superRefine((query, context) => {
      for (const [key, value] of Object.entries(query)) {
        if (known.has(key)) continue;
        const filter = /^filter\[(.+)\]$/.exec(key)?.[1];
        if (filter !== undefined && rules.filterPattern?.test(filter) === true) {
          if (typeof value !== 'string') {
            context.addIssue({ code: 'custom', path: [key], message: `Give ${key} once.` });
          }
          continue;
        }
        context.addIssue({ code: 'custom', path: [key], message: `Unknown parameter ${key}.` });
      }
    });
}

/** The query a request carries, as Fastify parsed it. */
export type Query = Record<string, unknown>;

/** Parses `query` with `schema`; 400 invalid_parameter naming the first parameter at fault. */
export function parseQuery<T>(schema: z.ZodType<T>, query: Query): T {
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const parameter = String(issue?.path[0] ?? '');
  throw apiError('invalid_parameter', issue?.message ?? 'This parameter is not valid.', {
    parameter,
  });
}

/** Reads a list request's parameters with the list's schema. */
export function parseListParameters<TSort extends string, TFilter extends string>(
  rules: ListRules<TSort, TFilter>,
  schema: ReturnType<typeof listQuerySchema<TSort, TFilter>>,
  query: Query,
): ListParameters<TSort, TFilter> {
  const parsed = parseQuery(schema, query) as Record<string, unknown>;
  const filter: Partial<Record<TFilter, string>> = {};
  for (const name of rules.filters) {
    const value = parsed[`filter[${name}]`];
    if (typeof value === 'string') filter[name] = value;
  }
  const patternFilters: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    const name = /^filter\[(.+)\]$/.exec(key)?.[1];
    if (
      name !== undefined &&
      rules.filterPattern?.test(name) === true &&
      typeof value === 'string'
    ) {
      patternFilters[name] = value;
    }
  }
  const fields = rules.fieldsOf === undefined ? undefined : parsed[`fields[${rules.fieldsOf}]`];
  return {
    page: (parsed['page[number]'] as number | undefined) ?? 0,
    pageSize: (parsed['page[size]'] as number | undefined) ?? DEFAULT_PAGE_SIZE,
    sort: (parsed.sort as SortKey<TSort>[] | undefined) ?? [...rules.defaultSort],
    filter,
    patternFilters,
    fields:
      typeof fields === 'string'
        ? fields
            .split(',')
            .map((field) => field.trim())
            .filter(Boolean)
        : null,
  };
}

/** The stores' page request (pages counted from 1) of a list counted from 0. */
export function storePage(parameters: { page: number; pageSize: number }) {
  return { page: parameters.page + 1, pageSize: parameters.pageSize };
}

/** meta.pagination, its page numbers counted from 0 as the request's `page[number]` is. */
export function zeroBasedPagination(page: number, pageSize: number, total: number): PaginationMeta {
  const meta = paginationMeta(page + 1, pageSize, total);
  return {
    ...meta,
    currentPage: page,
    nextPage: meta.nextPage === null ? null : meta.nextPage - 1,
    previousPage: meta.previousPage === null ? null : meta.previousPage - 1,
  };
}

/** Names as Markdown code, comma-separated, for the reference's descriptions. */
export const codeList = (items: readonly string[]) => items.map((item) => `\`${item}\``).join(', ');

/** `fields[type]`, as the reference explains it. */
export const SPARSE_FIELDS_DESCRIPTION =
  'The attributes to answer with, comma-separated (JSON:API sparse fieldsets); `parent.child` picks one member of an object attribute, such as `deployment.imgix_subdomains` (imgix-management-js: "use dot notation").';

/**
 * The reference's query parameters of a query schema (OpenAPI 3.1, "Parameter Object"): each
 * member documented with the very schema that parses it, required when that schema refuses a
 * missing value.
 */
export function queryParameterDocs<Shape extends Readonly<Record<string, z.ZodType>>>(
  schema: { shape: Shape },
  descriptions: { readonly [Name in keyof Shape]: string },
): QueryParameterDoc[] {
  const described: Readonly<Record<string, string>> = descriptions;
  return Object.entries(schema.shape).map(([name, member]) => {
    const description = described[name];
    if (description === undefined) {
      throw new Error(`The query parameter ${name} has no description for the API reference.`);
    }
    return { name, description, schema: member, required: !member.safeParse(undefined).success };
  });
}

/**
 * The query parameters of a list, documented from its schema (listQuerySchema) and its rules;
 * `filterDescriptions` says more of a filter than that it matches the value exactly.
 */
export function listParameterDocs<TSort extends string, TFilter extends string>(
  rules: ListRules<TSort, TFilter>,
  schema: ReturnType<typeof listQuerySchema<TSort, TFilter>>,
  filterDescriptions: Partial<Readonly<Record<TFilter, string>>> = {},
): QueryParameterDoc[] {
  const defaultSort = rules.defaultSort
    .map(({ field, descending }) => `${descending ? '-' : ''}${field}`)
    .join(',');
  const descriptions: Record<string, string> = {
    'page[number]': 'The page to answer, counted from 0 as imgix counts it.',
    'page[size]': `How many items a page holds, 1 to ${MAX_PAGE_SIZE}; ${DEFAULT_PAGE_SIZE} by default.`,
    sort: `Comma-separated fields to sort by, each prefixed with \`-\` for descending: ${codeList(rules.sorts)}. By default \`${defaultSort}\`.`,
  };
  for (const filter of rules.filters) {
    descriptions[`filter[${filter}]`] =
      filterDescriptions[filter] ?? `Only the items whose \`${filter}\` is this value.`;
  }
  if (rules.fieldsOf !== undefined) {
    descriptions[`fields[${rules.fieldsOf}]`] = SPARSE_FIELDS_DESCRIPTION;
  }
  return queryParameterDocs(schema, descriptions);
}
