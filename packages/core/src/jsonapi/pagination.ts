import type { PaginationMeta } from './document.ts';

/** Default and largest page sizes of list endpoints. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 300;

/** Computes the pagination meta of one page of a list of `totalRecords` items. */
export function paginationMeta(
  currentPage: number,
  pageSize: number,
  totalRecords: number,
): PaginationMeta {
  const totalPages = Math.max(1, Math.ceil(totalRecords / pageSize));
  const hasNextPage = currentPage < totalPages;
  const hasPreviousPage = currentPage > 1;
  return {
    currentPage,
    hasNextPage,
    hasPreviousPage,
    nextPage: hasNextPage ? currentPage + 1 : null,
    pageSize,
    previousPage: hasPreviousPage ? currentPage - 1 : null,
    totalPages,
    totalRecords,
  };
}
