import {
  FloatingPortal,
  autoUpdate,
  flip,
  offset,
  shift,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { clsx } from 'clsx';
import { Info } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { TOOLTIP_HIDE_DELAY_MS, TOOLTIP_MAX_WIDTH_PX } from '../constants.ts';
import { tooltipSide, type TooltipSide } from './tooltip.utils.ts';
import { useWindowWidth } from './use-window-width.ts';

export interface InfoTooltipProps {
  content: ReactNode;
  /** The icon button's accessible name. */
  label?: string;
  /** Where the callout goes on wide screens; side callouts drop below at 480 px or less. */
  side?: TooltipSide;
  /** `dark` draws the icon for dark panels. */
  tone?: 'light' | 'dark';
  className?: string;
}

/**
 * An info icon with a callout: shown on hover and on keyboard focus, hidden 300 ms after the
 * pointer leaves (editor spec section 4), at most 240 px wide.
 */
export function InfoTooltip({
  content,
  label = 'More information',
  side = 'right',
  tone = 'light',
  className,
}: InfoTooltipProps) {
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState<HTMLElement | null>(null);
  const [floating, setFloating] = useState<HTMLElement | null>(null);
  const wanted = tooltipSide(side, useWindowWidth());
  const { floatingStyles, context, placement } = useFloating({
    elements: { reference, floating },
    open,
    onOpenChange: setOpen,
    placement: wanted,
    whileElementsMounted: autoUpdate,
    middleware: [offset(8), flip({ padding: 8 }), shift({ padding: 8 })],
  });
  const hover = useHover(context, {
    move: false,
    delay: { open: 0, close: TOOLTIP_HIDE_DELAY_MS },
  });
  const focus = useFocus(context);
  const dismiss = useDismiss(context);
  const role = useRole(context, { role: 'tooltip' });
  const { getReferenceProps, getFloatingProps } = useInteractions([hover, focus, dismiss, role]);

  return (
    <>
      <button
        ref={setReference}
        type="button"
        aria-label={label}
        {...getReferenceProps()}
        className={clsx(
          'inline-grid size-5 shrink-0 place-items-center rounded-full',
          tone === 'dark'
            ? 'text-zinc-400 hover:text-zinc-100'
            : 'text-zinc-400 hover:text-zinc-700',
          className,
        )}
      >
        <Info aria-hidden="true" className="size-4" />
      </button>
      {open && (
        <FloatingPortal>
          <div
            ref={setFloating}
            style={{ ...floatingStyles, maxWidth: TOOLTIP_MAX_WIDTH_PX }}
            data-side={wanted}
            data-placement={placement}
            {...getFloatingProps()}
            className="z-50 rounded-lg bg-zinc-900 px-3 py-2 text-xs leading-5 text-white shadow-lg"
          >
            {content}
          </div>
        </FloatingPortal>
      )}
    </>
  );
}
