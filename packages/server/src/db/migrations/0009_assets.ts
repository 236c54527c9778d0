import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const assets: Migration = {
  name: '0009_assets',
  async up(db) {
    // The asset index (spec platform section 3, 'Asset'): one row per image, animation or video a
    // source's origin holds, written by assets/index-job.ts and read by api/assets.ts. `id` is the
    // source id followed by the origin path (which starts with '/'), the shape of the asset routes'
    // paths.
    await db.schema
      .createTable('assets')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('source_id', 'text', (column) => column.notNull())
      .addColumn('account_id', 'text', (column) => column.notNull())
      .addColumn('origin_path', 'text', (column) => column.notNull())
      .addColumn('content_type', 'text')
      .addColumn('file_size', 'bigint')
      .addColumn('media_kind', 'text', (column) =>
        column.notNull().check(sql`media_kind in ('IMAGE', 'ANIMATION', 'VIDEO')`),
      )
      .addColumn('media_width', 'integer')
      .addColumn('media_height', 'integer')
      .addColumn('dpi_width', 'real')
      .addColumn('dpi_height', 'real')
      .addColumn('image_mode', 'text')
      .addColumn('color_profile_name', 'text')
      // [{ "hex": "#rrggbb", "share": 0.42 }, ...], largest share first.
      .addColumn('colors', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('has_frames', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('frame_count', 'integer')
      .addColumn('has_colors', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('is_renderable', 'boolean', (column) => column.notNull().defaultTo(false))
      // Filled by the AI issue; empty (null / false / []) until then, never invented.
      .addColumn('face_count', 'integer')
      .addColumn('has_faces', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('labels', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('alt_text', 'text')
      // What the customer edits.
      .addColumn('name', 'text')
      .addColumn('description', 'text')
      .addColumn('categories', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('labels_user_defined', 'jsonb', (column) =>
        column.notNull().defaultTo(sql`'[]'::jsonb`),
      )
      .addColumn('hidden', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('uploaded_by', 'text')
      // The origin's own identity of the bytes indexed, to skip unchanged objects on re-index.
      .addColumn('origin_etag', 'text')
      .addColumn('origin_modified_at', 'timestamptz')
      // Why the object could not be read or described, when is_renderable is false.
      .addColumn('index_error', 'text')
      // The indexing run that last saw the object: objects a finished run did not see are gone.
      .addColumn('last_seen_run', 'text')
      .addColumn('date_created', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .addColumn('date_modified', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .addUniqueConstraint('assets_source_id_origin_path_key', ['source_id', 'origin_path'])
      .execute();
    // The asset list's sorts, each within one source.
    await db.schema
      .createIndex('assets_source_id_date_created_idx')
      .on('assets')
      .columns(['source_id', 'date_created', 'id'])
      .execute();
    await db.schema
      .createIndex('assets_source_id_date_modified_idx')
      .on('assets')
      .columns(['source_id', 'date_modified', 'id'])
      .execute();
    await db.schema
      .createIndex('assets_source_id_file_size_idx')
      .on('assets')
      .columns(['source_id', 'file_size', 'id'])
      .execute();

    // One indexing run per source at a time, its position kept here so a run resumes after a
    // restart and walks 100,000 objects a page at a time. `cursor` is the indexer's own JSON.
    await db.schema
      .createTable('asset_index_runs')
      .addColumn('source_id', 'text', (column) => column.primaryKey())
      .addColumn('run_id', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) =>
        column.notNull().check(sql`status in ('running', 'finished', 'failed')`),
      )
      .addColumn('reason', 'text', (column) => column.notNull())
      .addColumn('cursor', 'jsonb')
      .addColumn('objects_seen', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('assets_indexed', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('last_error', 'text')
      .addColumn('started_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .addColumn('finished_at', 'timestamptz')
      .execute();

    // The manual alt-text languages of spec platform section 7, one list per account.
    await db.schema
      .createTable('asset_alt_text_settings')
      .addColumn('account_id', 'text', (column) => column.primaryKey())
      .addColumn('languages', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
      .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
  },
};
