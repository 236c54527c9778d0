import { useTransitionStatus, type FloatingContext } from '@floating-ui/react';
import type { CSSProperties } from 'react';
import { OVERLAY_ENTER_MS, OVERLAY_LEAVE_MS } from '../constants.ts';

/**
 * The overlay's enter (200 ms) and leave (150 ms) transitions (editor spec section 4): the
 * element stays mounted until the leave transition has run.
 */
export function useOverlayTransition(context: FloatingContext) {
  const { isMounted, status } = useTransitionStatus(context, {
    duration: { open: OVERLAY_ENTER_MS, close: OVERLAY_LEAVE_MS },
  });
  const style: CSSProperties = {
    transitionDuration: `${status === 'close' ? OVERLAY_LEAVE_MS : OVERLAY_ENTER_MS}ms`,
  };
  return { isMounted, status, style };
}

/** Classes that fade and lift an overlay according to its transition status. */
export function transitionClasses(status: string): string {
  return status === 'open' ? 'opacity-100' : 'opacity-0 pointer-events-none';
}
