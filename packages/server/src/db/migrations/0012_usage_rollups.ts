import { sql, type Kysely } from 'kysely';
import type { Migration } from './migration.ts';

// The sums one rollup row holds, each over the `requests` its usage events stand for
// (analytics/rollup.ts computes them; @darkroom/core's metric catalogue turns them into metrics).
const SUM_COLUMNS = [
  'requests',
  'bytes_out',
  'cache_hits',
  'cache_misses',
  'successes',
  'errors_4xx',
  'errors_5xx',
  'cdn_errors_4xx',
  'cdn_errors_5xx',
  'render_errors_4xx',
  'render_errors_5xx',
  'renders',
  'standard_renders',
  'premium_renders',
  'render_ms',
  'render_bytes',
  'origin_fetches',
  'origin_bytes',
  'origin_ms',
  'videos_encoded',
  'video_encoded_ms',
  'videos_delivered',
  'video_delivered_ms',
] as const;

async function createRollupTable(db: Kysely<unknown>, table: string): Promise<void> {
  let builder = db.schema
    .createTable(table)
    .addColumn('account_id', 'text', (column) => column.notNull())
    .addColumn('source_id', 'text', (column) => column.notNull())
    .addColumn('bucket', 'timestamptz', (column) => column.notNull())
    // 'all' (no breakdown), 'device', 'os', 'browser', 'referrer' or 'asset' (origin path).
    .addColumn('dimension', 'text', (column) => column.notNull())
    .addColumn('dimension_value', 'text', (column) => column.notNull());
  for (const name of SUM_COLUMNS) {
    builder = builder.addColumn(name, 'bigint', (column) => column.notNull().defaultTo(0));
  }
  await builder
    .addPrimaryKeyConstraint(`${table}_pkey`, [
      'account_id',
      'source_id',
      'dimension',
      'bucket',
      'dimension_value',
    ])
    .execute();
  // Account-wide charts (no source filter) read one dimension of one account over a time range.
  await db.schema
    .createIndex(`${table}_account_dimension_bucket_idx`)
    .on(table)
    .columns(['account_id', 'dimension', 'bucket'])
    .execute();
}

export const usageRollups: Migration = {
  name: '0012_usage_rollups',
  async up(db) {
    // Video metrics (videos and minutes encoded and delivered, spec platform section 3, 'Analytics
    // metrics'): filled by the video delivery code.
    await db.schema
      .alterTable('usage_events')
      .addColumn('video_encoded_ms', 'integer')
      .addColumn('video_delivered_ms', 'integer')
      .execute();
    // Hourly and daily aggregates of usage events, kept after the raw events are pruned. Daily rows
    // are written with the hourly ones, not derived from them, so a month at daily granularity
    // reads ~30 rows per group.
    await createRollupTable(db, 'usage_rollups_hourly');
    await createRollupTable(db, 'usage_rollups_daily');
    // Every event with an id up to last_event_id is in the rollups, and none above it: the
    // watermark moves in the same transaction as the rows it accounts for.
    await db.schema
      .createTable('usage_rollup_state')
      .addColumn('name', 'text', (column) => column.primaryKey())
      .addColumn('last_event_id', 'bigint', (column) => column.notNull())
      .addColumn('rolled_up_at', 'timestamptz')
      .execute();
    await sql`insert into usage_rollup_state (name, last_event_id) values ('usage_events', 0)`.execute(
      db,
    );
    // ua-parser-js runs in JavaScript, so each distinct user agent is classified once and the
    // rollup joins this table instead of parsing millions of strings.
    await db.schema
      .createTable('user_agent_labels')
      .addColumn('user_agent', 'text', (column) => column.primaryKey())
      .addColumn('device', 'text', (column) => column.notNull())
      .addColumn('os', 'text', (column) => column.notNull())
      .addColumn('browser', 'text', (column) => column.notNull())
      .execute();
  },
};
