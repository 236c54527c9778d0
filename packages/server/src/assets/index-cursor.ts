/**
 * Where an indexing run stands, stored in asset_index_runs.cursor between slices so a run
 * resumes after a restart and never holds a whole bucket's listing in memory.
 *
 * Listing origins are walked folder by folder: `pending` holds the folder prefixes still to
 * list, `current` the folder being listed with the adapter's page cursor and how many objects
 * of that page are done. Web folders and web proxies cannot list; their runs walk the distinct
 * paths delivery served instead, in path order, `after` being the last one done.
 */
export type IndexCursor =
  | {
      mode: 'listing';
      pending: string[];
      current: { prefix: string; page: string | null; done: number } | null;
    }
  | { mode: 'served'; after: string | null };

function initialCursor(sourceType: string): IndexCursor {
  return sourceType === 'webfolder' || sourceType === 'webproxy'
    ? { mode: 'served', after: null }
    : { mode: 'listing', pending: [], current: { prefix: '', page: null, done: 0 } };
}

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The stored cursor, or the start of a run when there is none (or it is not one of ours). */
export function parseCursor(stored: unknown, sourceType: string): IndexCursor {
  const fresh = initialCursor(sourceType);
  if (typeof stored !== 'object' || stored === null) return fresh;
  const value = stored as Record<string, unknown>;
  if (fresh.mode === 'served') {
    return value.mode === 'served' && (value.after === null || typeof value.after === 'string')
      ? { mode: 'served', after: value.after }
      : fresh;
  }
  if (value.mode !== 'listing' || !isStringArray(value.pending)) return fresh;
  const current = value.current as Record<string, unknown> | null;
  if (current === null) return { mode: 'listing', pending: value.pending, current: null };
  if (
    typeof current !== 'object' ||
    typeof current.prefix !== 'string' ||
    !(current.page === null || typeof current.page === 'string') ||
    typeof current.done !== 'number'
  ) {
    return fresh;
  }
  return {
    mode: 'listing',
    pending: value.pending,
    current: { prefix: current.prefix, page: current.page, done: current.done },
  };
}
