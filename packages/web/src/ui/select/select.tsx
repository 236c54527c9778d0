import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useId, type ComponentType, type HTMLAttributes } from 'react';
import { SELECT_VIRTUAL_FROM } from '../constants.ts';
import type { ListTone } from './list-option.tsx';
import type { ListItem } from './listbox.utils.ts';
import { PlainListbox } from './plain-listbox.tsx';
import { useListFloating } from './use-list-floating.ts';
import { useSelectListbox } from './use-select-listbox.ts';
import { VirtualListbox, lightFieldClasses, type Option } from './virtual-listbox.tsx';

export interface SelectOption extends ListItem {
  /**
   * What `value` and `onChange` name. Without it the option is its label: the editor's selects
   * compare by label (editor spec section 3).
   */
  value?: string;
}

export interface SelectProps<TOption extends SelectOption = SelectOption> {
  label: string;
  options: readonly TOption[];
  /** The selected option's value (or label, for options without a value). */
  value: string | null;
  onChange: (value: string, option: TOption) => void;
  /** Dark on the editor's dark panels. */
  tone?: ListTone;
  /** Drawn before the value, e.g. a lucide icon. */
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  /** A disabled select can be neither focused nor opened. */
  disabled?: boolean;
  placeholder?: string;
  hideLabel?: boolean;
  className?: string;
}

const looks: Record<ListTone, { label: string; trigger: string; muted: string }> = {
  light: {
    label: 'text-sm font-medium text-zinc-700',
    trigger: lightFieldClasses,
    muted: 'text-zinc-500',
  },
  dark: {
    label: 'text-xs font-medium text-zinc-400',
    trigger: clsx(
      'flex h-10 w-full items-center gap-2 rounded-lg bg-zinc-800 px-3 text-left text-sm',
      'text-zinc-100 ring-1 ring-zinc-700 transition-colors ring-inset hover:bg-zinc-700',
      'disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-zinc-800',
    ),
    muted: 'text-zinc-400',
  },
};

const valueOf = (option: SelectOption): string => option.value ?? option.label;

/**
 * The dashboard's one select: a choice of one option from a list (WAI-ARIA APG select-only
 * combobox). Focus stays on the trigger, which the label names; arrows, Home/End, Page Up/Down
 * and typing move through the options, Enter or Space picks, Escape or a click outside closes.
 */
export function Select<TOption extends SelectOption>({
  label,
  options,
  value,
  onChange,
  tone = 'light',
  icon: Icon,
  disabled = false,
  placeholder = 'Select…',
  hideLabel = false,
  className,
}: SelectProps<TOption>) {
  const labelId = useId();
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const keyed: Option[] = options.map((option) => ({ ...option, value: valueOf(option) }));
  const selectedIndex = keyed.findIndex((option) => option.value === value);
  // A label-compared value outside the list (a format typed into the address) is still a label,
  // so it is shown; an unknown value of a keyed list is an id, so the placeholder is.
  const byLabel = options.every((option) => option.value === undefined);
  const shown = keyed[selectedIndex]?.label ?? (byLabel ? value : null);
  const look = looks[tone];
  const list = useSelectListbox({
    items: keyed,
    selectedIndex,
    disabled,
    onSelect: (index) => {
      const option = options[index];
      if (option) onChange(valueOf(option), option);
    },
  });
  const {
    reference,
    setReference,
    setFloating,
    floatingStyles,
    getReferenceProps,
    getFloatingProps,
  } = useListFloating(list.open, list.setOpen);
  const Listbox = keyed.length >= SELECT_VIRTUAL_FROM ? VirtualListbox : PlainListbox;

  return (
    <div className={clsx('flex min-w-0 flex-col gap-1', className)}>
      <span
        id={labelId}
        className={hideLabel ? 'sr-only' : look.label}
        onClick={() => {
          if (!disabled) reference?.focus();
        }}
      >
        {label}
      </span>
      <button
        ref={setReference}
        type="button"
        role="combobox"
        aria-labelledby={labelId}
        aria-haspopup="listbox"
        aria-expanded={list.open}
        aria-controls={list.open ? listboxId : undefined}
        aria-activedescendant={
          list.open && list.activeIndex !== null ? optionId(list.activeIndex) : undefined
        }
        disabled={disabled}
        data-state={list.open ? 'open' : 'closed'}
        {...getReferenceProps({
          onClick: () => list.setOpen(!list.open),
          onKeyDown: list.onKeyDown,
        })}
        className={look.trigger}
      >
        {Icon && <Icon aria-hidden="true" className={clsx('size-4 shrink-0', look.muted)} />}
        <span className={clsx('min-w-0 flex-1 truncate', shown === null && 'text-zinc-400')}>
          {shown ?? placeholder}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={clsx('size-4 shrink-0 transition-transform', look.muted, {
            'rotate-180': list.open,
          })}
        />
      </button>
      {list.open && (
        <Listbox
          id={listboxId}
          labelledBy={labelId}
          tone={tone}
          options={keyed}
          activeIndex={list.activeIndex}
          selectedValue={value}
          optionId={optionId}
          onHover={list.setActiveIndex}
          onChoose={list.choose}
          setFloating={setFloating}
          floatingStyles={floatingStyles}
          floatingProps={getFloatingProps() as HTMLAttributes<HTMLDivElement>}
        />
      )}
    </div>
  );
}
