// Usage events into hourly and daily aggregates, which outlive the raw events (pruned after
// USAGE_RETENTION_DAYS) so analytics over months stays fast. Events are read by id range, never by
// time: each batch adds the sums of the events in (watermark, batch end] to the aggregates and
// moves the watermark to the batch end in one transaction. A re-run starts after the watermark, so
// it never counts an event twice; a crash rolls its batch back whole, so it loses nothing. The
// analytics queries add the events above the watermark themselves.
import { USAGE_SUM_NAMES } from '@darkroom/core';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';
import { usagePathSql } from '../db/usage-path.ts';
import {
  eventSumsSelect,
  LABELLED_EVENTS,
  REFERRER_HOST,
  rowSumsSelect,
  SUM_COLUMN_LIST,
  UNKNOWN,
} from './event-sums.ts';
import { labelNewUserAgents } from './user-agent-labels.ts';

const STATE_NAME = 'usage_events';

export interface RollupOptions {
  /** Event ids per transaction. */
  batchSize?: number;
  /**
   * Events younger than this stay raw a little longer: ids are handed out when an INSERT
   * starts, so a batch still being written may hold ids below newer, committed ones. The
   * meter's single-statement INSERTs commit within milliseconds; a minute is a wide margin.
   */
  settleMs?: number;
  now?: Date;
  /** Runs inside each batch's transaction once its sums are written (tests crash here). */
  onBatch?: (lastEventId: number) => void | Promise<void>;
}

export interface RollupResult {
  /** Batches committed by this run. */
  batches: number;
  /** The watermark after the run. */
  lastEventId: number;
}

type Db = Kysely<DatabaseSchema>;

/** The id up to which every usage event is in the aggregates. */
export async function rollupWatermark(db: Db | Transaction<DatabaseSchema>): Promise<number> {
  const row = await db
    .selectFrom('usage_rollup_state')
    .select('last_event_id')
    .where('name', '=', STATE_NAME)
    .executeTakeFirstOrThrow();
  return Number(row.last_event_id);
}

const UPDATE_SUMS = sql.raw(
  USAGE_SUM_NAMES.map((name) => `${name} = t.${name} + excluded.${name}`).join(', '),
);

/**
 * Adds the events in (fromId, toId] to the aggregates in one pass over them: one grouping set
 * per dimension into a scratch table, then its hourly rows into the hourly table and their
 * daily totals into the daily one. Origin paths ('asset': distinct origin images, top assets)
 * are kept per day only: per hour they would be nearly as many rows as the events.
 */
async function addToAggregates(
  trx: Transaction<DatabaseSchema>,
  fromId: number,
  toId: number,
): Promise<void> {
  await sql`
    create temporary table usage_batch on commit drop as
    select e.account_id, e.source_id, e.hour, e.day,
      case
        when grouping(e.device) = 0 then 'device'
        when grouping(e.os) = 0 then 'os'
        when grouping(e.browser) = 0 then 'browser'
        when grouping(e.referrer_host) = 0 then 'referrer'
        when grouping(e.asset_path) = 0 then 'asset'
        else 'all'
      end as dimension,
      coalesce(e.device, e.os, e.browser, e.referrer_host, e.asset_path, '') as dimension_value,
      ${eventSumsSelect()}
    from (
      select e.*, date_trunc('hour', e.occurred_at, 'UTC') as hour,
        date_trunc('day', e.occurred_at, 'UTC') as day,
        coalesce(l.device, ${UNKNOWN}) as device, coalesce(l.os, ${UNKNOWN}) as os,
        coalesce(l.browser, ${UNKNOWN}) as browser, ${REFERRER_HOST} as referrer_host,
        ${usagePathSql(sql`e.path`)} as asset_path
      from ${LABELLED_EVENTS}
      where e.id > ${fromId} and e.id <= ${toId}
    ) e
    group by e.account_id, e.source_id, grouping sets (
      (e.hour, e.day), (e.hour, e.day, e.device), (e.hour, e.day, e.os),
      (e.hour, e.day, e.browser), (e.hour, e.day, e.referrer_host), (e.day, e.asset_path))`.execute(
    trx,
  );
  await sql`
    insert into usage_rollups_hourly as t
      (account_id, source_id, bucket, dimension, dimension_value, ${SUM_COLUMN_LIST})
    select account_id, source_id, hour, dimension, dimension_value, ${SUM_COLUMN_LIST}
    from usage_batch where dimension <> 'asset'
    on conflict (account_id, source_id, dimension, bucket, dimension_value)
      do update set ${UPDATE_SUMS}`.execute(trx);
  await sql`
    insert into usage_rollups_daily as t
      (account_id, source_id, bucket, dimension, dimension_value, ${SUM_COLUMN_LIST})
    select b.account_id, b.source_id, b.day, b.dimension, b.dimension_value, ${rowSumsSelect('b')}
    from usage_batch b
    group by 1, 2, 3, 4, 5
    on conflict (account_id, source_id, dimension, bucket, dimension_value)
      do update set ${UPDATE_SUMS}`.execute(trx);
}

/** Rolls every settled usage event above the watermark into the hourly and daily aggregates. */
export async function rollUpUsage(db: Db, options: RollupOptions = {}): Promise<RollupResult> {
  const batchSize = options.batchSize ?? 200_000;
  const now = options.now ?? new Date();
  const settledBefore = new Date(now.getTime() - (options.settleMs ?? 60_000));
  let from = await rollupWatermark(db);
  const last = await db
    .selectFrom('usage_events')
    .select(sql<string | number | null>`max(id)`.as('id'))
    .where('id', '>', from)
    .where('occurred_at', '<', settledBefore)
    .executeTakeFirst();
  const end = last?.id == null ? from : Number(last.id);
  // After `end` is fixed, so no event up to it is left unlabelled; and whether or not any
  // event has settled, since the analytics queries join the labels of raw events too.
  await labelNewUserAgents(db, from);
  if (end <= from) return { batches: 0, lastEventId: from };

  let batches = 0;
  while (from < end) {
    const to = Math.min(from + batchSize, end);
    const moved = await db.transaction().execute(async (trx) => {
      // Concurrent runs (other processes, an API request) queue here; a later one finds the
      // watermark moved and carries on from it.
      const current = Number(
        (
          await trx
            .selectFrom('usage_rollup_state')
            .select('last_event_id')
            .where('name', '=', STATE_NAME)
            .forUpdate()
            .executeTakeFirstOrThrow()
        ).last_event_id,
      );
      if (current !== from) return { watermark: current, committed: false };
      await addToAggregates(trx, from, to);
      await trx
        .updateTable('usage_rollup_state')
        .set({ last_event_id: to, rolled_up_at: now })
        .where('name', '=', STATE_NAME)
        .execute();
      await options.onBatch?.(to);
      return { watermark: to, committed: true };
    });
    if (moved.committed) batches += 1;
    from = moved.watermark;
  }
  return { batches, lastEventId: from };
}

/**
 * Deletes raw events older than the retention window that are already in the aggregates;
 * an event the rollup has not read yet is kept whatever its age.
 */
export async function pruneUsageEvents(
  db: Db,
  retentionDays: number,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  const watermark = await rollupWatermark(db);
  const result = await db
    .deleteFrom('usage_events')
    .where('occurred_at', '<', cutoff)
    .where('id', '<=', watermark)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
