import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const videoGenerations: Migration = {
  name: '0015_video_generations',
  async up(db) {
    // Generative image to video (editor spec section 2, 'Image to video page'): one row per video
    // asked of the provider, kept so the page can follow it across reloads and a server restart,
    // and so the result can be served to its account only. The MP4 itself lives in the data
    // directory.
    await db.schema
      .createTable('video_generations')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('account_id', 'text', (column) =>
        column.notNull().references('accounts.id').onDelete('cascade'),
      )
      .addColumn('source_id', 'text', (column) =>
        column.notNull().references('sources.id').onDelete('cascade'),
      )
      .addColumn('origin_path', 'text', (column) => column.notNull())
      .addColumn('prompt', 'text', (column) => column.notNull())
      .addColumn('seconds', 'integer', (column) => column.notNull())
      .addColumn('orientation', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) =>
        column
          .notNull()
          .defaultTo('queued')
          .check(sql`status in ('queued', 'in_progress', 'completed', 'failed')`),
      )
      .addColumn('progress', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('provider_id', 'text')
      .addColumn('error', 'text')
      .addColumn('failed_attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('video_bytes', 'bigint')
      // The finished MP4's address carries it: a link that can be shared and played in a
      // <video> element, which cannot send the dashboard's bearer token.
      .addColumn('content_token', 'text', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
    // An account's list, newest first.
    await db.schema
      .createIndex('video_generations_account_id_created_at_idx')
      .on('video_generations')
      .columns(['account_id', 'created_at'])
      .execute();
  },
};
