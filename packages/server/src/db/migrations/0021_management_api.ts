import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const managementApi: Migration = {
  name: '0021_management_api',
  async up(db) {
    // imgix's Management API (api/v1): an asset's custom fields, the key-value metadata imgix's
    // asset attributes call `custom_fields`, replaced whole by a PATCH.
    await db.schema
      .alterTable('assets')
      .addColumn('custom_fields', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
      .execute();
    // imgix's upload sessions (docs.imgix.com/apis/management/assets, "Uploading"): one file
    // each, open for 8 hours. The upload URL handed out carries a secret; only its sha256 is kept,
    // as with session tokens and API keys.
    await db.schema
      .createTable('upload_sessions')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('source_id', 'text', (column) =>
        column.notNull().references('sources.id').onDelete('cascade'),
      )
      .addColumn('account_id', 'text', (column) =>
        column.notNull().references('accounts.id').onDelete('cascade'),
      )
      .addColumn('created_by', 'text', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('origin_path', 'text', (column) => column.notNull())
      .addColumn('secret_hash', 'text', (column) => column.notNull().unique())
      .addColumn('status', 'text', (column) =>
        column.notNull().check(sql`status in ('PENDING', 'COMPLETE', 'CANCELED')`),
      )
      // Opened with ?overwrite=true: the file may replace one at its path (and its renders go).
      .addColumn('overwrite', 'boolean', (column) => column.notNull().defaultTo(false))
      // Set once the file's bytes arrived whole through the upload URL.
      .addColumn('file_size', 'bigint')
      .addColumn('content_type', 'text')
      .addColumn('uploaded_at', 'timestamptz')
      .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('upload_sessions_source_id_idx')
      .on('upload_sessions')
      .column('source_id')
      .execute();
  },
};
