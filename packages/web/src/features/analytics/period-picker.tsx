import { clsx } from 'clsx';
import { useId, useState, type FormEvent } from 'react';
import { Button, Select } from '../../ui/index.ts';
import {
  PERIOD_OPTIONS,
  customDateBounds,
  customRangeError,
  dayOf,
  resolvePeriod,
  type PeriodChoice,
} from './analytics-period.utils.ts';

function DateInput({
  id,
  label,
  value,
  invalid,
  errorId,
  bounds,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  invalid: boolean;
  errorId: string;
  bounds: { min: string; max: string };
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800">
        {label}
      </label>
      <input
        id={id}
        type="date"
        required
        min={bounds.min}
        max={bounds.max}
        value={value}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={clsx(
          'h-10 w-full rounded-lg bg-white px-3 text-sm text-zinc-900 ring-1 ring-inset',
          invalid ? 'ring-red-500' : 'ring-zinc-300',
        )}
      />
    </div>
  );
}

/** Two dates, checked before the address changes: a bad range never reaches the API. */
function CustomRangeForm({
  initial,
  now,
  onApply,
  onCancel,
}: {
  initial: { from: string; to: string };
  now: Date;
  onApply: (range: { from: string; to: string }) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [error, setError] = useState<string | null>(null);
  const bounds = customDateBounds(now);
  const errorId = `${id}-error`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = customRangeError(from, to, now);
    setError(problem);
    if (problem === null) onApply({ from, to });
  };

  return (
    <form
      aria-label="Custom range"
      noValidate
      onSubmit={submit}
      className="flex w-full flex-wrap items-end gap-2 rounded-lg border border-zinc-200 bg-white p-3"
    >
      <DateInput
        id={`${id}-from`}
        label="From"
        value={from}
        invalid={error !== null}
        errorId={errorId}
        bounds={bounds}
        onChange={setFrom}
      />
      <DateInput
        id={`${id}-to`}
        label="To"
        value={to}
        invalid={error !== null}
        errorId={errorId}
        bounds={bounds}
        onChange={setTo}
      />
      <div className="flex gap-2">
        <Button type="submit" size="small">
          Apply
        </Button>
        <Button type="button" size="small" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="w-full text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </form>
  );
}

/** The period of the whole screen: a preset, or a custom range of days (UTC). */
export function PeriodPicker({
  choice,
  now,
  onChange,
}: {
  choice: PeriodChoice;
  now: Date;
  onChange: (choice: PeriodChoice) => void;
}) {
  const [editingCustom, setEditingCustom] = useState(false);
  // The form starts from what is shown: the custom range, or the days the preset covers.
  const shown = resolvePeriod(choice, now).range;
  const initial =
    choice.key === 'custom'
      ? { from: choice.from, to: choice.to }
      : { from: dayOf(shown.start), to: dayOf(new Date(shown.end.getTime() - 1)) };

  return (
    <div className="flex w-full flex-col gap-2 sm:w-auto">
      <Select
        label="Period"
        className="w-full sm:w-56"
        options={PERIOD_OPTIONS}
        value={editingCustom ? 'custom' : choice.key}
        onChange={(value) => {
          if (value === 'custom') {
            setEditingCustom(true);
            return;
          }
          setEditingCustom(false);
          onChange({ key: value as Exclude<PeriodChoice['key'], 'custom'> });
        }}
      />
      {editingCustom && (
        <CustomRangeForm
          initial={initial}
          now={now}
          onApply={(range) => {
            setEditingCustom(false);
            onChange({ key: 'custom', ...range });
          }}
          onCancel={() => setEditingCustom(false)}
        />
      )}
    </div>
  );
}
