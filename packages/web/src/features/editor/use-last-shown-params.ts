import { useState } from 'react';
import type { EditorParams } from './editor-types.ts';

/**
 * The parameters of the last preview that rendered: what Cancel goes back to while an AI
 * render is awaited (the picture on screen is theirs). Null before the first one rendered.
 */
export function useLastShownParams(params: EditorParams, shown: boolean): EditorParams | null {
  const [last, setLast] = useState<EditorParams | null>(null);
  // Adjusting state while rendering (React's documented pattern), so Cancel never offers
  // parameters one render older than the picture.
  if (shown && last !== params) setLast(params);
  return shown ? params : last;
}
