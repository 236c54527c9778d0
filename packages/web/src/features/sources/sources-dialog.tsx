import { FloatingFocusManager, FloatingOverlay, FloatingPortal } from '@floating-ui/react';
import { useId, type ReactNode } from 'react';
import { useModalFloating } from '../../ui/overlay/use-modal-floating.ts';

export interface SourcesDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The buttons under the content. */
  actions: ReactNode;
  icon?: ReactNode;
}

/** A modal with rich content (links, lists) where the overlay's confirm only takes text. */
export function SourcesDialog({ title, onClose, children, actions, icon }: SourcesDialogProps) {
  const titleId = useId();
  const { context, setFloating, getFloatingProps } = useModalFloating(onClose);

  return (
    <FloatingPortal>
      <FloatingOverlay lockScroll className="z-50 grid place-items-center bg-zinc-950/50 p-4">
        <FloatingFocusManager context={context} modal>
          <div
            ref={setFloating}
            aria-modal="true"
            aria-labelledby={titleId}
            {...getFloatingProps()}
            className="max-h-full w-full max-w-lg overflow-y-auto rounded-lg bg-white p-6 shadow-xl ring-1 ring-zinc-200 outline-none"
          >
            <div className="flex items-start gap-4">
              {icon}
              <div className="min-w-0 flex-1">
                <h2 id={titleId} className="text-base font-semibold text-zinc-900">
                  {title}
                </h2>
                <div className="mt-2 text-sm text-zinc-600">{children}</div>
              </div>
            </div>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              {actions}
            </div>
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}
