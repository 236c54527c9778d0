import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const singleSignOn: Migration = {
  name: '0020_single_sign_on',
  async up(db) {
    // How the user last signed in: 'password' or 'oidc' (platform spec section 3, `auth_provider`);
    // null until their first sign-in. An Account Admin may require single sign-on only once their
    // own last sign-in went through it, so turning it on cannot lock them out.
    await db.schema
      .alterTable('users')
      .addColumn('auth_provider', 'text', (column) =>
        column.check(sql`auth_provider in ('password', 'oidc')`),
      )
      .execute();
    // When on, the account's users sign in through the provider only; passwords are refused.
    await db.schema
      .alterTable('accounts')
      .addColumn('require_sso', 'boolean', (column) => column.notNull().defaultTo(false))
      .execute();
    // The one-time codes that carry a finished single sign-on to the dashboard (platform spec
    // section 3, `sso_auth_code`), which exchanges one for a session token. Only the sha256 of a
    // code is kept, as with session tokens; a code works once, for a minute, and only in the
    // browser the callback answered (`browser_hash`: the sha256 of its HttpOnly cookie), so a
    // code lured into another browser signs no one in there (RFC 9700 section 4.7, CSRF).
    await db.schema
      .createTable('sso_auth_codes')
      .addColumn('code_hash', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'text', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('browser_hash', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('sso_auth_codes_user_id_idx')
      .on('sso_auth_codes')
      .column('user_id')
      .execute();
  },
};
