import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const clusterEvents: Migration = {
  name: '0024_cluster_events',
  async up(db) {
    // What one process tells every other process sharing the database (cluster-events/): purges,
    // source edits, asset refreshes. Each row is announced with NOTIFY darkroom_events and its id;
    // a listener reads the rows after the last id it applied, so a notification lost while it
    // was disconnected (PostgreSQL keeps none for a session that is gone) costs nothing. An
    // identity column rather than a timestamp orders them: ids are handed out in insert order.
    // No index on created_at: the hourly sweep walks the oldest ids first, which the primary key
    // orders, and rows grow older as their ids grow.
    await db.schema
      .createTable('cluster_events')
      .addColumn('id', 'bigint', (column) => column.primaryKey().generatedAlwaysAsIdentity())
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('payload', 'jsonb', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
  },
};
