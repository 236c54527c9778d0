import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useId, useState, type HTMLAttributes, type KeyboardEvent } from 'react';
import {
  PAGE_STEP,
  filterItems,
  firstEnabledIndex,
  lastEnabledIndex,
  stepIndex,
} from './listbox.utils.ts';
import { useListFloating } from './use-list-floating.ts';
import { VirtualListbox, lightFieldClasses, type Option } from './virtual-listbox.tsx';
import { focusWithinOutline } from '../focus.ts';

export interface ComboboxProps {
  label: string;
  options: readonly Option[];
  /** The selected option's value. */
  value: string | null;
  onChange: (value: string, option: Option) => void;
  disabled?: boolean;
  placeholder?: string;
  hideLabel?: boolean;
  /** Shown when the typed text matches nothing. */
  emptyMessage?: string;
  className?: string;
}

/**
 * A text field that filters a long list as you type (WAI-ARIA APG editable combobox with list
 * autocomplete): the first match becomes active and Enter picks it.
 */
export function Combobox({
  label,
  options,
  value,
  onChange,
  disabled = false,
  placeholder = 'Search…',
  hideLabel = false,
  emptyMessage = 'No matches',
  className,
}: ComboboxProps) {
  const inputId = useId();
  const labelId = useId();
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  // null while the field shows the selection rather than text being typed.
  const [query, setQuery] = useState<string | null>(null);
  const selected = options.find((option) => option.value === value);
  const visible = query === null ? options : filterItems(options, query);

  const close = () => {
    setOpen(false);
    setActiveIndex(null);
    setQuery(null);
  };

  const show = (index: number | null) => {
    if (disabled) return;
    setOpen(true);
    setActiveIndex(index);
  };

  const showAtSelection = () => {
    const at = visible.findIndex((option) => option.value === value);
    show(at >= 0 ? at : firstEnabledIndex(visible));
  };

  const choose = (index: number) => {
    const option = visible[index];
    if (!option || option.disabled === true) return;
    onChange(option.value, option);
    close();
  };

  const { setReference, setFloating, floatingStyles, getReferenceProps, getFloatingProps } =
    useListFloating(open, (next) => (next ? showAtSelection() : close()));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const move = (next: number | null) => {
      event.preventDefault();
      setActiveIndex(next);
    };
    switch (event.key) {
      case 'ArrowDown':
        if (!open) {
          event.preventDefault();
          if (event.altKey) show(null);
          else showAtSelection();
        } else move(stepIndex(visible, activeIndex, 1));
        break;
      case 'ArrowUp':
        if (!open) {
          event.preventDefault();
          show(lastEnabledIndex(visible));
        } else move(stepIndex(visible, activeIndex, -1));
        break;
      case 'PageDown':
        if (open) move(stepIndex(visible, activeIndex, PAGE_STEP));
        break;
      case 'PageUp':
        if (open) move(stepIndex(visible, activeIndex, -PAGE_STEP));
        break;
      case 'Enter':
        if (open && activeIndex !== null) {
          event.preventDefault();
          choose(activeIndex);
        }
        break;
      case 'Escape':
        if (open || query !== null) {
          // Stop here so a surrounding modal stays open.
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        break;
      case 'Tab':
        if (open) close();
        break;
    }
  };

  return (
    <div className={clsx('flex min-w-0 flex-col gap-1', className)}>
      <label
        id={labelId}
        htmlFor={inputId}
        className={hideLabel ? 'sr-only' : 'text-sm font-medium text-zinc-700'}
      >
        {label}
      </label>
      <div
        ref={setReference}
        {...getReferenceProps()}
        className={clsx(
          lightFieldClasses,
          'pr-1',
          focusWithinOutline,
          disabled && 'cursor-not-allowed bg-zinc-50 text-zinc-400',
        )}
      >
        <input
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listboxId : undefined}
          aria-activedescendant={open && activeIndex !== null ? optionId(activeIndex) : undefined}
          data-state={open ? 'open' : 'closed'}
          disabled={disabled}
          placeholder={placeholder}
          value={query ?? selected?.label ?? ''}
          onChange={(event) => {
            const text = event.target.value;
            setQuery(text);
            show(firstEnabledIndex(filterItems(options, text)));
          }}
          onClick={() => {
            if (!open) showAtSelection();
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
          className="h-full min-w-0 flex-1 bg-transparent placeholder:text-zinc-400 focus-visible:outline-none disabled:cursor-not-allowed"
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={`Show ${label} options`}
          disabled={disabled}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (open) close();
            else showAtSelection();
            document.getElementById(inputId)?.focus();
          }}
          className="grid size-8 place-items-center rounded-md text-zinc-500 hover:bg-zinc-100 disabled:hover:bg-transparent"
        >
          <ChevronDown
            aria-hidden="true"
            className={clsx('size-4 transition-transform', open && 'rotate-180')}
          />
        </button>
      </div>
      {open &&
        (visible.length > 0 ? (
          <VirtualListbox
            id={listboxId}
            labelledBy={labelId}
            options={visible}
            activeIndex={activeIndex}
            selectedValue={value}
            optionId={optionId}
            onHover={setActiveIndex}
            onChoose={choose}
            setFloating={setFloating}
            floatingStyles={floatingStyles}
            floatingProps={getFloatingProps() as HTMLAttributes<HTMLDivElement>}
          />
        ) : (
          <div
            ref={setFloating}
            role="status"
            style={floatingStyles}
            className="z-50 rounded-lg bg-white px-3 py-2 text-sm text-zinc-500 shadow-lg ring-1 ring-zinc-200"
          >
            {emptyMessage}
          </div>
        ))}
    </div>
  );
}
