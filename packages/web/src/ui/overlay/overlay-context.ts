import { createContext } from 'react';

export type ModalStyle = 'dark' | 'attention' | 'confirmation';

export interface ConfirmOptions {
  title: string;
  message: string;
  /** Defaults to 'Confirm'. */
  confirmLabel?: string;
  /** Defaults to 'Cancel'. */
  dismissLabel?: string;
  /** Defaults to 'confirmation'. */
  style?: ModalStyle;
}

export interface OverlayApi {
  /** Covers the page with a spinner and the reason it is waiting. */
  showSpinner: (reason?: string) => void;
  hideSpinner: () => void;
  /** Asks a question in a modal; true when confirmed, false when dismissed. */
  confirm: (options: ConfirmOptions) => Promise<boolean>;
}

export const OverlayContext = createContext<OverlayApi | null>(null);
