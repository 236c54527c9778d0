import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { clsx } from 'clsx';
import { useEffect, useState, type CSSProperties, type HTMLAttributes } from 'react';
import { LIST_OVERSCAN, LIST_ROW_ESTIMATE_PX } from '../constants.ts';
import { ListOption, type ListTone } from './list-option.tsx';
import { includeIndex, type ListItem } from './listbox.utils.ts';

export interface Option extends ListItem {
  value: string;
}

export interface VirtualListboxProps {
  id: string;
  labelledBy: string;
  options: readonly Option[];
  activeIndex: number | null;
  selectedValue: string | null;
  optionId: (index: number) => string;
  onHover: (index: number) => void;
  onChoose: (index: number) => void;
  /** Receives the listbox, which is both the floating and the scrolling element. */
  setFloating: (node: HTMLElement | null) => void;
  floatingStyles: CSSProperties;
  floatingProps: HTMLAttributes<HTMLDivElement>;
  /** Dark on the editor's dark panels. */
  tone?: ListTone;
}

/** The list's own surface, per tone. */
export const listSurfaceClasses: Record<ListTone, string> = {
  light: 'z-50 overflow-y-auto rounded-lg bg-white shadow-lg ring-1 ring-zinc-200',
  dark: 'z-50 overflow-y-auto rounded-lg bg-zinc-900 shadow-lg ring-1 ring-zinc-700',
};

/**
 * A listbox that renders only the rows in view (editor spec section 9: row estimate 40 px,
 * overscan 12), plus the active row wherever it is.
 */
export function VirtualListbox({
  id,
  labelledBy,
  options,
  activeIndex,
  selectedValue,
  optionId,
  onHover,
  onChoose,
  setFloating,
  floatingStyles,
  floatingProps,
  tone = 'light',
}: VirtualListboxProps) {
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  // The virtualiser hands out fresh functions each render; this component does not memoise
  // anything derived from them, which is what the rule guards against.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: options.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => LIST_ROW_ESTIMATE_PX,
    overscan: LIST_OVERSCAN,
    rangeExtractor: (range) => includeIndex(defaultRangeExtractor(range), activeIndex),
  });

  useEffect(() => {
    if (activeIndex !== null) virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
  }, [activeIndex, virtualizer]);

  return (
    <div
      ref={(node) => {
        setFloating(node);
        setScrollElement(node);
      }}
      id={id}
      role="listbox"
      aria-labelledby={labelledBy}
      tabIndex={-1}
      style={floatingStyles}
      {...floatingProps}
      // Keeps focus on the combobox while the pointer picks an option.
      onMouseDown={(event) => event.preventDefault()}
      className={listSurfaceClasses[tone]}
    >
      <div role="presentation" className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const option = options[row.index];
          if (!option) return null;
          return (
            <ListOption
              key={option.value}
              id={optionId(row.index)}
              tone={tone}
              label={option.label}
              disabled={option.disabled}
              selected={option.value === selectedValue}
              active={row.index === activeIndex}
              position={{ index: row.index, count: options.length }}
              style={{
                position: 'absolute',
                insetInline: 0,
                top: 0,
                height: row.size,
                transform: `translateY(${row.start}px)`,
              }}
              onHover={() => onHover(row.index)}
              onChoose={() => onChoose(row.index)}
            />
          );
        })}
      </div>
    </div>
  );
}

/** Classes shared by the light select and the combobox triggers. */
export const lightFieldClasses = clsx(
  'flex h-10 w-full items-center gap-2 rounded-lg bg-white px-3 text-left text-sm text-zinc-900',
  'ring-1 ring-zinc-300 ring-inset transition-colors hover:ring-zinc-400',
  'disabled:cursor-not-allowed disabled:bg-zinc-50 disabled:text-zinc-400',
);
