import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const usageEvents: Migration = {
  name: '0008_usage_events',
  async up(db) {
    // Delivery requests, every one metered, written in batches by delivery/metering.ts and rolled
    // up for analytics and billing. Identical requests of one batch (a popular cached image) share
    // a row whose `requests` counts them, so a busy source writes rows per distinct request, not
    // per hit. No foreign keys: a deleted source keeps its billable history.
    await db.schema
      .createTable('usage_events')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('source_id', 'text', (column) => column.notNull())
      .addColumn('account_id', 'text', (column) => column.notNull())
      .addColumn('path', 'text', (column) => column.notNull())
      .addColumn('status', 'integer', (column) => column.notNull())
      .addColumn('bytes_out', 'bigint', (column) => column.notNull().defaultTo(0))
      .addColumn('render_ms', 'integer')
      .addColumn('cache', 'text', (column) =>
        column.notNull().check(sql`cache in ('hit', 'miss', 'none')`),
      )
      .addColumn('origin_bytes', 'bigint')
      .addColumn('origin_ms', 'integer')
      .addColumn('user_agent', 'text')
      .addColumn('referrer', 'text')
      .addColumn('operation', 'text', (column) =>
        column.notNull().check(sql`operation in ('standard', 'premium')`),
      )
      .addColumn('requests', 'integer', (column) => column.notNull().defaultTo(1))
      .addColumn('occurred_at', 'timestamptz', (column) => column.notNull())
      .execute();
    // Analytics and billing read one source's or one account's events over a time range.
    await db.schema
      .createIndex('usage_events_source_id_occurred_at_idx')
      .on('usage_events')
      .columns(['source_id', 'occurred_at'])
      .execute();
    await db.schema
      .createIndex('usage_events_account_id_occurred_at_idx')
      .on('usage_events')
      .columns(['account_id', 'occurred_at'])
      .execute();
  },
};
