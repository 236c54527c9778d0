// The durable queue: one row per job in the `jobs` table, so any server process sharing the
// database may run it, and a job enqueued in a transaction exists exactly when its work does.
// A job may name its work (`work_key`): the database keeps one unfailed job per kind and key,
// so processes asking for the same work at once enqueue one job. A claim is a lease with a
// token; only the claimer holding the token renews it or records how the job ended.
import { hostname } from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema, JobPayload, JobRow } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import type { JobKind } from './kind.ts';

type Db = Kysely<DatabaseSchema>;

/** This process, as the `locked_by` of the jobs it holds says it: an operator finds it by it. */
const THIS_PROCESS = `${hostname()}:${process.pid}`;

export interface EnqueueOptions {
  /** Not before this time (default: now). */
  runAt?: Date;
}

export interface KeyedEnqueueOptions extends EnqueueOptions {
  /**
   * The work the job stands for: while an unfailed job of the kind has this key, none is
   * added (the partial unique index of migration 0025, which PostgreSQL checks at the insert,
   * so two processes asking at the same moment cannot both add one).
   */
  key: string;
}

/** Adds a job; pass a transaction to enqueue it together with the row it works on. */
export async function enqueueJob<Payload extends JobPayload>(
  db: Db,
  kind: JobKind<Payload>,
  payload: Payload,
  options?: EnqueueOptions,
): Promise<string>;
/** Adds a job unless one of its kind with `options.key` is pending: its id, or null. */
export async function enqueueJob<Payload extends JobPayload>(
  db: Db,
  kind: JobKind<Payload>,
  payload: Payload,
  options: KeyedEnqueueOptions,
): Promise<string | null>;
export async function enqueueJob<Payload extends JobPayload>(
  db: Db,
  kind: JobKind<Payload>,
  payload: Payload,
  options: EnqueueOptions & { key?: string } = {},
): Promise<string | null> {
  const id = newId();
  const inserted = await db
    .insertInto('jobs')
    .values({
      id,
      kind: kind.name,
      payload: JSON.stringify(payload),
      ...(options.runAt ? { run_at: options.runAt } : {}),
      ...(kind.maxAttempts ? { max_attempts: kind.maxAttempts } : {}),
      ...(options.key === undefined ? {} : { work_key: options.key }),
    })
    // The conflict target names the partial index with its predicate (PostgreSQL's
    // ON CONFLICT infers an arbiter index only from columns and predicate together).
    .onConflict((conflict) =>
      conflict
        .columns(['kind', 'work_key'])
        .where('work_key', 'is not', null)
        .where('failed_at', 'is', null)
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
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

/** The work key of the `sameAs` fields of `payload`, field names included. */
function pendingKey<Payload extends JobPayload>(
  payload: Payload,
  sameAs: readonly (keyof Payload & string)[],
): string {
  return JSON.stringify(sameAs.map((field) => [field, String(payload[field])]));
}

/**
 * Enqueues `payload` unless a pending job of the kind already stands for it (see PendingMatch);
 * returns whether it enqueued. The new job holds the work key of its `sameAs` fields, so two
 * processes asking at the same moment enqueue one job; jobs enqueued without a key (by
 * `enqueueJob`) are found by their payload.
 */
export async function enqueueUnlessPending<Payload extends JobPayload>(
  db: Db,
  kind: JobKind<Payload>,
  payload: Payload,
  match: PendingMatch<Payload>,
  options: EnqueueOptions = {},
): Promise<boolean> {
  if ((await pendingJobs(db, kind, payload, match).executeTakeFirst()) !== undefined) return false;
  const key = pendingKey(payload, match.sameAs);
  // Jobs that no longer stand for new work give their key up: the job asking for its own
  // continuation, and with `waitingOnly` every job in hand.
  if (match.waitingOnly || match.exceptJobId != null) {
    await db
      .updateTable('jobs')
      .set({ work_key: null })
      .where('kind', '=', kind.name)
      .where('work_key', '=', key)
      .where((where) => {
        const givingUp = [];
        if (match.exceptJobId != null) givingUp.push(where('id', '=', match.exceptJobId));
        if (match.waitingOnly) givingUp.push(where('locked_until', '>=', sql<Date>`now()`));
        return where.or(givingUp);
      })
      .execute();
  }
  return (await enqueueJob(db, kind, payload, { ...options, key })) !== null;
}

/** The newest job of a kind with a work key, and how long ago it failed (null: pending). */
export interface KeyedJob {
  id: string;
  lastError: string | null;
  /** Milliseconds since it failed for good, by the database's clock (which processes share). */
  failedMsAgo: number | null;
}

/** The newest job of `kind` with the work key `key`, pending or failed. */
export async function keyedJob<Payload extends JobPayload>(
  db: Db,
  kind: JobKind<Payload>,
  key: string,
): Promise<KeyedJob | undefined> {
  const { rows } = await sql<{ id: string; last_error: string | null; failed_ms_ago: number }>`
    select id, last_error,
      (extract(epoch from now() - failed_at) * 1000)::float8 as failed_ms_ago
    from jobs
    where kind = ${kind.name} and work_key = ${key}
    order by failed_at is null desc, created_at desc
    limit 1`.execute(db);
  const row = rows[0];
  if (row === undefined) return undefined;
  return { id: row.id, lastError: row.last_error, failedMsAgo: row.failed_ms_ago };
}

/**
 * Takes the next due job of `kinds`, leasing it for `leaseMs` under a new lease token. SKIP
 * LOCKED lets several processes claim at the same time without waiting on, or taking, each
 * other's job; a lease that lapsed (its process died or stopped renewing) is taken over.
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
        lease_token = ${newId()},
        locked_by = ${THIS_PROCESS},
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

/** A claimed job as its claimer knows it: the lease token it claimed with. */
export type ClaimedJob = Pick<JobRow, 'id' | 'lease_token'>;

/**
 * Extends the lease of a job in hand by `leaseMs` from now; false when the lease is no longer
 * ours (another runner took the job over after it lapsed, or its end is recorded).
 */
export async function renewLease(db: Db, job: ClaimedJob, leaseMs: number): Promise<boolean> {
  const renewed = await db
    .updateTable('jobs')
    .set({ locked_until: sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where('id', '=', job.id)
    .where('lease_token', '=', job.lease_token)
    .where('failed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return renewed !== undefined;
}

/**
 * Records that the job in hand is done by taking it out of the queue; false, changing nothing,
 * when its lease was taken over (the other runner records the job's end instead).
 */
export async function completeJob(db: Db, job: ClaimedJob): Promise<boolean> {
  const deleted = await db
    .deleteFrom('jobs')
    .where('id', '=', job.id)
    .where('lease_token', '=', job.lease_token)
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}

/** Takes a job out of the queue whoever holds it: a failure no longer worth answering. */
export async function deleteJob(db: Db, id: string): Promise<void> {
  await db.deleteFrom('jobs').where('id', '=', id).execute();
}

/**
 * A failed attempt: retried after `retryInMs` while attempts remain, otherwise kept with
 * failed_at set so it can be inspected. Returns false, changing nothing, when the job's lease
 * was taken over: the attempt that failed is no longer the job's.
 */
export async function failJob(
  db: Db,
  job: ClaimedJob & Pick<JobRow, 'attempts' | 'max_attempts'>,
  error: string,
  retryInMs: number,
  options: { final?: boolean } = {},
): Promise<boolean> {
  const final = options.final === true || job.attempts >= job.max_attempts;
  const failed = await db
    .updateTable('jobs')
    .set({
      last_error: error.slice(0, 2000),
      locked_until: null,
      lease_token: null,
      locked_by: null,
      ...(final ? { failed_at: new Date() } : { run_at: new Date(Date.now() + retryInMs) }),
    })
    .where('id', '=', job.id)
    .where('lease_token', '=', job.lease_token)
    .returning('id')
    .executeTakeFirst();
  return failed !== undefined;
}

/**
 * Gives a job in hand back to the queue (its runner stopped): due at once for any runner, the
 * attempt it was claimed for not counted. Left alone when another claimer has taken it since
 * (a lapsed lease), which its lease token would show.
 */
export async function releaseJob(db: Db, job: ClaimedJob): Promise<void> {
  await db
    .updateTable('jobs')
    .set((eb) => ({
      locked_until: null,
      lease_token: null,
      locked_by: null,
      attempts: eb('attempts', '-', 1),
    }))
    .where('id', '=', job.id)
    .where('lease_token', '=', job.lease_token)
    .execute();
}
