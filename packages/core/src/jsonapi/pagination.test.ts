import { describe, expect, it } from 'vitest';
import { paginationMeta } from './pagination.ts';

describe('paginationMeta', () => {
  it('describes the first of several pages', () => {
    expect(paginationMeta(1, 25, 60)).toEqual({
      currentPage: 1,
      hasNextPage: true,
      hasPreviousPage: false,
      nextPage: 2,
      pageSize: 25,
      previousPage: null,
      totalPages: 3,
      totalRecords: 60,
    });
  });

  it('describes the last page with no next page', () => {
    const meta = paginationMeta(3, 25, 60);
    expect(meta.hasNextPage).toBe(false);
    expect(meta.nextPage).toBeNull();
    expect(meta.previousPage).toBe(2);
  });

  it('reports one empty page for an empty list', () => {
    expect(paginationMeta(1, 25, 0)).toMatchObject({
      totalPages: 1,
      hasNextPage: false,
      totalRecords: 0,
    });
  });

  it('counts an exact multiple of the page size without an extra page', () => {
    expect(paginationMeta(2, 10, 20)).toMatchObject({ totalPages: 2, hasNextPage: false });
  });
});
