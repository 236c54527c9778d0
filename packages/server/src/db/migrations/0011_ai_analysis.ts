import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const aiAnalysis: Migration = {
  name: '0011_ai_analysis',
  async up(db) {
    // Faces, labels and alt text (spec platform section 3, 'Asset') come from the AI analysis of an
    // asset, which runs after indexing: analysed_at null marks an asset whose current origin bytes
    // are not analysed.
    await db.schema
      .alterTable('assets')
      .addColumn('analysed_at', 'timestamptz')
      .addColumn('alt_text_predictions', 'jsonb', (column) =>
        column.notNull().defaultTo(sql`'[]'::jsonb`),
      )
      .execute();
    await db.schema
      .createIndex('assets_unanalysed_idx')
      .on('assets')
      .column('source_id')
      .where(sql.ref('analysed_at'), 'is', null)
      .execute();
    // Delivery finds the job of a premium render URL by its render key.
    await sql`create index jobs_ai_render_key_idx on jobs ((payload->>'key')) where kind = 'ai-render'`.execute(
      db,
    );
  },
};
