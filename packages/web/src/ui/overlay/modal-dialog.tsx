import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { clsx } from 'clsx';
import { CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '../button/button.tsx';
import type { ModalStyle } from './overlay-context.ts';
import { transitionClasses, useOverlayTransition } from './overlay-transition.ts';

export interface ModalDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  dismissLabel?: string;
  variant?: ModalStyle;
  onConfirm: () => void;
  /** Called for the dismiss button and for Escape. */
  onDismiss: () => void;
}

const looks: Record<
  ModalStyle,
  { panel: string; message: string; icon: typeof Info; iconClass: string }
> = {
  dark: {
    panel: 'bg-zinc-900 text-white ring-zinc-700',
    message: 'text-zinc-300',
    icon: Info,
    iconClass: 'bg-zinc-800 text-zinc-100',
  },
  attention: {
    panel: 'bg-white text-zinc-900 ring-zinc-200',
    message: 'text-zinc-600',
    icon: TriangleAlert,
    iconClass: 'bg-red-50 text-red-600',
  },
  confirmation: {
    panel: 'bg-white text-zinc-900 ring-zinc-200',
    message: 'text-zinc-600',
    icon: CircleCheck,
    iconClass: 'bg-brand-50 text-brand-600',
  },
};

/** A confirm/dismiss modal: focus is trapped inside and returns to the opener on close. */
export function ModalDialog({
  open,
  title,
  message,
  confirmLabel = 'Confirm',
  dismissLabel = 'Cancel',
  variant = 'confirmation',
  onConfirm,
  onDismiss,
}: ModalDialogProps) {
  const titleId = useId();
  const messageId = useId();
  const dismissRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const [floating, setFloating] = useState<HTMLElement | null>(null);
  const { context } = useFloating({
    elements: { floating },
    open,
    onOpenChange: (next) => {
      if (!next) onDismiss();
    },
  });
  // Only Escape dismisses: a stray click beside the dialog should not answer its question.
  const dismiss = useDismiss(context, { outsidePress: false });
  const role = useRole(context, { role: 'dialog' });
  const { getFloatingProps } = useInteractions([dismiss, role]);
  const { isMounted, status, style } = useOverlayTransition(context);
  if (!isMounted) return null;

  const look = looks[variant];
  const Icon = look.icon;
  // A destructive question starts on the safe answer.
  const initialFocus = variant === 'attention' ? dismissRef : confirmRef;
  return (
    <FloatingPortal>
      <FloatingOverlay
        lockScroll
        data-status={status}
        style={style}
        className={clsx(
          'z-50 grid place-items-center bg-zinc-950/50 p-4 transition-opacity',
          transitionClasses(status),
        )}
      >
        <FloatingFocusManager context={context} modal initialFocus={initialFocus} returnFocus>
          <div
            ref={setFloating}
            aria-modal="true"
            aria-labelledby={titleId}
            aria-describedby={messageId}
            data-style={variant}
            {...getFloatingProps()}
            className={clsx(
              'w-full max-w-md rounded-lg p-6 shadow-xl ring-1 outline-none',
              'transition-transform duration-[inherit]',
              status === 'open' ? 'scale-100' : 'scale-95',
              look.panel,
            )}
          >
            <div className="flex items-start gap-4">
              <span
                className={clsx(
                  'grid size-10 shrink-0 place-items-center rounded-full',
                  look.iconClass,
                )}
              >
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div className="min-w-0">
                <h2 id={titleId} className="text-base font-semibold">
                  {title}
                </h2>
                <p id={messageId} className={clsx('mt-2 text-sm', look.message)}>
                  {message}
                </p>
              </div>
            </div>
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button
                ref={dismissRef}
                type="button"
                variant={variant === 'dark' ? 'ghost' : 'secondary'}
                surface={variant === 'dark' ? 'dark' : 'light'}
                onClick={() => {
                  if (open) onDismiss();
                }}
              >
                {dismissLabel}
              </Button>
              <Button
                ref={confirmRef}
                type="button"
                variant={variant === 'attention' ? 'danger' : 'primary'}
                color={variant === 'confirmation' ? 'orange' : 'default'}
                surface={variant === 'dark' ? 'dark' : 'light'}
                onClick={() => {
                  if (open) onConfirm();
                }}
              >
                {confirmLabel}
              </Button>
            </div>
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}
