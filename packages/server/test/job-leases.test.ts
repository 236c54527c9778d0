import { hostname } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { DatabaseSchema, JobRow } from '../src/db/schema.ts';
import { defineJobKind } from '../src/jobs/kind.ts';
import {
  claimJob,
  completeJob,
  enqueueJob,
  failJob,
  releaseJob,
  renewLease,
} from '../src/jobs/queue.ts';
import {
  createJobRunner,
  handleJob,
  LeaseLostError,
  type AfterCompletion,
} from '../src/jobs/runner.ts';
import { BACKENDS } from './databases.ts';
import { useSharedDatabase } from './shared-database.ts';

const LEASED_JOB = defineJobKind('test-leased', z.object({ n: z.number() }), { maxAttempts: 3 });

/** Short leases, so that outlasting one takes a second, not JOB_LEASE_MS. */
const SHORT_LEASE = { leaseMs: 1_000, heartbeatMs: 200 };

type Db = Kysely<DatabaseSchema>;

function rowOf(db: Db, id: string): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether the database's clock, which leases are measured by, is past `at`. */
async function isPast(db: Db, at: Date): Promise<boolean> {
  const { rows } = await sql<{ past: boolean }>`select now() > ${at} as past`.execute(db);
  return rows[0]?.past === true;
}

/** A process that claimed the job and stopped renewing its lease: it lapses at once. */
async function lapse(db: Db, id: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ locked_until: new Date(0) })
    .where('id', '=', id)
    .execute();
}

describe.each(BACKENDS)('job leases on $name', (backend) => {
  // Two server processes on one database.
  const shared = useSharedDatabase(backend, 2);

  afterEach(async () => {
    await shared.db.deleteFrom('jobs').where('kind', '=', LEASED_JOB.name).execute();
  });

  it('lets only the runner holding the lease renew it or record how the job ended', async () => {
    const { db, other } = shared;
    const id = await enqueueJob(db, LEASED_JOB, { n: 1 });
    const lapsed = await claimJob(db, [LEASED_JOB.name], 60_000);
    if (lapsed === undefined) throw new Error('The job was not claimed.');
    await lapse(db, id);
    const current = await claimJob(other, [LEASED_JOB.name], 60_000);
    if (current === undefined) throw new Error('The lapsed job was not taken over.');
    expect(current).toMatchObject({ id, attempts: 2 });
    expect(current.lease_token).not.toBe(lapsed.lease_token);

    // The first claimer comes back: it can change nothing.
    expect(await renewLease(db, lapsed, 60_000)).toBe(false);
    expect(await completeJob(db, lapsed)).toBe(false);
    expect(await failJob(db, lapsed, 'late failure', 0, { final: true })).toBe(false);
    await releaseJob(db, lapsed);
    expect(await rowOf(db, id)).toMatchObject({
      attempts: 2,
      lease_token: current.lease_token,
      locked_until: current.locked_until,
      last_error: null,
      failed_at: null,
    });

    expect(await renewLease(other, current, 60_000)).toBe(true);
    expect(await completeJob(other, current)).toBe(true);
    expect(await rowOf(db, id)).toBeUndefined();
  });

  it('names the process holding a lease until the job is given back', async () => {
    const { db } = shared;
    const id = await enqueueJob(db, LEASED_JOB, { n: 5 });
    const claimed = await claimJob(db, [LEASED_JOB.name], 60_000);
    if (claimed === undefined) throw new Error('The job was not claimed.');
    expect(claimed.locked_by).toBe(`${hostname()}:${process.pid}`);
    await releaseJob(db, claimed);
    expect(await rowOf(db, id)).toMatchObject({
      locked_by: null,
      lease_token: null,
      locked_until: null,
      attempts: 0,
    });
  });

  it('renews the lease of a job that outlasts it, so no other runner takes the job over', async () => {
    const { db, other } = shared;
    const id = await enqueueJob(db, LEASED_JOB, { n: 2 });
    const takenOver: string[] = [];
    const otherRunner = createJobRunner({
      db: other,
      ...SHORT_LEASE,
      handlers: [handleJob(LEASED_JOB, async (_payload, job) => void takenOver.push(job.id))],
    });
    let metered = 0;
    const runner = createJobRunner({
      db,
      ...SHORT_LEASE,
      handlers: [
        handleJob(LEASED_JOB, async (_payload, job) => {
          // Three leases long, by the database's clock, with the other runner looking for due
          // jobs all along: without renewals it would take this one over after the first.
          const claimedUntil = job.locked_until ?? new Date();
          const end = new Date(claimedUntil.getTime() + 2 * SHORT_LEASE.leaseMs);
          while (!(await isPast(db, end))) {
            await otherRunner.drain();
            await sleep(50);
          }
          return () => {
            metered += 1;
          };
        }),
      ],
    });
    expect(await runner.drain()).toBe(1);
    expect(takenOver).toEqual([]);
    expect(metered).toBe(1);
    expect(await rowOf(db, id)).toBeUndefined();
  });

  it('stops the handler of a job another runner took over and records nothing of it', async () => {
    const { db, other } = shared;
    const id = await enqueueJob(db, LEASED_JOB, { n: 3 });
    let started!: () => void;
    const begun = new Promise<void>((resolve) => (started = resolve));
    let stoppedBy: unknown = null;
    let metered = 0;
    const lost: string[] = [];
    const errors: unknown[] = [];
    const runner = createJobRunner({
      db,
      ...SHORT_LEASE,
      handlers: [
        handleJob(LEASED_JOB, (_payload, _job, signal) => {
          started();
          // Work that goes on until it is told to stop, then still asks to be metered.
          return new Promise<AfterCompletion>((resolve) => {
            signal.addEventListener('abort', () => {
              stoppedBy = signal.reason;
              resolve(() => {
                metered += 1;
              });
            });
          });
        }),
      ],
      onLeaseLost: (job) => lost.push(job.id),
      onError: (error) => errors.push(error),
    });
    const running = runner.drain();
    await begun;
    // This process stalls past its lease (a long pause, a lost database) and another takes over.
    await lapse(db, id);
    const current = await claimJob(other, [LEASED_JOB.name], 60_000);
    if (current === undefined) throw new Error('The lapsed job was not taken over.');

    expect(await running).toBe(1);
    expect(stoppedBy).toBeInstanceOf(LeaseLostError);
    expect(lost).toEqual([id]);
    expect(errors).toEqual([]);
    expect(metered).toBe(0);
    expect(await rowOf(db, id)).toMatchObject({
      lease_token: current.lease_token,
      attempts: 2,
      last_error: null,
      failed_at: null,
    });
  });

  it('takes over the job of a runner that died once its lease lapses', async () => {
    const { db, other } = shared;
    const id = await enqueueJob(db, LEASED_JOB, { n: 4 });
    // Claimed by a process that is then killed: nothing renews the lease.
    const orphan = await claimJob(db, [LEASED_JOB.name], 2_000);
    if (orphan?.locked_until == null) throw new Error('The job was not claimed.');
    const ran: string[] = [];
    const survivor = createJobRunner({
      db: other,
      ...SHORT_LEASE,
      handlers: [handleJob(LEASED_JOB, async (_payload, job) => void ran.push(job.id))],
    });
    expect(await survivor.drain()).toBe(0);
    while (!(await isPast(db, orphan.locked_until))) await sleep(50);
    expect(await survivor.drain()).toBe(1);
    expect(ran).toEqual([id]);
    expect(await rowOf(db, id)).toBeUndefined();
  });
});
