import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ModalDialog } from './modal-dialog.tsx';
import { OverlayContext, type ConfirmOptions, type OverlayApi } from './overlay-context.ts';
import { SpinnerOverlay } from './spinner-overlay.tsx';

const DEFAULT_REASON = 'Loading…';

/** Mount once near the root; `useOverlay()` then reaches the spinner and the confirm modal. */
export function OverlayProvider({ children }: { children: ReactNode }) {
  const [spinner, setSpinner] = useState({ open: false, reason: DEFAULT_REASON });
  // The options stay after closing so the dialog keeps its text while it fades out.
  const [dialog, setDialog] = useState<{ open: boolean; options: ConfirmOptions } | null>(null);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);

  const settle = useCallback((confirmed: boolean) => {
    answer.current?.(confirmed);
    answer.current = null;
    setDialog((current) => current && { ...current, open: false });
  }, []);

  const api = useMemo<OverlayApi>(
    () => ({
      showSpinner: (reason = DEFAULT_REASON) => setSpinner({ open: true, reason }),
      hideSpinner: () => setSpinner((current) => ({ ...current, open: false })),
      confirm: (options) =>
        new Promise<boolean>((resolve) => {
          // A newer question replaces an unanswered one, which counts as dismissed.
          answer.current?.(false);
          answer.current = resolve;
          setDialog({ open: true, options });
        }),
    }),
    [],
  );

  return (
    <OverlayContext.Provider value={api}>
      {children}
      <SpinnerOverlay open={spinner.open} reason={spinner.reason} />
      {dialog && (
        <ModalDialog
          open={dialog.open}
          title={dialog.options.title}
          message={dialog.options.message}
          confirmLabel={dialog.options.confirmLabel}
          dismissLabel={dialog.options.dismissLabel}
          variant={dialog.options.style}
          onConfirm={() => settle(true)}
          onDismiss={() => settle(false)}
        />
      )}
    </OverlayContext.Provider>
  );
}
