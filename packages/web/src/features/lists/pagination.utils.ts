import type { PaginationMeta } from '@darkroom/core';

/** The page number in a `?page=` search parameter: a positive integer, else 1. */
export function parsePageParam(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** "26–50 of 60": which records the current page holds. */
export function recordRange({ currentPage, pageSize, totalRecords }: PaginationMeta): string {
  if (totalRecords === 0) return '0 of 0';
  const first = Math.min((currentPage - 1) * pageSize + 1, totalRecords);
  const last = Math.min(currentPage * pageSize, totalRecords);
  return `${first}–${last} of ${totalRecords}`;
}

export type PageItem = number | 'gap';

/**
 * The page buttons to show: always the first and last page and the pages beside the current
 * one, with a gap where pages are left out (1 … 4 5 6 … 10). A gap never hides a single page.
 */
export function pageItems(currentPage: number, totalPages: number, siblings = 1): PageItem[] {
  const pages = new Set<number>([1, totalPages]);
  for (let page = currentPage - siblings; page <= currentPage + siblings; page += 1) {
    if (page >= 1 && page <= totalPages) pages.add(page);
  }
  const sorted = [...pages].filter((page) => page >= 1).sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const page of sorted) {
    if (page - previous === 2) items.push(page - 1);
    else if (page - previous > 2) items.push('gap');
    items.push(page);
    previous = page;
  }
  return items;
}

/** The search string for another page of a list, keeping its other parameters; page 1 has none. */
export function searchWithPage(search: string | URLSearchParams, page: number): string {
  const params = new URLSearchParams(search);
  if (page > 1) params.set('page', String(page));
  else params.delete('page');
  const query = params.toString();
  return query ? `?${query}` : '';
}
