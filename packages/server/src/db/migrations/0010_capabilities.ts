import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const capabilities: Migration = {
  name: '0010_capabilities',
  async up(db) {
    // The premium capabilities of editor spec section 3 ('Capabilities'), each a JSON list of
    // names. Accounts that exist before this migration get none: DEFAULT_CAPABILITIES is what
    // sign-up grants, and an admin grants the rest. A source grants nothing of its own unless given
    // it; its account's grants reach it anyway.
    await db.schema
      .alterTable('accounts')
      .addColumn('capabilities', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
      .execute();
    await db.schema
      .alterTable('sources')
      .addColumn('capabilities', 'jsonb', (column) => column.notNull().defaultTo(sql`'[]'::jsonb`))
      .execute();
  },
};
