import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';
import {
  EDITOR_TOAST_DURATION_MS,
  TOAST_DURATION_MS,
  TOAST_GAP_PX,
  TOAST_HOTKEY,
  TOAST_OFFSET_PX,
  TOAST_VISIBLE_COUNT,
  TOAST_WIDTH_PX,
} from '../constants.ts';
import { EDITOR_TOASTER_ID } from './toast.ts';

// Sonner already pauses the timers while the pointer is over the stack, while a toast is being
// swiped and while the page is hidden, and dismisses on a swipe; the spec asks for exactly that.
const shared = {
  gap: TOAST_GAP_PX,
  offset: TOAST_OFFSET_PX,
  visibleToasts: TOAST_VISIBLE_COUNT,
  hotkey: TOAST_HOTKEY,
  closeButton: true,
  richColors: true,
  style: { '--width': `${TOAST_WIDTH_PX}px` } as CSSProperties,
  toastOptions: { className: 'font-sans' },
} as const;

/** The app's toaster: bottom-right, 4000 ms. Mount once, near the root. */
export function Toaster() {
  return <Sonner {...shared} position="bottom-right" duration={TOAST_DURATION_MS} />;
}

/** The editor's toaster: bottom-centre, 3000 ms (5000 ms for `toast.danger`). */
export function EditorToaster() {
  return (
    <Sonner
      {...shared}
      id={EDITOR_TOASTER_ID}
      position="bottom-center"
      duration={EDITOR_TOAST_DURATION_MS}
      containerAriaLabel="Editor notifications"
    />
  );
}
