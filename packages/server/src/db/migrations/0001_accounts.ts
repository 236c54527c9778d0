import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const accounts: Migration = {
  name: '0001_accounts',
  async up(db) {
    await db.schema
      .createTable('accounts')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('company', 'text', (column) => column.notNull())
      .addColumn('webproxy_access', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('internal', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
    // At most one internal (administrators') account, so creating it on demand cannot race.
    await db.schema
      .createIndex('accounts_internal_key')
      .on('accounts')
      .column('internal')
      .unique()
      .where(sql.ref('internal'), '=', true)
      .execute();
  },
};
