import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  PAGE_STEP,
  firstEnabledIndex,
  isPrintableKey,
  lastEnabledIndex,
  stepIndex,
  typeaheadIndex,
  type ListItem,
} from './listbox.utils.ts';

/** Typed characters within this pause add up to one typeahead query (as in native selects). */
const TYPEAHEAD_RESET_MS = 500;

export interface SelectListboxOptions {
  items: readonly ListItem[];
  /** -1 when nothing is selected. */
  selectedIndex: number;
  onSelect: (index: number) => void;
  disabled?: boolean;
}

/**
 * State and keyboard of a select-only combobox (WAI-ARIA APG): focus stays on the trigger, the
 * active option is announced through aria-activedescendant.
 */
export function useSelectListbox({
  items,
  selectedIndex,
  onSelect,
  disabled,
}: SelectListboxOptions) {
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const query = useRef('');
  const queryTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(queryTimer.current), []);

  const selectedOrFirst = () =>
    selectedIndex >= 0 && items[selectedIndex]?.disabled !== true
      ? selectedIndex
      : firstEnabledIndex(items);

  const show = (index: number | null) => {
    setOpen(true);
    setActiveIndex(index);
  };

  const close = () => {
    setOpen(false);
    setActiveIndex(null);
  };

  const choose = (index: number) => {
    if (items[index]?.disabled === true) return;
    onSelect(index);
    close();
  };

  const setOpenState = (next: boolean) => {
    if (disabled) return;
    if (next) show(selectedOrFirst());
    else close();
  };

  const typeahead = (char: string) => {
    clearTimeout(queryTimer.current);
    query.current += char;
    queryTimer.current = setTimeout(() => {
      query.current = '';
    }, TYPEAHEAD_RESET_MS);
    const from = open ? activeIndex : selectedIndex >= 0 ? selectedIndex : null;
    const match = typeaheadIndex(items, query.current, from);
    if (match !== null) show(match);
    else if (!open) show(selectedOrFirst());
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (disabled) return;
    const { key } = event;
    const typing = query.current !== '';
    if (isPrintableKey(event) && (key !== ' ' || typing)) {
      event.preventDefault();
      typeahead(key);
      return;
    }
    if (!open) {
      if (key === 'ArrowDown' || key === 'ArrowUp' || key === 'Enter' || key === ' ') {
        event.preventDefault();
        show(selectedOrFirst());
      } else if (key === 'Home') {
        event.preventDefault();
        show(firstEnabledIndex(items));
      } else if (key === 'End') {
        event.preventDefault();
        show(lastEnabledIndex(items));
      }
      return;
    }
    const move = (next: number | null) => {
      event.preventDefault();
      setActiveIndex(next);
    };
    switch (key) {
      case 'ArrowDown':
        move(stepIndex(items, activeIndex, 1));
        break;
      case 'ArrowUp':
        if (event.altKey) {
          event.preventDefault();
          if (activeIndex !== null) choose(activeIndex);
          else close();
        } else {
          move(stepIndex(items, activeIndex, -1));
        }
        break;
      case 'PageDown':
        move(stepIndex(items, activeIndex, PAGE_STEP));
        break;
      case 'PageUp':
        move(stepIndex(items, activeIndex, -PAGE_STEP));
        break;
      case 'Home':
        move(firstEnabledIndex(items));
        break;
      case 'End':
        move(lastEnabledIndex(items));
        break;
      case 'Enter':
      case ' ':
        event.preventDefault();
        if (activeIndex !== null) choose(activeIndex);
        else close();
        break;
      case 'Escape':
        // Stop here so a surrounding modal stays open.
        event.preventDefault();
        event.stopPropagation();
        close();
        break;
      case 'Tab':
        // Tab accepts the active option and lets focus move on (APG select-only combobox).
        if (activeIndex !== null) choose(activeIndex);
        else close();
        break;
    }
  };

  return { open, setOpen: setOpenState, activeIndex, setActiveIndex, choose, onKeyDown };
}
