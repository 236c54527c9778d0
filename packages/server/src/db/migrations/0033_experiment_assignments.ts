import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const experimentAssignments: Migration = {
  name: '0033_experiment_assignments',
  async up(db) {
    // Each user's variant of each dashboard experiment (platform spec section 3, the dashboard's
    // A/B test data), stored so a user keeps their variant; it goes with the user.
    await db.schema
      .createTable('experiment_assignments')
      .addColumn('user_id', 'text', (column) =>
        column.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('experiment', 'text', (column) => column.notNull())
      .addColumn('variant', 'text', (column) => column.notNull())
      .addColumn('assigned_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .addPrimaryKeyConstraint('experiment_assignments_pkey', ['user_id', 'experiment'])
      .execute();
    await db.schema
      .createIndex('experiment_assignments_experiment_idx')
      .on('experiment_assignments')
      .column('experiment')
      .execute();
    // The results look up each assigned user's exposure and conversion events by name.
    await db.schema
      .createIndex('events_user_id_name_idx')
      .on('events')
      .columns(['user_id', 'name'])
      .execute();
  },
};
