import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useEffect, useId, type ComponentType } from 'react';
import { ListOption } from './list-option.tsx';
import type { ListItem } from './listbox.utils.ts';
import { useListFloating } from './use-list-floating.ts';
import { useSelectListbox } from './use-select-listbox.ts';

export interface DarkSelectProps {
  label: string;
  /** Drawn before the value, e.g. a lucide icon. */
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  items: readonly ListItem[];
  /** The selected item's label: selection is compared by label (editor spec section 3). */
  value: string | null;
  onChange: (item: ListItem) => void;
  /** A disabled select can be neither focused nor opened. */
  disabled?: boolean;
  placeholder?: string;
  hideLabel?: boolean;
  className?: string;
}

/** The editor's select, on dark panels. */
export function DarkSelect({
  label,
  icon: Icon,
  items,
  value,
  onChange,
  disabled = false,
  placeholder = 'Select…',
  hideLabel = false,
  className,
}: DarkSelectProps) {
  const labelId = useId();
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const selectedIndex = items.findIndex((item) => item.label === value);
  const list = useSelectListbox({
    items,
    selectedIndex,
    disabled,
    onSelect: (index) => {
      const item = items[index];
      if (item) onChange(item);
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

  const activeId = list.open && list.activeIndex !== null ? optionId(list.activeIndex) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  return (
    <div className={clsx('flex min-w-0 flex-col gap-1', className)}>
      <span
        id={labelId}
        className={hideLabel ? 'sr-only' : 'text-xs font-medium text-zinc-400'}
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
        aria-activedescendant={activeId}
        disabled={disabled}
        {...getReferenceProps({
          onClick: () => list.setOpen(!list.open),
          onKeyDown: list.onKeyDown,
        })}
        className={clsx(
          'flex h-10 w-full items-center gap-2 rounded-lg bg-zinc-800 px-3 text-left text-sm',
          'text-zinc-100 ring-1 ring-zinc-700 transition-colors ring-inset hover:bg-zinc-700',
          'disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-zinc-800',
        )}
      >
        {Icon && <Icon aria-hidden="true" className="size-4 shrink-0 text-zinc-400" />}
        <span className={clsx('min-w-0 flex-1 truncate', value === null && 'text-zinc-400')}>
          {value ?? placeholder}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={clsx('size-4 shrink-0 text-zinc-400 transition-transform', {
            'rotate-180': list.open,
          })}
        />
      </button>
      {list.open && (
        <div
          ref={setFloating}
          id={listboxId}
          role="listbox"
          aria-labelledby={labelId}
          tabIndex={-1}
          style={floatingStyles}
          {...getFloatingProps({
            // Keeps focus on the combobox while the pointer picks an option.
            onMouseDown: (event) => event.preventDefault(),
          })}
          className="z-50 overflow-y-auto rounded-lg bg-zinc-900 py-1 shadow-lg ring-1 ring-zinc-700"
        >
          {items.map((item, index) => (
            <ListOption
              key={item.label}
              id={optionId(index)}
              tone="dark"
              label={item.label}
              disabled={item.disabled}
              selected={index === selectedIndex}
              active={index === list.activeIndex}
              onHover={() => list.setActiveIndex(index)}
              onChoose={() => list.choose(index)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
