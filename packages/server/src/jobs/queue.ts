import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema, JobPayload, JobRow } from '../db/schema.ts';
import { newId } from '../db/ids.ts';

type Db = Kysely<DatabaseSchema>;

export interface NewJob {
  kind: string;
  payload: JobPayload;
  runAt?: Date;
  maxAttempts?: number;
}

/** Adds a job; pass a transaction to enqueue it together with the row it works on. */
export async function enqueueJob(db: Db, job: NewJob): Promise<string> {
  const id = newId();
  await db
    .insertInto('jobs')
    .values({
      id,
      kind: job.kind,
      payload: JSON.stringify(job.payload),
      ...(job.runAt ? { run_at: job.runAt } : {}),
      ...(job.maxAttempts ? { max_attempts: job.maxAttempts } : {}),
    })
    .execute();
  return id;
}

/**
 * Takes the next due job, leasing it for `leaseMs`. SKIP LOCKED lets several processes claim
 * at the same time without waiting on, or taking, each other's job.
 */
export async function claimJob(
  db: Db,
  kinds: readonly string[],
  leaseMs: number,
): Promise<JobRow | undefined> {
  if (kinds.length === 0) return undefined;
  const { rows } = await sql<JobRow>`
    update jobs
    set locked_until = now() + make_interval(secs => ${leaseMs / 1000}),
        attempts = attempts + 1
    where id = (
      select id from jobs
      where failed_at is null
        and run_at <= now()
        and (locked_until is null or locked_until < now())
        and kind in (${sql.join(kinds)})
      order by run_at, id
      limit 1
      for update skip locked
    )
    returning *`.execute(db);
  return rows[0];
}

/** A finished job leaves the queue. */
export async function completeJob(db: Db, id: string): Promise<void> {
  await db.deleteFrom('jobs').where('id', '=', id).execute();
}

/**
 * A failed attempt: retried after `retryInMs` while attempts remain, otherwise kept with
 * failed_at set so it can be inspected.
 */
export async function failJob(
  db: Db,
  job: JobRow,
  error: string,
  retryInMs: number,
  options: { final?: boolean } = {},
): Promise<void> {
  const final = options.final === true || job.attempts >= job.max_attempts;
  await db
    .updateTable('jobs')
    .set({
      last_error: error.slice(0, 2000),
      locked_until: null,
      ...(final ? { failed_at: new Date() } : { run_at: new Date(Date.now() + retryInMs) }),
    })
    .where('id', '=', job.id)
    .execute();
}
