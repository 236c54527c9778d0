import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const events: Migration = {
  name: '0005_events',
  async up(db) {
    // An append-only log: no foreign keys, so deleting a user keeps its history.
    await db.schema
      .createTable('events')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('account_id', 'text', (column) => column.notNull())
      .addColumn('user_id', 'text', (column) => column.notNull())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('properties', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('events_account_id_created_at_idx')
      .on('events')
      .columns(['account_id', 'created_at'])
      .execute();
  },
};
