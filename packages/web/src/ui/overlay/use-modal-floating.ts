import { useDismiss, useFloating, useInteractions, useRole } from '@floating-ui/react';

/**
 * The Floating UI wiring every always-open modal dialog shares: dialog semantics, Escape calls
 * `onClose`, and a click beside the dialog does nothing, so a stray click never loses what the
 * dialog holds. Spread `getFloatingProps()` on the dialog element and give it `setFloating`.
 */
export function useModalFloating(onClose: () => void) {
  const {
    context,
    refs: { setFloating },
  } = useFloating({
    open: true,
    onOpenChange: (open) => {
      if (!open) onClose();
    },
  });
  const dismiss = useDismiss(context, { outsidePress: false });
  const role = useRole(context, { role: 'dialog' });
  const { getFloatingProps } = useInteractions([dismiss, role]);
  return { context, setFloating, getFloatingProps };
}
