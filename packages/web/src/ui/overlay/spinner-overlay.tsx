import { FloatingFocusManager, FloatingPortal, useFloating } from '@floating-ui/react';
import { clsx } from 'clsx';
import { useState } from 'react';
import { Spinner } from '../spinner/spinner.tsx';
import { transitionClasses, useOverlayTransition } from './overlay-transition.ts';

export interface SpinnerOverlayProps {
  open: boolean;
  reason: string;
}

/** A page-covering spinner that holds focus until the work it waits for is done. */
export function SpinnerOverlay({ open, reason }: SpinnerOverlayProps) {
  const [floating, setFloating] = useState<HTMLElement | null>(null);
  const { context } = useFloating({ elements: { floating }, open });
  const { isMounted, status, style } = useOverlayTransition(context);
  if (!isMounted) return null;
  return (
    <FloatingPortal>
      <FloatingFocusManager context={context} modal returnFocus>
        <div
          ref={setFloating}
          role="status"
          aria-live="polite"
          tabIndex={-1}
          data-status={status}
          style={style}
          className={clsx(
            'fixed inset-0 z-50 grid place-items-center bg-zinc-950/40 p-4 transition-opacity',
            'outline-none',
            transitionClasses(status),
          )}
        >
          <div className="flex max-w-sm items-center gap-3 rounded-lg bg-zinc-900 px-4 py-3 text-sm text-white shadow-lg">
            <Spinner className="size-5 text-brand-500" />
            <span>{reason}</span>
          </div>
        </div>
      </FloatingFocusManager>
    </FloatingPortal>
  );
}
