// Writing a cluster event: one statement inserts the row and NOTIFYs its id. Run inside a
// transaction, both happen at its commit or not at all (PostgreSQL delivers a transaction's
// notifications when it commits, and drops them when it rolls back: the NOTIFY reference page).
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';
import { CLUSTER_EVENTS_CHANNEL, THIS_PROCESS, eventPayload, type ClusterEvent } from './events.ts';

/**
 * Records `event` for every process sharing the database, in the same transaction as the change
 * it announces when `db` is one. `sender` lets those that applied it already skip it: by default
 * every app of this process (ClusterEvents.publish names one app).
 */
export async function recordClusterEvent(
  db: Kysely<DatabaseSchema>,
  event: ClusterEvent,
  sender: string = THIS_PROCESS,
): Promise<number> {
  const { rows } = await sql<{ id: string | number }>`
    with recorded as (
      insert into cluster_events (kind, payload)
      values (${event.kind}, ${eventPayload(event, sender)}::jsonb)
      returning id
    )
    select id, pg_notify(${CLUSTER_EVENTS_CHANNEL}, id::text) from recorded`.execute(db);
  const [row] = rows;
  if (row === undefined) throw new Error('cluster event not recorded');
  return Number(row.id);
}

/** The newest event's id, or 0 with none: where a process that starts now begins. */
export async function latestClusterEventId(db: Kysely<DatabaseSchema>): Promise<number> {
  const row = await db
    .selectFrom('cluster_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return row?.id === null || row?.id === undefined ? 0 : Number(row.id);
}

/** The oldest event's id still kept, or null with none. */
export async function oldestClusterEventId(db: Kysely<DatabaseSchema>): Promise<number | null> {
  const row = await db
    .selectFrom('cluster_events')
    .select((eb) => eb.fn.min('id').as('id'))
    .executeTakeFirst();
  return row?.id === null || row?.id === undefined ? null : Number(row.id);
}

/** Events after `afterId` and those of `missing` ids, oldest first, at most `limit`. */
export async function clusterEventsAfter(
  db: Kysely<DatabaseSchema>,
  afterId: number,
  missing: readonly number[],
  limit: number,
): Promise<{ id: number; kind: string; payload: unknown }[]> {
  const rows = await db
    .selectFrom('cluster_events')
    .select(['id', 'kind', 'payload'])
    .where((eb) =>
      missing.length === 0
        ? eb('id', '>', afterId)
        : eb.or([eb('id', '>', afterId), eb('id', 'in', missing)]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), kind: row.kind, payload: row.payload }));
}

/** Deletes up to `limit` of the events written before `before`, oldest first; answers how many. */
export async function deleteClusterEventsBefore(
  db: Kysely<DatabaseSchema>,
  before: Date,
  limit: number,
): Promise<number> {
  const old = db
    .selectFrom('cluster_events')
    .select('id')
    .where('created_at', '<', before)
    .orderBy('id')
    .limit(limit);
  const result = await db.deleteFrom('cluster_events').where('id', 'in', old).executeTakeFirst();
  return Number(result.numDeletedRows);
}
