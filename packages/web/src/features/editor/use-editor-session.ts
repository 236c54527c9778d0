import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { EditorParams } from './editor-types.ts';
import type { EditorSession } from './modes.utils.ts';
import { paramsFromSearch, sameParams, searchWithParams } from './params.utils.ts';
import { ratioSettingOf } from './resize.utils.ts';

type SessionUi = Omit<EditorSession, 'params'>;

/**
 * The editor's state. The parameters live in the page's query string, so a reload or a shared
 * address keeps the edit (STYLE.md: the URL is the state); the mode, the ratio select and what
 * Cancel restores are the screen's own.
 */
export function useEditorSession() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => paramsFromSearch(searchParams), [searchParams]);
  const [ui, setUi] = useState<SessionUi>(() => ({
    mode: 'default',
    ratio: ratioSettingOf(params),
    previous: null,
  }));
  const session: EditorSession = useMemo(() => ({ ...ui, params }), [ui, params]);

  const setParams = useCallback(
    (next: EditorParams) => {
      // Replacing the entry keeps Back for leaving the editor, not for undoing each keystroke.
      setSearchParams(
        (current) =>
          sameParams(paramsFromSearch(current), next) ? current : searchWithParams(current, next),
        { replace: true },
      );
    },
    [setSearchParams],
  );

  const update = useCallback(
    (next: EditorSession) => {
      setUi({ mode: next.mode, ratio: next.ratio, previous: next.previous });
      setParams(next.params);
    },
    [setParams],
  );

  return { session, update, setParams };
}
