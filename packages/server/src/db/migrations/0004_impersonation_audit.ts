import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const impersonationAudit: Migration = {
  name: '0004_impersonation_audit',
  async up(db) {
    // No foreign keys: the audit trail outlives the sessions and users it mentions.
    await db.schema
      .createTable('impersonation_audit')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('session_id', 'text', (column) => column.notNull())
      .addColumn('admin_user_id', 'text', (column) => column.notNull())
      .addColumn('impersonated_user_id', 'text', (column) => column.notNull())
      .addColumn('method', 'text', (column) => column.notNull())
      .addColumn('path', 'text', (column) => column.notNull())
      .addColumn('status', 'integer', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('impersonation_audit_admin_user_id_idx')
      .on('impersonation_audit')
      .columns(['admin_user_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('impersonation_audit_session_id_idx')
      .on('impersonation_audit')
      .column('session_id')
      .execute();
  },
};
