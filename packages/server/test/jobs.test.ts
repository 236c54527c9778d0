import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { demoStorageOptions } from '../src/storage/options.ts';
import { DEMO_IMAGES, DEMO_SOURCE_ID } from '../src/demo/demo-source.ts';
import { defineJobKind } from '../src/jobs/kind.ts';
import { claimJob, enqueueJob } from '../src/jobs/queue.ts';
import { createJobRunner, handleJob } from '../src/jobs/runner.ts';
import { BACKENDS } from './databases.ts';
import { useTestApp } from './test-app.ts';

const CLAIM_JOB = defineJobKind('test-claim', z.object({ n: z.number() }));
const OK_JOB = defineJobKind('test-ok', z.object({}));
const FAILING_JOB = defineJobKind('test-fail', z.object({}), { maxAttempts: 2 });
const LONG_JOB = defineJobKind('test-long', z.object({}), { maxAttempts: 1 });
const WOKEN_JOB = defineJobKind('test-woken', z.object({}), { maxAttempts: 1 });

describe.each(BACKENDS)('the job queue on $name', (backend) => {
  const context = useTestApp(backend);

  it('hands a due job to one claimer only until its lease ends', async () => {
    const { db } = context.database;
    const id = await enqueueJob(db, CLAIM_JOB, { n: 1 });
    const first = await claimJob(db, ['test-claim'], 60_000);
    expect(first).toMatchObject({ id, attempts: 1, payload: { n: 1 } });
    expect(await claimJob(db, ['test-claim'], 60_000)).toBeUndefined();
    await db
      .updateTable('jobs')
      .set({ locked_until: new Date(0) })
      .where('id', '=', id)
      .execute();
    expect(await claimJob(db, ['test-claim'], 60_000)).toMatchObject({ id, attempts: 2 });
  });

  it('runs jobs, retries failures and keeps a job that used up its attempts', async () => {
    const { db } = context.database;
    const seen: string[] = [];
    const runner = createJobRunner({
      db,
      retryBaseMs: 0,
      handlers: [
        handleJob(OK_JOB, async (_payload, job) => {
          seen.push(job.id);
        }),
        handleJob(FAILING_JOB, async () => {
          throw new Error('boom');
        }),
      ],
    });
    const ok = await enqueueJob(db, OK_JOB, {});
    const failing = await enqueueJob(db, FAILING_JOB, {});
    await runner.drain();
    expect(seen).toEqual([ok]);
    const rows = await db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', 'in', ['test-ok', 'test-fail'])
      .execute();
    expect(rows.map((row) => row.id)).toEqual([failing]);
    expect(rows[0]).toMatchObject({ attempts: 2, last_error: 'boom' });
    expect(rows[0]?.failed_at).toBeInstanceOf(Date);
  });

  it('gives the job in hand back when its runner stops, for another runner to complete', async () => {
    const { db } = context.database;
    let started!: () => void;
    const begun = new Promise<void>((resolve) => (started = resolve));
    let aborted = false;
    const released: string[] = [];
    const stopping = createJobRunner({
      db,
      pollIntervalMs: 10,
      leaseMs: 3_600_000,
      handlers: [
        // Work that would outlast any shutdown grace, stopping only when told to.
        handleJob(LONG_JOB, (_payload, _job, signal) => {
          started();
          return new Promise<void>((resolve) =>
            signal.addEventListener('abort', () => {
              aborted = true;
              resolve();
            }),
          );
        }),
      ],
      onRelease: (job) => released.push(job.id),
    });
    const id = await enqueueJob(db, LONG_JOB, {});
    stopping.start();
    await begun;
    await stopping.stop();
    expect(aborted).toBe(true);
    expect(released).toEqual([id]);
    // Due at once, and its one attempt still to come although it was claimed once.
    const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    expect(row).toMatchObject({ locked_until: null, attempts: 0, failed_at: null });

    const done: string[] = [];
    const next = createJobRunner({
      db,
      handlers: [handleJob(LONG_JOB, async (_payload, job) => void done.push(job.id))],
    });
    expect(await next.drain()).toBe(1);
    expect(done).toEqual([id]);
    expect(await db.selectFrom('jobs').select('id').where('id', '=', id).execute()).toEqual([]);
  });

  it('runs a job at once when woken, not at its next poll, and reports each job it settled', async () => {
    const { db } = context.database;
    const ran: string[] = [];
    const settled: string[] = [];
    const runner = createJobRunner({
      db,
      // Never within the test on its own.
      pollIntervalMs: 3_600_000,
      handlers: [
        handleJob(WOKEN_JOB, async (_payload, job) => {
          ran.push(job.id);
          if (ran.length === 2) throw new Error('the second one fails');
        }),
      ],
      onSettled: (job) => settled.push(job.id),
    });
    // Not started: waking does nothing, the job waits.
    runner.wake();
    const first = await enqueueJob(db, WOKEN_JOB, {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(ran).toEqual([]);

    runner.start();
    try {
      runner.wake();
      await expect.poll(() => settled, { timeout: 5_000 }).toEqual([first]);
      const second = await enqueueJob(db, WOKEN_JOB, {});
      runner.wake();
      // A failed job settles too: its end (failed for good here) is recorded.
      await expect.poll(() => settled, { timeout: 5_000 }).toEqual([first, second]);
      expect(ran).toEqual([first, second]);
    } finally {
      await runner.stop();
    }
  });
});

describe('the demo source storage', () => {
  it('ships the 11 sample images with their licence list and links them as managed storage', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'darkroom-demo-'));
    try {
      const options = demoStorageOptions(
        {
          dataDir,
          s3EndpointOverride: null,
          azureEndpointOverride: null,
          allowPrivateOrigins: false,
          originMaxBytes: 1000,
        },
        DEMO_SOURCE_ID,
      );
      const root = path.join(options.managedFiles.location, DEMO_SOURCE_ID);
      const files = readdirSync(root);
      expect(files).toEqual(expect.arrayContaining([...DEMO_IMAGES, 'LICENSES.md']));
      expect(DEMO_IMAGES).toHaveLength(11);
      // A second start finds the link in place.
      demoStorageOptions(
        {
          dataDir,
          s3EndpointOverride: null,
          azureEndpointOverride: null,
          allowPrivateOrigins: false,
          originMaxBytes: 1000,
        },
        DEMO_SOURCE_ID,
      );
      expect(existsSync(path.join(root, 'astronaut.png'))).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
