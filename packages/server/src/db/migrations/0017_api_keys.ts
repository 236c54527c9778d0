import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const apiKeys: Migration = {
  name: '0017_api_keys',
  async up(db) {
    // Account API keys: only the sha256 of a key is kept, as with session tokens. A key acts for
    // the user who created it, narrowed to its own groups, and goes when that user does.
    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('account_id', 'text', (column) =>
        column.notNull().references('accounts.id').onDelete('cascade'),
      )
      .addColumn('created_by', 'text', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('token_hash', 'text', (column) => column.notNull().unique())
      .addColumn('token_hint', 'text', (column) => column.notNull())
      .addColumn('permissions', 'jsonb', (column) => column.notNull())
      .addColumn('expires_at', 'timestamptz')
      .addColumn('last_used_at', 'timestamptz')
      .addColumn('revoked_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('api_keys_account_id_idx')
      .on('api_keys')
      .column('account_id')
      .execute();
  },
};
