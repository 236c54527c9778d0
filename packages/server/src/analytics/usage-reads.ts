// Reads of usage for the analytics API: the aggregates for everything up to the rollup
// watermark plus the raw events above it, all in one snapshot, so an answer is exact the
// moment the meter has written its events, whether or not a rollup has run since.
import { USAGE_SUM_NAMES, type Breakdown, type UsageSums } from '@darkroom/core';
import { sql, type RawBuilder, type Transaction } from 'kysely';
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
import type { Granularity } from './time-buckets.ts';

type Trx = Transaction<DatabaseSchema>;

export interface UsageScope {
  accountId: string;
  /** One source of the account, or null for all of them. */
  sourceId: string | null;
  /** Bucket-aligned bounds: [start, end). */
  start: Date;
  end: Date;
  granularity: Granularity;
  /**
   * The rollup watermark read in the same snapshot (a repeatable-read transaction): events
   * up to it are in the aggregates. A plain number lets the planner range-scan the newest ids.
   */
  watermark: number;
}

/** Sums of one bucket (null: the whole range) and one breakdown group ('' without breakdown). */
export interface GroupSums {
  time: Date | null;
  group: string;
  sums: UsageSums;
}

function tableFor(granularity: Granularity) {
  return sql.table(granularity === 'hour' ? 'usage_rollups_hourly' : 'usage_rollups_daily');
}

function timeOf(column: RawBuilder<unknown>, scope: UsageScope, perBucket: boolean) {
  return perBucket
    ? sql`date_trunc(${sql.lit(scope.granularity)}, ${column}, 'UTC')`
    : sql`null::timestamptz`;
}

function rolledFilter(scope: UsageScope) {
  const source = scope.sourceId === null ? sql`` : sql`and r.source_id = ${scope.sourceId}`;
  return sql`r.account_id = ${scope.accountId} ${source}
    and r.bucket >= ${scope.start} and r.bucket < ${scope.end}`;
}

/** Raw events of the scope, rolled up or not. */
function rawRangeFilter(scope: UsageScope) {
  const source = scope.sourceId === null ? sql`` : sql`and e.source_id = ${scope.sourceId}`;
  return sql`e.account_id = ${scope.accountId} ${source}
    and e.occurred_at >= ${scope.start} and e.occurred_at < ${scope.end}`;
}

/** Raw events of the scope the aggregates do not hold yet. */
function rawFilter(scope: UsageScope) {
  return sql`e.id > ${scope.watermark} and ${rawRangeFilter(scope)}`;
}

/** The breakdown group of a raw event `e` with labels `l`. */
function rawGroup(breakdown: Breakdown | null): RawBuilder<unknown> {
  switch (breakdown) {
    case null:
      return sql`''`;
    case 'source':
      return sql`e.source_id`;
    case 'referrer':
      return REFERRER_HOST;
    case 'device':
      return sql`coalesce(l.device, ${UNKNOWN})`;
    case 'os':
      return sql`coalesce(l.os, ${UNKNOWN})`;
    case 'browser':
      return sql`coalesce(l.browser, ${UNKNOWN})`;
  }
}

function rolledGroup(breakdown: Breakdown | null): RawBuilder<unknown> {
  if (breakdown === null) return sql`''`;
  return breakdown === 'source' ? sql`r.source_id` : sql`r.dimension_value`;
}

function toSums(row: Record<string, unknown>, originImages: number): UsageSums {
  const sums = { origin_images: originImages } as UsageSums;
  for (const name of USAGE_SUM_NAMES) sums[name] = Number(row[name]);
  return sums;
}

const keyOf = (time: Date | null, group: string) => `${time?.toISOString() ?? ''}\u0000${group}`;

/**
 * The usage sums per bucket (or for the whole range) and breakdown group. Distinct origin
 * images are counted only when asked: they need the per-path rows, and only for 'source' or
 * no breakdown.
 */
export async function readGroupSums(
  trx: Trx,
  scope: UsageScope,
  breakdown: Breakdown | null,
  options: { perBucket: boolean; originImages: boolean },
): Promise<GroupSums[]> {
  const dimension = breakdown === null || breakdown === 'source' ? 'all' : breakdown;
  const rows = await sql<Record<string, unknown> & { time: Date | null; grp: string }>`
    select u.time, u.grp, ${rowSumsSelect('u')} from (
      select ${timeOf(sql`r.bucket`, scope, options.perBucket)} as time,
        ${rolledGroup(breakdown)} as grp, ${SUM_COLUMN_LIST}
      from ${tableFor(scope.granularity)} r
      where r.dimension = ${dimension} and ${rolledFilter(scope)}
      union all
      select ${timeOf(sql`e.occurred_at`, scope, options.perBucket)}, ${rawGroup(breakdown)},
        ${eventSumsSelect()}
      from ${LABELLED_EVENTS}
      where ${rawFilter(scope)}
      group by 1, 2
    ) u
    group by 1, 2
    order by 1, 2`.execute(trx);
  const images = options.originImages
    ? await readOriginImages(trx, scope, breakdown, options.perBucket)
    : new Map<string, number>();
  return rows.rows.map((row) => ({
    time: row.time,
    group: row.grp,
    sums: toSums(row, images.get(keyOf(row.time, row.grp)) ?? 0),
  }));
}

/**
 * Distinct origin images: origin paths answered successfully at least once, per bucket and
 * group. The aggregates keep origin paths per day only (rollup.ts), so hourly counts come from
 * the raw events alone and reach back as far as their retention (USAGE_RETENTION_DAYS).
 * `union` (not `union all`) counts a path once when both halves hold it.
 */
async function readOriginImages(
  trx: Trx,
  scope: UsageScope,
  breakdown: Breakdown | null,
  perBucket: boolean,
): Promise<Map<string, number>> {
  const rolledSource = breakdown === 'source' ? sql`r.source_id` : sql`''`;
  const rawSource = breakdown === 'source' ? sql`e.source_id` : sql`''`;
  const hourly = scope.granularity === 'hour';
  const rolled = hourly
    ? sql``
    : sql`select ${timeOf(sql`r.bucket`, scope, perBucket)} as time, ${rolledSource} as grp,
          r.source_id, ${usagePathSql(sql`r.dimension_value`)} as path
        from usage_rollups_daily r
        where r.dimension = 'asset' and r.successes > 0 and ${rolledFilter(scope)}
        union`;
  const rawFilterOfScope = hourly ? rawRangeFilter(scope) : rawFilter(scope);
  const rows = await sql<{ time: Date | null; grp: string; images: number }>`
    select u.time, u.grp, count(*)::float8 as images from (
      ${rolled}
      select distinct ${timeOf(sql`e.occurred_at`, scope, perBucket)} as time, ${rawSource} as grp,
        e.source_id, ${usagePathSql(sql`e.path`)} as path
      from usage_events e
      where e.status < 400 and ${rawFilterOfScope}
    ) u
    group by 1, 2`.execute(trx);
  return new Map(rows.rows.map((row) => [keyOf(row.time, row.grp), Number(row.images)]));
}

export interface TopRow {
  sourceId: string;
  value: string;
  requests: number;
  bytesOut: number;
}

/**
 * The most requested values of a dimension over the range: origin paths ('asset', per
 * source) or referrer hosts ('referrer', across sources). Read by whole days, the resolution
 * the aggregates keep origin paths at: `scope` must be day-aligned.
 */
export async function readTop(
  trx: Trx,
  scope: UsageScope,
  dimension: 'asset' | 'referrer',
  limit: number,
): Promise<TopRow[]> {
  const perSource = dimension === 'asset';
  const rolledSource = perSource ? sql`r.source_id` : sql`''`;
  const rawSource = perSource ? sql`e.source_id` : sql`''`;
  // Rolled-up and raw paths alike in their one spelling, so `a.png` and `/a.png` add up.
  const rawValue = perSource ? usagePathSql(sql`e.path`) : REFERRER_HOST;
  const rolledValue = perSource ? usagePathSql(sql`r.dimension_value`) : sql`r.dimension_value`;
  const rows = await sql<{ source_id: string; value: string; requests: number; bytes_out: number }>`
    select u.source_id, u.value, sum(u.requests)::float8 as requests,
      sum(u.bytes_out)::float8 as bytes_out
    from (
      select ${rolledSource} as source_id, ${rolledValue} as value, r.requests, r.bytes_out
      from usage_rollups_daily r
      where r.dimension = ${dimension} and ${rolledFilter(scope)}
      union all
      select ${rawSource}, ${rawValue}, e.requests, e.bytes_out * e.requests
      from usage_events e
      where ${rawFilter(scope)}
    ) u
    group by 1, 2
    order by requests desc, bytes_out desc, 1, 2
    limit ${limit}`.execute(trx);
  return rows.rows.map((row) => ({
    sourceId: row.source_id,
    value: row.value,
    requests: Number(row.requests),
    bytesOut: Number(row.bytes_out),
  }));
}
