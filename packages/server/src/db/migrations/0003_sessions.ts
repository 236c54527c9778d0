import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const sessions: Migration = {
  name: '0003_sessions',
  async up(db) {
    await db.schema
      .createTable('sessions')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'text', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('token_hash', 'text', (column) => column.notNull().unique())
      .addColumn('admin', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('impersonator_user_id', 'text', (column) =>
        column.references('users.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
      .addColumn('revoked_at', 'timestamptz')
      .execute();
    await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
    await db.schema
      .createIndex('sessions_impersonator_user_id_idx')
      .on('sessions')
      .column('impersonator_user_id')
      .execute();
  },
};
