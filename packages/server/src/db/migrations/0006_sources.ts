import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const sources: Migration = {
  name: '0006_sources',
  async up(db) {
    await db.schema
      .createTable('sources')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('account_id', 'text', (column) =>
        column.notNull().references('accounts.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('enabled', 'boolean', (column) => column.notNull().defaultTo(true))
      .addColumn('deployment_status', 'text', (column) =>
        column
          .notNull()
          .defaultTo('deploying')
          .check(sql`deployment_status in ('deploying', 'deployed', 'failed')`),
      )
      .addColumn('deployment_error', 'text')
      .addColumn('global_version', 'integer', (column) => column.notNull().defaultTo(1))
      .addColumn('secure_url_enabled', 'boolean', (column) => column.notNull().defaultTo(false))
      // Encrypted with the server's secret key (crypto/secrets.ts), like every secret field.
      .addColumn('secure_url_token', 'text', (column) => column.notNull())
      .addColumn('image_error', 'jsonb')
      .addColumn('image_missing', 'jsonb')
      .addColumn('type', 'text', (column) => column.notNull())
      .addColumn('storage_provider', 'text')
      // Production settings: cache TTLs, CORS and crossdomain.xml, domains, default params.
      .addColumn('settings', 'jsonb', (column) => column.notNull())
      // The provider's credential fields; secret ones encrypted, the others in plain text.
      .addColumn('credentials', 'jsonb', (column) => column.notNull())
      .addColumn('is_demo', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .addColumn('deployed_at', 'timestamptz')
      .execute();
    await db.schema
      .createIndex('sources_account_id_updated_at_idx')
      .on('sources')
      .columns(['account_id', 'updated_at'])
      .execute();

    // Every subdomain and custom domain of every source, one row each: the primary key makes a
    // domain belong to one source across all server processes, and availability and delivery
    // host lookups are one indexed read.
    await db.schema
      .createTable('source_domains')
      .addColumn('domain', 'text', (column) => column.primaryKey())
      .addColumn('kind', 'text', (column) =>
        column.notNull().check(sql`kind in ('subdomain', 'custom')`),
      )
      .addColumn('source_id', 'text', (column) =>
        column.notNull().references('sources.id').onDelete('cascade'),
      )
      .execute();
    await db.schema
      .createIndex('source_domains_source_id_idx')
      .on('source_domains')
      .column('source_id')
      .execute();
  },
};
