import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const installFacts: Migration = {
  name: '0022_install_facts',
  async up(db) {
    // Facts every process sharing the database must agree on, written once by the first process
    // that starts: the fingerprint of the key that encrypts storage secrets, so a process started
    // with another key refuses to start instead of failing to decrypt every source.
    await db.schema
      .createTable('install_facts')
      .addColumn('name', 'text', (column) => column.primaryKey())
      .addColumn('value', 'text', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
  },
};
