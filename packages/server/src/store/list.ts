import { sql, type Expression, type SelectQueryBuilder } from 'kysely';

/** Escapes LIKE wildcards so a filter value matches literally as a substring. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Escapes LIKE wildcards so a filter value matches literally as the start of a value. */
export function prefixPattern(value: string): string {
  return `${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** One page of rows and how many rows there are in all. */
export interface Page<TRow> {
  rows: TRow[];
  total: number;
}

export interface SortKey<TColumn extends string> {
  column: TColumn;
  descending: boolean;
}

export interface PageRequest<TColumn extends string> {
  page: number;
  pageSize: number;
  sort: SortKey<TColumn>[];
}

/** How a list orders its rows beyond the columns asked for. */
export interface PageOrder<TColumn extends string> {
  /** What a sort column orders by, such as lower(name); the column itself when not given. */
  sortKey?: (column: TColumn) => Expression<unknown>;
  /**
   * The id tie-breaker runs in the last sort's direction instead of ascending, so a descending
   * sort reads a (column, id) index backwards in one pass.
   */
  idFollowsLastSort?: boolean;
}

/**
 * One page of `query` (its filters applied): how many rows it matches, and the rows of
 * `request.page` in the order asked for. id breaks ties last, so rows equal on every sort key
 * keep one order and none shows on two pages. The rows are what `selectAll()` gives.
 */
export async function selectPage<DB, TB extends keyof DB, TColumn extends string>(
  query: SelectQueryBuilder<DB, TB, object>,
  request: PageRequest<TColumn>,
  order: PageOrder<TColumn> = {},
) {
  const { total } = await query
    .select(sql<number>`count(*)::int`.as('total'))
    // Kysely cannot work out a selection's type while the table is generic; this is the one.
    .$castTo<{ total: number }>()
    .executeTakeFirstOrThrow();
  const sortKey = order.sortKey ?? ((column: TColumn) => sql.ref(column));
  let rows = query.selectAll();
  for (const { column, descending } of request.sort) {
    rows = rows.orderBy(sortKey(column), descending ? 'desc' : 'asc');
  }
  const last = request.sort.at(-1);
  const idDirection = order.idFollowsLastSort ? (last?.descending ? 'desc' : 'asc') : undefined;
  return {
    rows: await rows
      .orderBy(sql.ref('id'), idDirection)
      .limit(request.pageSize)
      .offset((request.page - 1) * request.pageSize)
      .execute(),
    total,
  };
}
