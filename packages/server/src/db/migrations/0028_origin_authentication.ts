import type { Migration } from './migration.ts';

export const originAuthentication: Migration = {
  name: '0028_origin_authentication',
  async up(db) {
    // How a web folder or web proxy source authenticates to its origin (storage/origin-auth.ts:
    // Basic, a custom header, a per-request signature), its secrets encrypted like the storage
    // credentials. A column of its own rather than more credential fields: it is changed through
    // its own route, checked against the origin before it is saved, and null for most sources.
    await db.schema.alterTable('sources').addColumn('origin_auth', 'jsonb').execute();
  },
};
