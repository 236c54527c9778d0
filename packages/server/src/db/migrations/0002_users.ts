import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const users: Migration = {
  name: '0002_users',
  async up(db) {
    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('account_id', 'text', (column) =>
        column.notNull().references('accounts.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('email', 'text', (column) => column.notNull())
      .addColumn('password_hash', 'text', (column) => column.notNull())
      .addColumn('admin', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('users_email_key')
      .on('users')
      .expression(sql`lower(email)`)
      .unique()
      .execute();
    await db.schema.createIndex('users_account_id_idx').on('users').column('account_id').execute();
  },
};
