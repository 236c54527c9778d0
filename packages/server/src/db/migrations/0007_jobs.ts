import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const jobs: Migration = {
  name: '0007_jobs',
  async up(db) {
    // The durable job queue (docs/ARCHITECTURE.md, "The job system"): any server process claims due
    // jobs with FOR UPDATE SKIP LOCKED; a claim is a lease until locked_until, so a job whose
    // process died runs again once the lease ends.
    await db.schema
      .createTable('jobs')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('payload', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('run_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('max_attempts', 'integer', (column) => column.notNull().defaultTo(5))
      .addColumn('locked_until', 'timestamptz')
      .addColumn('last_error', 'text')
      .addColumn('failed_at', 'timestamptz')
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('jobs_due_idx')
      .on('jobs')
      .column('run_at')
      .where(sql.ref('failed_at'), 'is', null)
      .execute();
  },
};
