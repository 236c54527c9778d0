import type { UseQueryResult } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useId, type ReactNode } from 'react';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { ListError } from '../lists/list-states.tsx';

/** A grey block the size of a chart while its numbers load. */
export function ChartSkeleton({ label, height = 'h-64' }: { label: string; height?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex flex-col gap-3">
      <span className="sr-only">{label}</span>
      <div
        aria-hidden="true"
        className={clsx('animate-pulse rounded-lg bg-zinc-100 motion-reduce:animate-none', height)}
      />
    </div>
  );
}

/** A titled card of the screen; `actions` sit beside the title (a metric or breakdown choice). */
export function AnalyticsSection({
  title,
  description,
  actions,
  className,
  children,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  className?: string;
  children: (headingId: string) => ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={clsx('min-w-0 rounded-xl border border-zinc-200 bg-white p-4 sm:p-5', className)}
    >
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-zinc-900">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-zinc-600">{description}</p>}
        </div>
        {actions}
      </div>
      {children(headingId)}
    </section>
  );
}

/** The loading skeleton, the error with a retry, or the section's content once the data is in. */
export function QueryContent<TData>({
  query,
  label,
  children,
}: {
  query: UseQueryResult<TData>;
  label: string;
  children: (data: TData) => ReactNode;
}) {
  if (query.isPending) return <ChartSkeleton label={`Loading ${label}`} />;
  if (query.isError) {
    return (
      <ListError
        message={errorMessageOf(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return (
    // A new period's numbers are on their way: the old ones stay, dimmed, rather than flash away.
    <div
      aria-busy={query.isPlaceholderData || undefined}
      className={clsx(query.isPlaceholderData && 'opacity-60 transition-opacity')}
    >
      {children(query.data)}
    </div>
  );
}
