/** Escapes LIKE wildcards so a filter value matches literally as a substring. */
export function containsPattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
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
