import { useContext } from 'react';
import { OverlayContext, type OverlayApi } from './overlay-context.ts';

/** The global overlay: a spinner with a reason, or a confirm/dismiss modal. */
export function useOverlay(): OverlayApi {
  const api = useContext(OverlayContext);
  if (!api) throw new Error('useOverlay must be used inside <OverlayProvider>');
  return api;
}
