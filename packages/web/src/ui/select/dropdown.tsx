import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useId, type HTMLAttributes } from 'react';
import { useListFloating } from './use-list-floating.ts';
import { useSelectListbox } from './use-select-listbox.ts';
import { VirtualListbox, lightFieldClasses, type Option } from './virtual-listbox.tsx';

export interface DropdownProps {
  label: string;
  options: readonly Option[];
  /** The selected option's value. */
  value: string | null;
  onChange: (value: string, option: Option) => void;
  disabled?: boolean;
  placeholder?: string;
  hideLabel?: boolean;
  className?: string;
}

/** A select for long lists: only the rows in view are rendered. */
export function Dropdown({
  label,
  options,
  value,
  onChange,
  disabled = false,
  placeholder = 'Select…',
  hideLabel = false,
  className,
}: DropdownProps) {
  const labelId = useId();
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const selectedIndex = options.findIndex((option) => option.value === value);
  const selected = options[selectedIndex];
  const list = useSelectListbox({
    items: options,
    selectedIndex,
    disabled,
    onSelect: (index) => {
      const option = options[index];
      if (option) onChange(option.value, option);
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

  return (
    <div className={clsx('flex min-w-0 flex-col gap-1', className)}>
      <span
        id={labelId}
        className={hideLabel ? 'sr-only' : 'text-sm font-medium text-zinc-700'}
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
        className={lightFieldClasses}
      >
        <span className={clsx('min-w-0 flex-1 truncate', !selected && 'text-zinc-400')}>
          {selected?.label ?? placeholder}
        </span>
        <ChevronDown
          aria-hidden="true"
          className={clsx('size-4 shrink-0 text-zinc-500 transition-transform', {
            'rotate-180': list.open,
          })}
        />
      </button>
      {list.open && (
        <VirtualListbox
          id={listboxId}
          labelledBy={labelId}
          options={options}
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
