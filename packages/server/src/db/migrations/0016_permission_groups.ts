import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const permissionGroups: Migration = {
  name: '0016_permission_groups',
  async up(db) {
    // Each user's permission groups (platform spec section 5), a JSON list of names. Users from
    // before groups existed could do everything, so they keep that as Account Admin; new users
    // are always inserted with their groups named.
    await db.schema
      .alterTable('users')
      .addColumn('permissions', 'jsonb', (column) =>
        column.notNull().defaultTo(sql`'["account_admin"]'::jsonb`),
      )
      .execute();
  },
};
