import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, isAuditAction } from '@darkroom/core';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { useId } from 'react';
import { Select, type Option } from '../../ui/index.ts';
import {
  hasFilters,
  NO_FILTERS,
  rangeError,
  type AuditFilters,
} from './audit-log-filters.utils.ts';

/** The "no filter" choice of a select, whose value cannot be missing. */
const ANY = 'any';

const ACTION_OPTIONS: Option[] = [
  { value: ANY, label: 'Any action' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })),
];

export interface AuditLogFiltersProps {
  filters: AuditFilters;
  onChange: (filters: AuditFilters) => void;
  /** The people the actor filter offers: the account's users, "Name (email)". */
  actors: Option[];
  /** Why the actor filter cannot be used yet, e.g. no account chosen; null when it can. */
  actorsUnavailable: string | null;
  /** The accounts of the install, for administrators; null hides the account filter. */
  accounts: Option[] | null;
}

function DayInput({
  label,
  value,
  min,
  max,
  invalid,
  describedBy,
  onChange,
}: {
  label: string;
  value: string | null;
  min?: string | undefined;
  max?: string | undefined;
  invalid: boolean;
  describedBy: string | undefined;
  onChange: (day: string | null) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-zinc-700">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value ?? ''}
        min={min}
        max={max}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        // A date input reports a whole day or nothing, never a half-typed one.
        onChange={(event) => onChange(event.target.value || null)}
        className={clsx(
          'h-10 w-full min-w-0 rounded-lg bg-white px-3 text-sm text-zinc-900 ring-1 ring-inset',
          invalid ? 'ring-red-500' : 'ring-zinc-300 hover:ring-zinc-400',
        )}
      />
    </div>
  );
}

/**
 * The log's filters. Each change goes to the address at once (the page follows it), so the
 * filtered view can be linked, and Back steps through earlier views.
 */
export function AuditLogFilters({
  filters,
  onChange,
  actors,
  actorsUnavailable,
  accounts,
}: AuditLogFiltersProps) {
  const errorId = useId();
  const error = rangeError(filters);
  const set = (change: Partial<AuditFilters>) => onChange({ ...filters, ...change });
  const chosen = (value: string) => (value === ANY ? null : value);

  return (
    <section aria-label="Filters" className="mb-6 rounded-lg border border-zinc-200 bg-white p-4">
      <div
        className={clsx(
          'grid grid-cols-1 gap-3 sm:grid-cols-2',
          accounts ? 'lg:grid-cols-5' : 'lg:grid-cols-4',
        )}
      >
        {accounts && (
          <Select
            label="Account"
            options={[{ value: ANY, label: 'Every account' }, ...accounts]}
            value={filters.account ?? ANY}
            // The people of one account mean nothing in another.
            onChange={(value) => set({ account: chosen(value), actor: null })}
          />
        )}
        <Select
          label="Action"
          options={ACTION_OPTIONS}
          value={filters.action ?? ANY}
          onChange={(value) => {
            const action = chosen(value);
            set({ action: action !== null && isAuditAction(action) ? action : null });
          }}
        />
        <div className="flex min-w-0 flex-col gap-1">
          <Select
            label="Person"
            options={[{ value: ANY, label: 'Anyone' }, ...actors]}
            value={filters.actor ?? ANY}
            disabled={actorsUnavailable !== null}
            onChange={(value) => set({ actor: chosen(value) })}
          />
          {actorsUnavailable && <p className="text-xs text-zinc-500">{actorsUnavailable}</p>}
        </div>
        {/* Side by side even on a phone; on wider screens they join the grid's columns. */}
        <div className="grid grid-cols-2 gap-3 sm:contents">
          <DayInput
            label="From"
            value={filters.since}
            max={filters.until ?? undefined}
            invalid={error !== null}
            describedBy={error ? errorId : undefined}
            onChange={(since) => set({ since })}
          />
          <DayInput
            label="To"
            value={filters.until}
            min={filters.since ?? undefined}
            invalid={error !== null}
            describedBy={error ? errorId : undefined}
            onChange={(until) => set({ until })}
          />
        </div>
      </div>
      {(error || hasFilters(filters)) && (
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
          <p id={errorId} role="alert" className="text-xs font-medium text-red-600">
            {error}
          </p>
          {hasFilters(filters) && (
            <button
              type="button"
              onClick={() => onChange(NO_FILTERS)}
              className="inline-flex h-8 items-center gap-1 rounded-lg px-2 text-sm font-medium text-zinc-700 hover:bg-zinc-100"
            >
              <X aria-hidden="true" className="size-4" />
              Clear filters
            </button>
          )}
        </div>
      )}
    </section>
  );
}
