import {
  FloatingFocusManager,
  FloatingPortal,
  autoUpdate,
  flip,
  offset,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useListNavigation,
  useRole,
  useTypeahead,
  type Placement,
} from '@floating-ui/react';
import { clsx } from 'clsx';
import { ChevronDown, Ellipsis } from 'lucide-react';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { POPOVER_CLOSE_DELAY_MS } from '../constants.ts';

interface PopoverMenuItem {
  label: string;
  onSelect: () => void;
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  disabled?: boolean;
  /** Paints a destructive action red. */
  danger?: boolean;
}

export interface PopoverMenuProps {
  /** The button's text, or its accessible name when `iconOnly`. */
  label: string;
  items: readonly PopoverMenuItem[];
  /** Shows a "more" icon instead of the label. */
  iconOnly?: boolean;
  placement?: Placement;
  className?: string;
}

/**
 * A menu behind a button. It closes on Escape, on a click outside, and 700 ms after a click
 * inside (editor spec section 4), which leaves time to see what was picked.
 */
export function PopoverMenu({
  label,
  items,
  iconOnly = false,
  placement = 'bottom-end',
  className,
}: PopoverMenuProps) {
  const [open, setOpen] = useState(false);
  // Counts clicks inside; each one restarts the delayed close.
  const [clicksInside, setClicksInside] = useState(0);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const [reference, setReference] = useState<HTMLElement | null>(null);
  const [floating, setFloating] = useState<HTMLElement | null>(null);
  const listRef = useRef<Array<HTMLElement | null>>([]);
  const labelsRef = useRef<Array<string | null>>(items.map((item) => item.label));

  const changeOpen = (next: boolean) => {
    setOpen(next);
    setClicksInside(0);
  };

  useEffect(() => {
    labelsRef.current = items.map((item) => item.label);
  }, [items]);
  useEffect(() => {
    if (!open || clicksInside === 0) return;
    const timer = setTimeout(() => setOpen(false), POPOVER_CLOSE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [open, clicksInside]);

  const { floatingStyles, context } = useFloating({
    elements: { reference, floating },
    open,
    onOpenChange: changeOpen,
    placement,
    whileElementsMounted: autoUpdate,
    middleware: [offset(4), flip({ padding: 8 }), shift({ padding: 8 })],
  });
  const click = useClick(context);
  const dismiss = useDismiss(context);
  const role = useRole(context, { role: 'menu' });
  const navigation = useListNavigation(context, {
    listRef,
    activeIndex,
    onNavigate: setActiveIndex,
    loop: true,
    disabledIndices: items.flatMap((item, index) => (item.disabled ? [index] : [])),
  });
  const typeahead = useTypeahead(context, {
    listRef: labelsRef,
    activeIndex,
    onMatch: (index) => {
      if (open) setActiveIndex(index);
    },
  });
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    click,
    dismiss,
    role,
    navigation,
    typeahead,
  ]);

  return (
    <>
      <button
        ref={setReference}
        type="button"
        aria-label={iconOnly ? label : undefined}
        data-state={open ? 'open' : 'closed'}
        {...getReferenceProps()}
        className={clsx(
          'inline-flex h-10 items-center gap-1 rounded-lg text-sm font-medium text-zinc-700',
          'hover:bg-zinc-100 data-[state=open]:bg-zinc-100',
          iconOnly ? 'w-10 justify-center' : 'px-3 ring-1 ring-zinc-300 ring-inset',
          className,
        )}
      >
        {iconOnly ? (
          <Ellipsis aria-hidden="true" className="size-5" />
        ) : (
          <>
            {label}
            <ChevronDown aria-hidden="true" className="size-4 text-zinc-500" />
          </>
        )}
      </button>
      {open && (
        <FloatingPortal>
          <FloatingFocusManager context={context} modal={false} initialFocus={-1}>
            <div
              ref={setFloating}
              style={floatingStyles}
              aria-label={label}
              {...getFloatingProps({ onClick: () => setClicksInside((count) => count + 1) })}
              className="z-50 min-w-44 rounded-lg bg-white p-1 shadow-lg ring-1 ring-zinc-200 outline-none"
            >
              {items.map((item, index) => {
                const Icon = item.icon;
                return (
                  <button
                    key={item.label}
                    ref={(node) => {
                      listRef.current[index] = node;
                    }}
                    type="button"
                    role="menuitem"
                    tabIndex={activeIndex === index ? 0 : -1}
                    disabled={item.disabled}
                    {...getItemProps({ onClick: item.onSelect })}
                    className={clsx(
                      'flex h-9 w-full items-center gap-2 rounded-md px-2 text-left text-sm',
                      'outline-none focus:bg-zinc-100 disabled:cursor-not-allowed disabled:opacity-40',
                      item.danger ? 'text-red-600' : 'text-zinc-800',
                    )}
                  >
                    {Icon && <Icon aria-hidden="true" className="size-4 shrink-0" />}
                    {item.label}
                  </button>
                );
              })}
            </div>
          </FloatingFocusManager>
        </FloatingPortal>
      )}
    </>
  );
}
