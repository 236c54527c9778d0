import { useState } from 'react';
import {
  autoUpdate,
  flip,
  offset,
  size,
  useDismiss,
  useFloating,
  useInteractions,
} from '@floating-ui/react';

const MAX_LIST_HEIGHT_PX = 320;

/**
 * Positions a list under its trigger, as wide as the trigger and no taller than the room left,
 * and closes it on a press outside. Escape is left to the control's own key handler so that a
 * list inside a modal closes without closing the modal too.
 */
export function useListFloating(open: boolean, onOpenChange: (open: boolean) => void) {
  // Elements kept in state rather than floating-ui's refs, which the React Compiler lint reads
  // as refs being accessed during render.
  const [reference, setReference] = useState<HTMLElement | null>(null);
  const [floatingElement, setFloating] = useState<HTMLElement | null>(null);
  const floating = useFloating({
    elements: { reference, floating: floatingElement },
    open,
    onOpenChange,
    placement: 'bottom-start',
    strategy: 'fixed',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(4),
      flip({ padding: 8 }),
      size({
        padding: 8,
        apply({ rects, availableHeight, elements }) {
          Object.assign(elements.floating.style, {
            width: `${rects.reference.width}px`,
            maxHeight: `${Math.max(120, Math.min(availableHeight, MAX_LIST_HEIGHT_PX))}px`,
          });
        },
      }),
    ],
  });
  const dismiss = useDismiss(floating.context, { escapeKey: false });
  const { getReferenceProps, getFloatingProps } = useInteractions([dismiss]);
  return {
    reference,
    setReference,
    setFloating,
    floatingStyles: floating.floatingStyles,
    getReferenceProps,
    getFloatingProps,
  };
}
