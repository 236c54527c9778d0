import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const video: Migration = {
  name: '0014_video',
  async up(db) {
    // What ffprobe reads of a video asset; null for images and animations.
    await db.schema
      .alterTable('assets')
      .addColumn('video_duration_ms', 'integer')
      .addColumn('video_codec', 'text')
      .addColumn('video_frame_rate', 'real')
      .execute();
    // enable_multiframe (spec platform section 3): off, an animation renders as its first frame.
    // On by default, as every source rendered animations before the setting existed.
    await db.schema
      .alterTable('sources')
      .addColumn('enable_multiframe', 'boolean', (column) => column.notNull().defaultTo(true))
      .execute();
    // Delivery finds the job of a video transcode URL by its render key, as for AI renders.
    await sql`create index jobs_video_render_key_idx on jobs ((payload->>'key')) where kind = 'video-render'`.execute(
      db,
    );
  },
};
