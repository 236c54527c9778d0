import { RefreshCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../ui/index.ts';

/** A list that could not load, with a way to try again. */
export function ListError({
  message,
  onRetry,
  retrying = false,
}: {
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-lg border border-red-200 bg-red-50 px-6 py-10 text-center"
    >
      <TriangleAlert aria-hidden="true" className="size-6 text-red-600" />
      <p className="text-sm text-red-800">{message}</p>
      <Button type="button" variant="secondary" size="small" working={retrying} onClick={onRetry}>
        {!retrying && <RefreshCw aria-hidden="true" className="size-4" />}
        Try again
      </Button>
    </div>
  );
}

/** A list with nothing in it: says so, and offers the next step. */
export function ListEmpty({
  title,
  description,
  action,
}: {
  title: string;
  /** What the list is for and how to fill it: phrasing content (text, code, links). */
  description?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-12 text-center">
      <p className="text-base font-medium text-zinc-900">{title}</p>
      {description && <p className="max-w-sm text-sm text-zinc-600">{description}</p>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}

/** Placeholder rows while a list's first page loads; `label` is what screen readers hear. */
export function ListSkeleton({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-live="polite" className="space-y-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div
          key={index}
          aria-hidden="true"
          className="flex animate-pulse items-center gap-4 rounded-lg border border-zinc-200 bg-white p-4 motion-reduce:animate-none"
        >
          <div className="h-4 w-1/4 rounded bg-zinc-200" />
          <div className="h-4 w-1/3 rounded bg-zinc-100" />
          <div className="ml-auto hidden h-4 w-16 rounded bg-zinc-100 sm:block" />
        </div>
      ))}
    </div>
  );
}
