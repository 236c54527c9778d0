import { ArrowDownRight, ArrowUpRight, Minus, RefreshCw, Sparkles } from 'lucide-react';
import { useId } from 'react';
import {
  changeBetween,
  formatMetricValue,
  type ChangeDirection,
} from './analytics-format.utils.ts';
import type { HeadlineTileData } from './use-analytics-data.ts';

const CHANGE_ICONS: Record<ChangeDirection, typeof Minus> = {
  up: ArrowUpRight,
  down: ArrowDownRight,
  flat: Minus,
  new: Sparkles,
  none: Minus,
};

function HeadlineTile({ tile }: { tile: HeadlineTileData }) {
  const labelId = useId();
  const { metric, current, previous } = tile;
  const failed = current.isError || previous.isError;
  const retry = () => {
    if (current.isError) void current.refetch();
    if (previous.isError) void previous.refetch();
  };

  let body;
  if (failed) {
    body = (
      <div className="mt-2 flex items-center gap-2 text-sm text-red-700">
        <span>Could not load</span>
        <button
          type="button"
          onClick={retry}
          className="inline-flex items-center gap-1 rounded font-medium text-zinc-900 underline"
        >
          <RefreshCw aria-hidden="true" className="size-3.5" />
          Retry
        </button>
      </div>
    );
  } else if (current.data === undefined || previous.data === undefined) {
    body = (
      <div aria-hidden="true" className="mt-2 space-y-2">
        <div className="h-7 w-24 animate-pulse rounded bg-zinc-200 motion-reduce:animate-none" />
        <div className="h-4 w-32 animate-pulse rounded bg-zinc-100 motion-reduce:animate-none" />
      </div>
    );
  } else {
    const change = changeBetween(current.data.total, previous.data.total, metric.valueType);
    const ChangeIcon = CHANGE_ICONS[change.direction];
    body = (
      <>
        <p className="mt-1 text-2xl font-semibold tracking-tight text-zinc-900 tabular-nums">
          {formatMetricValue(current.data.total, metric.valueType)}
        </p>
        <p className="mt-1 flex flex-wrap items-center gap-x-1 text-xs text-zinc-600">
          <ChangeIcon aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="font-medium text-zinc-800">{change.text}</span>
          <span>vs {formatMetricValue(previous.data.total, metric.valueType)} before</span>
        </p>
      </>
    );
  }

  return (
    <li
      aria-labelledby={labelId}
      aria-busy={current.isFetching || previous.isFetching || undefined}
      className="min-w-0 rounded-xl border border-zinc-200 bg-white p-4"
    >
      <p id={labelId} className="text-sm font-medium text-zinc-600">
        {metric.label}
      </p>
      {body}
    </li>
  );
}

/** The period's totals, each with its change against the period before. */
export function HeadlineTiles({ tiles }: { tiles: readonly HeadlineTileData[] }) {
  return (
    <ul
      aria-label="Totals for the period"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 2xl:grid-cols-7"
    >
      {tiles.map((tile) => (
        <HeadlineTile key={tile.metric.name} tile={tile} />
      ))}
    </ul>
  );
}
