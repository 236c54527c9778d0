// Writing one batch of usage events exactly once (migration 0026). The meter names a batch before
// its first INSERT and keeps the name through every retry. The name and the events go in one
// statement, so they commit together or not at all: a retry of a batch that did commit (its
// answer lost with the connection, so the meter cannot know) finds the name taken and writes
// nothing, and a retry of one that did not writes it whole.
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema, NewUsageEvent } from '../db/schema.ts';

/** One delivery request's usage, as delivery/usage.ts builds it. */
export type UsageEvent = Omit<NewUsageEvent, 'id' | 'requests'>;

/** Identical usage events counted together: one row of usage_events. */
export interface UsageRow {
  event: UsageEvent;
  requests: number;
}

/**
 * Batch names are kept this long. A batch is retried for an hour at most (delivery/metering.ts),
 * so a retry always finds the name of a batch that did commit.
 */
const BATCH_NAMES_KEPT = sql`interval '1 day'`;

/**
 * Writes `rows` as the batch `batchId` unless a batch of that name was written before. One
 * INSERT of column arrays (`unnest`): sixteen parameters whatever the batch size, which
 * PostgreSQL and PGlite parse several times faster than a VALUES list of thousands. Resolves to
 * false when the batch was already in the database.
 */
export async function writeUsageBatch(
  db: Kysely<DatabaseSchema>,
  batchId: string,
  rows: readonly UsageRow[],
): Promise<boolean> {
  const column = <T>(pick: (event: UsageEvent) => T) => rows.map((row) => pick(row.event));
  // The events are selected from the name's own INSERT: when the name is taken, `on conflict do
  // nothing` returns no row and so no event is inserted (PostgreSQL waits for a concurrent
  // INSERT of the same name to end before deciding, so two attempts never both write).
  const result = await sql`
    with batch as (
      insert into usage_batches (id, written_at) values (${batchId}::uuid, now())
      on conflict (id) do nothing
      returning id
    )
    insert into usage_events (source_id, account_id, path, status, bytes_out, render_ms, cache,
      origin_bytes, origin_ms, user_agent, referrer, operation, requests, occurred_at,
      video_encoded_ms, video_delivered_ms)
    select u.* from batch cross join unnest(
      ${column((event) => event.source_id)}::text[],
      ${column((event) => event.account_id)}::text[],
      ${column((event) => event.path)}::text[],
      ${column((event) => event.status)}::integer[],
      ${column((event) => event.bytes_out)}::bigint[],
      ${column((event) => event.render_ms ?? null)}::integer[],
      ${column((event) => event.cache)}::text[],
      ${column((event) => event.origin_bytes ?? null)}::bigint[],
      ${column((event) => event.origin_ms ?? null)}::integer[],
      ${column((event) => event.user_agent ?? null)}::text[],
      ${column((event) => event.referrer ?? null)}::text[],
      ${column((event) => event.operation)}::text[],
      ${rows.map((row) => row.requests)}::integer[],
      ${column((event) => event.occurred_at)}::timestamptz[],
      ${column((event) => event.video_encoded_ms ?? null)}::integer[],
      ${column((event) => event.video_delivered_ms ?? null)}::integer[]
    ) as u`.execute(db);
  return Number(result.numAffectedRows ?? 0n) > 0;
}

/** Forgets the names of batches written more than a day ago. */
export async function pruneUsageBatches(db: Kysely<DatabaseSchema>): Promise<void> {
  await sql`delete from usage_batches where written_at < now() - ${BATCH_NAMES_KEPT}`.execute(db);
}
