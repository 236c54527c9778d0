import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const jobKeys: Migration = {
  name: '0025_job_keys',
  async up(db) {
    // `work_key` names the work a job stands for (an AI render's render key, say): at most one
    // unfailed job per kind and work key, so processes asking for the same work at the same
    // moment enqueue one job (jobs/queue.ts, INSERT ... ON CONFLICT DO NOTHING on the partial
    // index below). A failed job leaves the index, so the work may be asked for again.
    // `lease_token` is written at each claim: only the claimer holding it renews the lease and
    // records the job's end, so a runner whose lease was taken over changes nothing.
    // `locked_by` says which process holds the lease (host and pid), for whoever watches.
    await db.schema
      .alterTable('jobs')
      .addColumn('work_key', 'text')
      .addColumn('lease_token', 'text')
      .addColumn('locked_by', 'text')
      .execute();
    await db.schema
      .createIndex('jobs_work_key_idx')
      .on('jobs')
      .columns(['kind', 'work_key'])
      .unique()
      .where(sql.ref('work_key'), 'is not', null)
      .where(sql.ref('failed_at'), 'is', null)
      .execute();
    // The render jobs already queued are found by their render key from now on. Of two pending
    // jobs for one key (the race this migration ends), the newer keeps it; the other still runs
    // and finds the render made.
    await sql`
      update jobs set work_key = payload->>'key'
      where kind in ('ai-render', 'video-render')
        and payload ? 'key'
        and (failed_at is not null or id in (
          select distinct on (kind, payload->>'key') id from jobs
          where kind in ('ai-render', 'video-render') and failed_at is null
          order by kind, payload->>'key', created_at desc
        ))`.execute(db);
  },
};
