import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const auditEvents: Migration = {
  name: '0018_audit_events',
  async up(db) {
    // Who did what to an account, when and from where: sign-ins (failed ones too), keys, users
    // and their groups, sources, billing, purges, impersonations. Actors are copied, not
    // referenced, so the record outlives the user or key it names.
    await db.schema
      .createTable('audit_events')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('account_id', 'text', (column) =>
        column.references('accounts.id').onDelete('cascade'),
      )
      .addColumn('action', 'text', (column) => column.notNull())
      .addColumn('actor_user_id', 'text')
      .addColumn('actor_name', 'text')
      .addColumn('actor_api_key_id', 'text')
      .addColumn('impersonator_user_id', 'text')
      .addColumn('target_type', 'text')
      .addColumn('target_id', 'text')
      .addColumn('details', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('ip', 'text', (column) => column.notNull())
      .addColumn('user_agent', 'text', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('audit_events_account_created_idx')
      .on('audit_events')
      .columns(['account_id', 'created_at'])
      .execute();
  },
};
