import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const purgesAndDeletion: Migration = {
  name: '0027_purges_and_deletion',
  async up(db) {
    // The purge history an account reads on its Purge screen (api/purges.ts): who asked, when,
    // for what (a full URL or a path prefix of a source) and how it went. No foreign key to the
    // source: a purge stays in the history after its source is deleted, named as it was then.
    await db.schema
      .createTable('purges')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('account_id', 'text', (column) =>
        column.notNull().references('accounts.id').onDelete('cascade'),
      )
      .addColumn('source_id', 'text', (column) => column.notNull())
      .addColumn('source_name', 'text', (column) => column.notNull())
      .addColumn('requested_by', 'text')
      .addColumn('requested_by_name', 'text')
      .addColumn('kind', 'text', (column) => column.notNull().check(sql`kind in ('url', 'prefix')`))
      .addColumn('target', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) =>
        column.notNull().check(sql`status in ('done', 'failed')`),
      )
      .addColumn('error', 'text')
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('purges_account_id_created_at_idx')
      .on('purges')
      .columns(['account_id', 'created_at'])
      .execute();

    // The subdomains of deleted sources, held for their account until `held_until`: links and
    // embeds still name them, and another account taking one at once would serve its images
    // under them (api/source-deletion.ts, store/held-domains.ts).
    await db.schema
      .createTable('held_domains')
      .addColumn('domain', 'text', (column) => column.primaryKey())
      .addColumn('account_id', 'text', (column) =>
        column.notNull().references('accounts.id').onDelete('cascade'),
      )
      .addColumn('held_until', 'timestamptz', (column) => column.notNull())
      .execute();

    // A source setting: delivery answers 404 for the paths of its hidden assets
    // (delivery/hidden-assets.ts).
    await db.schema
      .alterTable('sources')
      .addColumn('stop_delivering_hidden', 'boolean', (column) => column.notNull().defaultTo(false))
      .execute();
  },
};
