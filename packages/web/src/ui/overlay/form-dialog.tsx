import { FloatingFocusManager, FloatingOverlay, FloatingPortal } from '@floating-ui/react';
import { useId, type ReactNode } from 'react';
import { useModalFloating } from './use-modal-floating.ts';

export interface FormDialogProps {
  title: string;
  /** One line under the title saying what the dialog does; it describes the dialog to readers. */
  description: ReactNode;
  /** Escape and a click outside; the caller decides whether closing is allowed right now. */
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal that holds a form: focus is trapped inside and returns to the opener, Escape and the
 * backdrop close it, and on a phone it becomes a sheet at the bottom of the screen.
 */
export function FormDialog({ title, description, onClose, children }: FormDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const { context, setFloating, getFloatingProps } = useModalFloating(onClose);

  return (
    <FloatingPortal>
      <FloatingOverlay
        lockScroll
        className="z-50 grid place-items-end bg-zinc-950/50 sm:place-items-center sm:p-4"
      >
        <FloatingFocusManager context={context} modal>
          <div
            ref={setFloating}
            aria-labelledby={titleId}
            aria-describedby={descriptionId}
            {...getFloatingProps()}
            className="max-h-full w-full max-w-lg overflow-y-auto rounded-t-lg bg-white p-6 shadow-xl outline-none sm:rounded-lg"
          >
            <h2 id={titleId} className="text-lg font-semibold text-zinc-900">
              {title}
            </h2>
            <p id={descriptionId} className="mt-1 text-sm text-zinc-600">
              {description}
            </p>
            {children}
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}
