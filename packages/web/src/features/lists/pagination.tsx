import type { PaginationMeta } from '@darkroom/core';
import clsx from 'clsx';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { pageItems, recordRange } from './pagination.utils.ts';

const stepClass =
  'inline-flex h-9 items-center gap-1 rounded-lg border border-zinc-300 bg-white px-3 text-sm font-medium text-zinc-700 hover:bg-zinc-50';
const disabledStepClass =
  'inline-flex h-9 items-center gap-1 rounded-lg border border-zinc-200 bg-zinc-50 px-3 text-sm font-medium text-zinc-400';

/** Page links for a list answer's `meta.pagination`; `hrefFor` builds each page's address. */
export function Pagination({
  pagination,
  hrefFor,
  label = 'Pagination',
}: {
  pagination: PaginationMeta;
  hrefFor: (page: number) => string;
  label?: string;
}) {
  const { currentPage, totalPages, hasPreviousPage, hasNextPage, previousPage, nextPage } =
    pagination;
  return (
    <nav
      aria-label={label}
      className="mt-4 flex flex-col items-center justify-between gap-3 sm:flex-row"
    >
      <p className="text-sm text-zinc-600">{recordRange(pagination)}</p>
      {totalPages > 1 && (
        <div className="flex items-center gap-1">
          {hasPreviousPage && previousPage ? (
            <Link to={hrefFor(previousPage)} className={stepClass}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous
            </Link>
          ) : (
            <span aria-disabled="true" className={disabledStepClass}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              Previous
            </span>
          )}
          <ul className="hidden items-center gap-1 sm:flex">
            {pageItems(currentPage, totalPages).map((item, index) =>
              item === 'gap' ? (
                <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-zinc-400">
                  …
                </li>
              ) : (
                <li key={item}>
                  <Link
                    to={hrefFor(item)}
                    aria-current={item === currentPage ? 'page' : undefined}
                    aria-label={`Page ${item}`}
                    className={clsx(
                      'inline-flex size-9 items-center justify-center rounded-lg text-sm font-medium',
                      item === currentPage
                        ? 'bg-zinc-900 text-white'
                        : 'text-zinc-700 hover:bg-zinc-100',
                    )}
                  >
                    {item}
                  </Link>
                </li>
              ),
            )}
          </ul>
          {hasNextPage && nextPage ? (
            <Link to={hrefFor(nextPage)} className={stepClass}>
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          ) : (
            <span aria-disabled="true" className={disabledStepClass}>
              Next
              <ChevronRight aria-hidden="true" className="size-4" />
            </span>
          )}
        </div>
      )}
    </nav>
  );
}
