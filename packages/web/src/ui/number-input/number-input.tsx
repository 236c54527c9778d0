import { clsx } from 'clsx';
import { useId, useState } from 'react';
import {
  commitDraft,
  filterDraft,
  maximumOf,
  minimumOf,
  stepValue,
  type NumberRules,
} from './number-input.utils.ts';
import { focusWithinOutline } from '../focus.ts';

export interface NumberInputProps extends NumberRules {
  label: string;
  value: number;
  /** Called on commit (blur or Enter) with a value that passed every rule. */
  onChange: (value: number) => void;
  /** A unit shown after the number, e.g. 'px'. */
  suffix?: string;
  disabled?: boolean;
  hideLabel?: boolean;
  className?: string;
}

/** A number field with the rules of editor spec section 5 ("Number input"). */
export function NumberInput({
  label,
  value,
  onChange,
  suffix,
  disabled = false,
  hideLabel = false,
  className,
  range,
  digitLength,
  decimals,
  step,
}: NumberInputProps) {
  const id = useId();
  const rules: NumberRules = { range, digitLength, decimals, step };
  // null while the field shows the committed value rather than an edit in progress.
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? String(value);

  const commit = () => {
    const next = commitDraft(text, value, rules);
    setDraft(null);
    if (next !== value) onChange(next);
  };

  return (
    <div className={clsx('flex min-w-0 flex-col gap-1', className)}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-zinc-700'}>
        {label}
      </label>
      <div
        className={clsx(
          'flex h-10 items-center rounded-lg bg-white ring-1 ring-zinc-300 ring-inset',
          focusWithinOutline,
          disabled && 'bg-zinc-50 text-zinc-400',
        )}
      >
        <input
          id={id}
          type="text"
          role="spinbutton"
          inputMode={decimals ? 'decimal' : 'numeric'}
          autoComplete="off"
          aria-valuenow={value}
          aria-valuemin={minimumOf(rules)}
          aria-valuemax={maximumOf(rules)}
          disabled={disabled}
          value={text}
          onChange={(event) => setDraft(filterDraft(event.target.value, text, rules))}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              commit();
            } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
              event.preventDefault();
              const from = commitDraft(text, value, rules);
              setDraft(String(stepValue(from, event.key === 'ArrowUp' ? 1 : -1, rules)));
            }
          }}
          className="h-full w-full min-w-0 bg-transparent px-3 text-sm tabular-nums focus-visible:outline-none disabled:cursor-not-allowed"
        />
        {suffix && (
          <span aria-hidden="true" className="pr-3 text-sm text-zinc-500">
            {suffix}
          </span>
        )}
      </div>
    </div>
  );
}
