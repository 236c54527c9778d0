// The durable queue: one row per job in the `jobs` table, so any server process sharing the
// database may run it, and a job enqueued in a transaction exists exactly when its work does.
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema, JobPayload, JobRow } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import type { JobKind } from './kind.ts';

type Db = Kysely<DatabaseSchema>;

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
}

/** Adds a job; pass a transaction to enqueue it together with the row it works on. */
export async function enqueueJob<Payload extends JobPayload>(
  db: Db,
  kind: JobKind<Payload>,
  payload: Payload,
  options: EnqueueOptions = {},
): Promise<string> {
  const id = newId();
  await db
    .insertInto('jobs')
    .values({
      id,
      kind: kind.name,
      payload: JSON.stringify(payload),
      ...(options.runAt ? { run_at: options.runAt } : {}),
      ...(kind.maxAttempts ? { max_attempts: kind.maxAttempts } : {}),
    })
    .execute();
  return id;
}

export interface PendingMatch<Payload extends JobPayload> {
  /** The payload fields a pending job must share with the new one to stand for it. */
  sameAs: readonly (keyof Payload & string)[];
  /**
   * Only a job that is waiting counts, not one in hand: a runner that already looked for its
   * work may miss what asks now. A lapsed lease is a job a stopped process let go of: waiting.
   */
  waitingOnly?: boolean;
  /** A job asking for its own continuation does not count as pending. */
  exceptJobId?: string | null;
}

/** The pending (not failed) jobs of `kind` whose payload shares the `sameAs` fields. */
function pendingJobs<Payload extends JobPayload>(
  db: Db,
  kind: JobKind<Payload>,
  payload: Payload,
  match: PendingMatch<Payload>,
) {
  let query = db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', kind.name)
    .where('failed_at', 'is', null);
  for (const field of match.sameAs) {
    query = query.where(sql<string>`payload->>${field}`, '=', String(payload[field]));
  }
  if (match.waitingOnly) {
    query = query.where((where) =>
      where.or([where('locked_until', 'is', null), where('locked_until', '<', sql<Date>`now()`)]),
    );
  }
  if (match.exceptJobId != null) query = query.where('id', '!=', match.exceptJobId);
  return query;
}

/**
 * Enqueues `payload` unless a pending job of the kind already stands for it (see PendingMatch);
 * returns whether it enqueued. Two processes asking at the same moment may both enqueue: every
 * handler is written so that a second job finds its work done.
 */
export async function enqueueUnlessPending<Payload extends JobPayload>(
  db: Db,
  kind: JobKind<Payload>,
  payload: Payload,
  match: PendingMatch<Payload>,
  options: EnqueueOptions = {},
): Promise<boolean> {
  if ((await pendingJobs(db, kind, payload, match).executeTakeFirst()) !== undefined) return false;
  await enqueueJob(db, kind, payload, options);
  return true;
}

/** The newest job of `kind` (pending or failed) whose payload shares the `sameAs` fields. */
export async function latestJob<Payload extends JobPayload>(
  db: Db,
  kind: JobKind<Payload>,
  payload: Payload,
  sameAs: readonly (keyof Payload & string)[],
): Promise<Pick<JobRow, 'id' | 'failed_at' | 'last_error'> | undefined> {
  let query = db
    .selectFrom('jobs')
    .select(['id', 'failed_at', 'last_error'])
    .where('kind', '=', kind.name);
  for (const field of sameAs) {
    query = query.where(sql<string>`payload->>${field}`, '=', String(payload[field]));
  }
  return query.orderBy('created_at', 'desc').limit(1).executeTakeFirst();
}

/**
 * Takes the next due job of `kinds`, leasing it for `leaseMs`. SKIP LOCKED lets several
 * processes claim at the same time without waiting on, or taking, each other's job.
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

/** Takes a job out of the queue: a finished one, or a failure no longer worth answering. */
export async function deleteJob(db: Db, id: string): Promise<void> {
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

/**
 * Gives a job in hand back to the queue (its runner stopped): due at once for any runner, the
 * attempt it was claimed for not counted. Left alone when another claimer has taken it since
 * (a lapsed lease), which its `attempts` would show.
 */
export async function releaseJob(db: Db, job: JobRow): Promise<void> {
  await db
    .updateTable('jobs')
    .set((eb) => ({ locked_until: null, attempts: eb('attempts', '-', 1) }))
    .where('id', '=', job.id)
    .where('attempts', '=', job.attempts)
    .execute();
}
