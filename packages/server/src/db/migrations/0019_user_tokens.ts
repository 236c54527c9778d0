import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const userTokens: Migration = {
  name: '0019_user_tokens',
  async up(db) {
    // A teammate added by invitation has no password until they accept it: they cannot sign in.
    await db.schema
      .alterTable('users')
      .alterColumn('password_hash', (column) => column.dropNotNull())
      .execute();
    // The links emailed to users (invitations, password resets): only the sha256 of a token is
    // kept, as with sessions, and each works once before it expires (OWASP Forgot Password
    // Cheat Sheet, "URL tokens").
    await db.schema
      .createTable('user_tokens')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'text', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('purpose', 'text', (column) =>
        column.notNull().check(sql`purpose in ('invitation', 'password_reset')`),
      )
      .addColumn('token_hash', 'text', (column) => column.notNull().unique())
      .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
      .addColumn('used_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('user_tokens_user_purpose_idx')
      .on('user_tokens')
      .columns(['user_id', 'purpose'])
      .execute();
  },
};
