// What one process tells every other process sharing the database (docs/ARCHITECTURE.md, "How it
// scales"): the kinds of cluster event, as written to `cluster_events` and read back.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/**
 * The sender of the events written for this whole process (a store's source edits): its own
 * listeners learnt of the change in process already (store/sources.ts), every app of it alike.
 */
export const THIS_PROCESS = randomUUID();

/** The NOTIFY channel; its payload is the id of the row just written (cluster_events). */
export const CLUSTER_EVENTS_CHANNEL = 'darkroom_events';

/**
 * A purge: the renders of one origin path of a source (all its parameter variants), or of the
 * whole source when `path` is null. An asset refresh drops the renders of the refreshed path
 * alike, and is its own kind so the log says why. A `purge-prefix` drops the renders of every
 * origin path that starts with `path` (its own kind: a process that does not know it skips it
 * rather than reading the prefix as one path).
 */
export interface PurgeEvent {
  kind: 'purge' | 'asset-refresh' | 'purge-prefix';
  sourceId: string;
  /** The origin path as delivery keys its renders (origin-path.ts), or null for every path. */
  path: string | null;
}

/** A source's settings, domains, token, flags or deployment changed: lookups of it are stale. */
export interface SourceChangeEvent {
  kind: 'source-change';
  sourceId: string;
}

export type ClusterEvent = PurgeEvent | SourceChangeEvent;

/** A cluster event as read back, with who sent it. */
export type ReceivedEvent = ClusterEvent & {
  id: number;
  /** The ClusterEvents instance that wrote it, or the process (THIS_PROCESS of its writer). */
  sender: string | null;
};

const payloadSchema = z.object({
  sourceId: z.string(),
  path: z.string().nullable().optional(),
  sender: z.string().nullable().optional(),
});

/** The `payload` column of an event sent by `sender`. */
export function eventPayload(event: ClusterEvent, sender: string): string {
  return JSON.stringify({
    sourceId: event.sourceId,
    ...(event.kind === 'source-change' ? {} : { path: event.path }),
    sender,
  });
}

/**
 * The event a stored row holds; null for a row this version does not know (a newer process
 * sharing the database may write kinds an older one has not heard of, and skips them).
 */
export function readEvent(row: {
  id: number;
  kind: string;
  payload: unknown;
}): ReceivedEvent | null {
  const parsed = payloadSchema.safeParse(
    typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
  );
  if (!parsed.success) return null;
  const { sourceId, path = null, sender = null } = parsed.data;
  switch (row.kind) {
    case 'purge':
    case 'asset-refresh':
    case 'purge-prefix':
      return { id: row.id, kind: row.kind, sourceId, path, sender };
    case 'source-change':
      return { id: row.id, kind: row.kind, sourceId, sender };
    default:
      return null;
  }
}
