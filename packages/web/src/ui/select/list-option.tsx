import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import type { CSSProperties } from 'react';

export type ListTone = 'dark' | 'light';

export interface ListOptionProps {
  id: string;
  label: string;
  selected: boolean;
  active: boolean;
  disabled?: boolean;
  tone: ListTone;
  /** Position in the whole list, for virtualised lists that render only part of it. */
  position?: { index: number; count: number };
  style?: CSSProperties;
  onHover: () => void;
  onChoose: () => void;
}

const tones: Record<ListTone, { base: string; active: string; selected: string }> = {
  dark: { base: 'text-zinc-100', active: 'bg-zinc-700', selected: 'text-brand-500' },
  light: { base: 'text-zinc-900', active: 'bg-zinc-100', selected: 'text-brand-600' },
};

/** One row of a listbox. Focus never moves here: the combobox points at it instead. */
export function ListOption({
  id,
  label,
  selected,
  active,
  disabled = false,
  tone,
  position,
  style,
  onHover,
  onChoose,
}: ListOptionProps) {
  const look = tones[tone];
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      aria-disabled={disabled || undefined}
      aria-posinset={position ? position.index + 1 : undefined}
      aria-setsize={position?.count}
      data-active={active || undefined}
      style={style}
      onMouseMove={() => {
        if (!disabled && !active) onHover();
      }}
      onClick={() => {
        if (!disabled) onChoose();
      }}
      className={clsx(
        'flex h-10 cursor-default items-center gap-2 px-3 text-sm select-none',
        look.base,
        active && look.active,
        disabled && 'cursor-not-allowed opacity-40',
      )}
    >
      <span className={clsx('min-w-0 flex-1 truncate', selected && 'font-medium')}>{label}</span>
      {selected && <Check aria-hidden="true" className={clsx('size-4 shrink-0', look.selected)} />}
    </div>
  );
}
