import { useEffect } from 'react';
import { DEMO_SOURCE_ID } from '../../api/assets.ts';
import { useSession } from '../../app/session.ts';

/** One entry per user: people sharing a browser each start where they last worked. */
const KEY_PREFIX = 'darkroom.lastUsedSource.';

/** The source this user last opened assets or the editor of, or null. */
export function lastUsedSourceId(userId: string): string | null {
  try {
    return window.localStorage.getItem(KEY_PREFIX + userId);
  } catch {
    // Storage can be disabled (private mode): the page then starts on the first source.
    return null;
  }
}

/** Remembers `sourceId` as the user's most recently used source. */
export function rememberLastUsedSource(userId: string, sourceId: string): void {
  try {
    window.localStorage.setItem(KEY_PREFIX + userId, sourceId);
  } catch {
    // Without storage the choice lives in the address only.
  }
}

/**
 * The source the Assets page opens on: the one last used while it is still listed, else the
 * first of the user's own, and the demo source only when they have no other.
 */
export function startingSourceId(
  sources: readonly { id: string }[],
  remembered: string | null,
): string | null {
  if (remembered !== null && sources.some((source) => source.id === remembered)) return remembered;
  return (sources.find((source) => source.id !== DEMO_SOURCE_ID) ?? sources[0])?.id ?? null;
}

/** Records the source of the screen being shown (asset manager, asset page, editor). */
export function useRememberSource(sourceId: string | null): void {
  const userId = useSession()?.userId ?? null;
  useEffect(() => {
    if (userId !== null && sourceId !== null && sourceId !== '') {
      rememberLastUsedSource(userId, sourceId);
    }
  }, [userId, sourceId]);
}
