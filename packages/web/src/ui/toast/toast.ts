import type { ReactNode } from 'react';
import { toast as sonner } from 'sonner';
import { EDITOR_DANGER_TOAST_DURATION_MS } from '../constants.ts';

// The app talks to this module, never to sonner, so the toast library can change in one place
// (STYLE.md, "Wrap third-party state behind your own module").

/** The id of the editor's toaster; toasts sent there appear bottom-centre. */
export const EDITOR_TOASTER_ID = 'editor';

export type ToastId = string | number;

export interface ToastOptions {
  description?: ReactNode;
  /** Reuse an id to replace a toast in place (a loading toast becoming a result). */
  id?: ToastId;
  duration?: number;
  action?: { label: string; onClick: () => void };
  /** Show the toast on the editor's toaster instead of the app's. */
  editor?: boolean;
}

export interface PromiseToastMessages<T> {
  loading: ReactNode;
  success: ReactNode | ((value: T) => ReactNode);
  error: ReactNode | ((error: unknown) => ReactNode);
}

function toSonner(options: ToastOptions = {}) {
  const { editor, action, ...rest } = options;
  return {
    ...rest,
    ...(action ? { action: { label: action.label, onClick: () => action.onClick() } } : {}),
    ...(editor ? { toasterId: EDITOR_TOASTER_ID } : {}),
  };
}

export const toast = {
  success: (message: ReactNode, options?: ToastOptions) =>
    sonner.success(message, toSonner(options)),
  info: (message: ReactNode, options?: ToastOptions) => sonner.info(message, toSonner(options)),
  warning: (message: ReactNode, options?: ToastOptions) =>
    sonner.warning(message, toSonner(options)),
  error: (message: ReactNode, options?: ToastOptions) => sonner.error(message, toSonner(options)),
  /** Stays until dismissed or replaced (pass its id to a later toast). */
  loading: (message: ReactNode, options?: ToastOptions) =>
    sonner.loading(message, toSonner(options)),
  /** The editor's danger variant: an error that stays 5000 ms (editor spec section 4). */
  danger: (message: ReactNode, options?: Omit<ToastOptions, 'editor'>) =>
    sonner.error(message, {
      duration: EDITOR_DANGER_TOAST_DURATION_MS,
      ...toSonner({ ...options, editor: true }),
    }),
  /**
   * A loading toast that settles into success or error with the promise. Returns the toast id;
   * the caller keeps (and handles) its own promise.
   */
  promise: <T>(
    promise: Promise<T>,
    messages: PromiseToastMessages<T>,
    options?: Omit<ToastOptions, 'description'>,
  ): ToastId => {
    const id = sonner.loading(messages.loading, toSonner(options));
    promise.then(
      (value) => {
        const { success } = messages;
        const message = typeof success === 'function' ? success(value) : success;
        sonner.success(message, { ...toSonner(options), id });
      },
      (error: unknown) => {
        const { error: failure } = messages;
        const message = typeof failure === 'function' ? failure(error) : failure;
        sonner.error(message, { ...toSonner(options), id });
      },
    );
    return id;
  },
  /** Dismisses one toast, or every toast when called without an id. */
  dismiss: (id?: ToastId) => {
    sonner.dismiss(id);
  },
};
