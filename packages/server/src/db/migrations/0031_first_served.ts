import type { Migration } from './migration.ts';

export const firstServed: Migration = {
  name: '0031_first_served',
  async up(db) {
    // When a source first answered an image (delivery/first-served.ts), so the dashboard can tell
    // the customer their first image was served (platform spec section 3: the dashboard's
    // first-image-served flag). Null until then; set once, never cleared.
    await db.schema.alterTable('sources').addColumn('first_served_at', 'timestamptz').execute();
  },
};
