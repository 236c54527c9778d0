import type { ReactNode } from 'react';
import { Badge } from '../../ui/index.ts';
import type { AllowanceRow } from './plans.utils.ts';

export interface PlanCardProps {
  id: string;
  name: string;
  price: string;
  allowances: AllowanceRow[];
  current: boolean;
  /** The button that changes to this plan (none on the current plan). */
  action?: ReactNode;
}

/** One plan of the comparison: its price and what it includes. */
export function PlanCard({ id, name, price, allowances, current, action }: PlanCardProps) {
  const headingId = `plan-${id}`;
  return (
    <section
      aria-labelledby={headingId}
      className={
        current
          ? 'flex flex-col rounded-lg bg-white p-5 shadow-sm ring-2 ring-brand-600'
          : 'flex flex-col rounded-lg bg-white p-5 shadow-sm ring-1 ring-zinc-200'
      }
    >
      <div className="flex items-start justify-between gap-2">
        <h3 id={headingId} className="text-base font-semibold text-zinc-900">
          {name}
        </h3>
        {current && <Badge color="blue">Current plan</Badge>}
      </div>
      <p className="mt-2 text-2xl font-semibold tracking-tight text-zinc-900">{price}</p>
      <dl className="mt-4 flex-1 space-y-2 text-sm">
        {allowances.map((row) => (
          <div key={row.key} className="flex justify-between gap-3">
            <dt className="text-zinc-600">{row.label}</dt>
            <dd className="text-right font-medium text-zinc-900">{row.value}</dd>
          </div>
        ))}
      </dl>
      {action && <div className="mt-5">{action}</div>}
    </section>
  );
}
