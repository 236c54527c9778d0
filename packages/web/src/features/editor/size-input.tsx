import { clsx } from 'clsx';
import { useEffect, useId, useRef, useState } from 'react';
import {
  commitDraft,
  filterDraft,
  stepValue,
  type NumberRules,
} from '../../ui/number-input/number-input.utils.ts';
import { focusWithinOutline } from '../../ui/focus.ts';
import { MAX_SIDE, MIN_SIDE, SIDE_DIGITS, SIZE_DEBOUNCE_MS } from './resize.utils.ts';

const SIDE_RULES: NumberRules = { range: [MIN_SIDE, MAX_SIDE], digitLength: SIDE_DIGITS };
/** What Shift+ArrowUp or Shift+ArrowDown adds or takes away. */
const SHIFT_STEP = 10;

export interface SizeInputProps {
  label: string;
  value: number;
  onCommit: (value: number) => void;
  disabled?: boolean;
}

/**
 * A width or height field (spec editor section 5): 1 to 9999, five digits at most, taken 500 ms
 * after the last keystroke (or at once on Enter); left empty, it goes back to the prior value
 * when it loses focus. ArrowUp and ArrowDown step it by 1, by 10 with Shift.
 */
export function SizeInput({ label, value, onCommit, disabled = false }: SizeInputProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const onCommitRef = useRef(onCommit);
  useEffect(() => {
    onCommitRef.current = onCommit;
  });

  const commit = (text: string) => {
    const next = commitDraft(text, value, SIDE_RULES);
    setDraft(null);
    if (next !== value) onCommitRef.current(next);
  };

  useEffect(() => {
    // An emptied field is someone about to type: only a real number is taken while typing.
    if (draft === null || draft.trim() === '') return;
    const timer = setTimeout(() => {
      const next = commitDraft(draft, value, SIDE_RULES);
      setDraft(null);
      if (next !== value) onCommitRef.current(next);
    }, SIZE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value]);

  const text = draft ?? String(value);
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-zinc-600">
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
          inputMode="numeric"
          autoComplete="off"
          aria-valuenow={value}
          aria-valuemin={MIN_SIDE}
          aria-valuemax={MAX_SIDE}
          disabled={disabled}
          value={text}
          onChange={(event) => setDraft(filterDraft(event.target.value, text, SIDE_RULES))}
          onBlur={() => {
            if (draft !== null) commit(draft);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && draft !== null) commit(draft);
            if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
              // Spec editor section 5, number input: the arrows step the value (Shift by 10,
              // as spin buttons do); the step is taken like a keystroke, 500 ms after the last.
              event.preventDefault();
              const rules = { ...SIDE_RULES, step: event.shiftKey ? SHIFT_STEP : 1 };
              const from = commitDraft(text, value, rules);
              setDraft(String(stepValue(from, event.key === 'ArrowUp' ? 1 : -1, rules)));
            }
          }}
          className="h-full w-full min-w-0 bg-transparent px-3 text-sm tabular-nums focus-visible:outline-none disabled:cursor-not-allowed"
        />
        <span aria-hidden="true" className="pr-3 text-xs text-zinc-500">
          px
        </span>
      </div>
    </div>
  );
}
