import { clsx } from 'clsx';
import { useId, type ReactNode } from 'react';

export interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** A visible label; without one pass `aria-label` or `aria-labelledby`. */
  label?: ReactNode;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  disabled?: boolean;
  id?: string;
  className?: string;
}

/** An on/off switch (WAI-ARIA switch: Space or Enter toggles it). */
export function Switch({
  checked,
  onCheckedChange,
  label,
  disabled = false,
  id,
  className,
  ...aria
}: SwitchProps) {
  const generatedId = useId();
  const switchId = id ?? generatedId;
  const control = (
    <button
      id={switchId}
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      {...aria}
      className={clsx(
        'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
        checked ? 'bg-brand-600' : 'bg-zinc-300',
        'disabled:cursor-not-allowed disabled:opacity-50',
        label === undefined && className,
      )}
    >
      <span
        aria-hidden="true"
        className={clsx(
          'inline-block size-5 rounded-full bg-white shadow transition-transform',
          checked ? 'translate-x-5.5' : 'translate-x-0.5',
        )}
      />
    </button>
  );
  if (label === undefined) return control;
  return (
    <div className={clsx('flex items-center gap-3', className)}>
      {control}
      <label
        htmlFor={switchId}
        className={clsx('text-sm text-zinc-800', disabled && 'text-zinc-400')}
      >
        {label}
      </label>
    </div>
  );
}
