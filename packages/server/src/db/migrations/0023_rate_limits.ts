import type { Migration } from './migration.ts';

export const rateLimits: Migration = {
  name: '0023_rate_limits',
  async up(db) {
    // Request counts shared by every process on one PostgreSQL (api/database-rate-limiter.ts):
    // one row per counted key, which is a sha256, never a raw address, token or email. A window
    // starts at a key's first request and ends at `resets_at`, as the in-memory limiter's do, so
    // one sweep deletes the ended windows of every window length. No index on `resets_at`: the
    // sweep reads the table once a minute, while an index on a column the hot path writes would
    // keep its updates from being HOT (heap-only) ones.
    await db.schema
      .createTable('rate_limit_windows')
      .addColumn('key_hash', 'text', (column) => column.primaryKey())
      .addColumn('count', 'integer', (column) => column.notNull())
      .addColumn('resets_at', 'timestamptz', (column) => column.notNull())
      .execute();
    // Failed password sign-ins per email (api/sign-in-lockout.ts), on both engines: the sha256
    // of the lowercased email, the failures of the current run and when the last one was.
    await db.schema
      .createTable('sign_in_failures')
      .addColumn('email_hash', 'text', (column) => column.primaryKey())
      .addColumn('failures', 'integer', (column) => column.notNull())
      .addColumn('last_failed_at', 'timestamptz', (column) => column.notNull())
      .execute();
  },
};
