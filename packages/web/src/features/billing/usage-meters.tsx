import { clsx } from 'clsx';
import type { UsageMeter } from './billing.utils.ts';

export interface UsageRow {
  key: string;
  label: string;
  meter: UsageMeter;
}

function Meter({ row }: { row: UsageRow }) {
  const { meter } = row;
  const percent = Math.round(meter.share * 100);
  return (
    <li className="space-y-1.5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span id={`usage-${row.key}`} className="font-medium text-zinc-900">
          {row.label}
        </span>
        <span className={clsx('tabular-nums', meter.over ? 'text-red-700' : 'text-zinc-600')}>
          {meter.text}
          {meter.over && <span className="ml-1 font-medium">(over the plan)</span>}
        </span>
      </div>
      {meter.included !== null && (
        <div
          role="meter"
          aria-labelledby={`usage-${row.key}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={meter.text}
          className="h-2 overflow-hidden rounded-full bg-zinc-100"
        >
          <div
            className={clsx(
              'h-full rounded-full',
              meter.over ? 'bg-red-500' : meter.share >= 0.8 ? 'bg-yellow-500' : 'bg-brand-600',
            )}
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
    </li>
  );
}

/** Usage this period against what the plan includes, one bar per allowance. */
export function UsageMeters({ rows }: { rows: UsageRow[] }) {
  return (
    <ul className="space-y-5">
      {rows.map((row) => (
        <Meter key={row.key} row={row} />
      ))}
    </ul>
  );
}
