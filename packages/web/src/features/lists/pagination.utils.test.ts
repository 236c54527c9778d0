import type { PaginationMeta } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import { pageItems, parsePageParam, recordRange, searchWithPage } from './pagination.utils.ts';

function meta(currentPage: number, pageSize: number, totalRecords: number): PaginationMeta {
  const totalPages = Math.max(1, Math.ceil(totalRecords / pageSize));
  return {
    currentPage,
    pageSize,
    totalRecords,
    totalPages,
    hasNextPage: currentPage < totalPages,
    hasPreviousPage: currentPage > 1,
    nextPage: currentPage < totalPages ? currentPage + 1 : null,
    previousPage: currentPage > 1 ? currentPage - 1 : null,
  };
}

describe('parsePageParam', () => {
  it('reads a positive page number', () => {
    expect(parsePageParam('3')).toBe(3);
  });

  it('falls back to the first page for anything else', () => {
    for (const value of [null, '', '0', '-2', '1.5', 'two', '99999999999999999999']) {
      expect(parsePageParam(value)).toBe(1);
    }
  });
});

describe('recordRange', () => {
  it('names the records of a middle page', () => {
    expect(recordRange(meta(2, 25, 60))).toBe('26–50 of 60');
  });

  it('stops the last page at the total', () => {
    expect(recordRange(meta(3, 25, 60))).toBe('51–60 of 60');
  });

  it('says when there is nothing to show', () => {
    expect(recordRange(meta(1, 25, 0))).toBe('0 of 0');
  });
});

describe('pageItems', () => {
  it('lists every page when there are few', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(2, 4)).toEqual([1, 2, 3, 4]);
  });

  it('collapses the pages far from the current one into gaps', () => {
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
  });

  it('shows a lone left-out page instead of a gap', () => {
    expect(pageItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageItems(1, 10)).toEqual([1, 2, 'gap', 10]);
  });
});

describe('searchWithPage', () => {
  it('sets the page and keeps the other parameters', () => {
    expect(searchWithPage('?email=ada', 3)).toBe('?email=ada&page=3');
    expect(searchWithPage('?page=2', 5)).toBe('?page=5');
  });

  it('leaves the first page out of the query string', () => {
    expect(searchWithPage('?page=4', 1)).toBe('');
    expect(searchWithPage('?email=ada&page=4', 1)).toBe('?email=ada');
  });
});
