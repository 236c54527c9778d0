import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { migrate } from '../src/db/migrate.ts';
import { jobKeys } from '../src/db/migrations/0025_job_keys.ts';
import { MIGRATIONS } from '../src/db/migrations/index.ts';
import { requestRenderJob } from '../src/delivery/render-jobs.ts';
import { AI_RENDER_JOB, type RenderRequestPayload } from '../src/jobs/kinds.ts';
import { defineJobKind } from '../src/jobs/kind.ts';
import { claimJob, enqueueJob, enqueueUnlessPending, failJob } from '../src/jobs/queue.ts';
import { BACKENDS } from './databases.ts';
import { useSharedDatabase } from './shared-database.ts';

const KEYED_JOB = defineJobKind('test-keyed', z.object({ n: z.number() }));
const OTHER_KEYED_JOB = defineJobKind('test-keyed-other', z.object({ n: z.number() }));
const PERIODIC_JOB = defineJobKind('test-periodic', z.object({ sourceId: z.string() }));
const SLICE_JOB = defineJobKind('test-slice', z.object({ sourceId: z.string() }));

const unique = (name: string) => `${name}-${randomBytes(4).toString('hex')}`;

function renderPayload(key: string): RenderRequestPayload {
  return { host: 'demo.images.test', url: '/astronaut.png?bg-remove=true', headers: {}, key };
}

describe.each(BACKENDS)('jobs keyed by their work on $name', (backend) => {
  // Three server processes on one database.
  const shared = useSharedDatabase(backend, 3);

  it('enqueues one render job for a key however many processes ask for it at the same moment', async () => {
    const keys = Array.from({ length: 20 }, () => unique('render'));
    const states = await Promise.all(
      keys.flatMap((key) =>
        shared.processes.map((db) => requestRenderJob(db, AI_RENDER_JOB, renderPayload(key))),
      ),
    );
    expect(new Set(states.map((state) => state.state))).toEqual(new Set(['pending']));
    const { db } = shared;
    const rows = await db
      .selectFrom('jobs')
      .select('work_key')
      .where('kind', '=', AI_RENDER_JOB.name)
      .where('work_key', 'in', keys)
      .execute();
    expect(rows.map((row) => row.work_key).sort()).toEqual([...keys].sort());
  });

  it("answers a failed render job's error for ten minutes, then enqueues one new job for all", async () => {
    const { db } = shared;
    const key = unique('failing');
    await requestRenderJob(db, AI_RENDER_JOB, renderPayload(key));
    const failed = (ago: string) => sql`
      update jobs set failed_at = now() - ${ago}::interval,
        last_error = '422 The image has no background to remove.'
      where work_key = ${key}`;
    await failed('9 minutes').execute(db);
    const answered = await Promise.all(
      shared.processes.map((each) => requestRenderJob(each, AI_RENDER_JOB, renderPayload(key))),
    );
    expect(answered).toEqual(
      shared.processes.map(() => ({
        state: 'failed',
        status: 422,
        message: 'The image has no background to remove.',
      })),
    );

    await failed('11 minutes').execute(db);
    const again = await Promise.all(
      shared.processes.map((each) => requestRenderJob(each, AI_RENDER_JOB, renderPayload(key))),
    );
    expect(new Set(again.map((state) => state.state))).toEqual(new Set(['pending']));
    const rows = await db
      .selectFrom('jobs')
      .select(['failed_at', 'last_error'])
      .where('work_key', '=', key)
      .execute();
    expect(rows).toEqual([{ failed_at: null, last_error: null }]);
  });

  it('adds a keyed job once while one waits or is in hand, and again once that one failed', async () => {
    const { db } = shared;
    const key = unique('keyed');
    const first = await enqueueJob(db, KEYED_JOB, { n: 1 }, { key });
    expect(first).toEqual(expect.any(String));
    expect(await enqueueJob(db, KEYED_JOB, { n: 2 }, { key })).toBeNull();
    const claimed = await claimJob(db, [KEYED_JOB.name], 60_000);
    if (claimed === undefined) throw new Error('The keyed job was not claimed.');
    expect(claimed.id).toBe(first);
    expect(await enqueueJob(db, KEYED_JOB, { n: 3 }, { key })).toBeNull();
    expect(await failJob(db, claimed, 'boom', 0, { final: true })).toBe(true);
    const next = await enqueueJob(db, KEYED_JOB, { n: 4 }, { key });
    expect(next).not.toBeNull();
    expect(next).not.toBe(first);
    // Work keys are per kind.
    expect(await enqueueJob(db, OTHER_KEYED_JOB, { n: 5 }, { key })).not.toBeNull();
  });

  it('enqueues one job unless one is pending when processes ask at once, in hand or waiting only', async () => {
    const { db } = shared;
    const sourceId = unique('source');
    const askAll = (ask: (db: (typeof shared.processes)[number]) => Promise<boolean>) =>
      Promise.all(shared.processes.map(ask));
    const jobsOf = (kind: string) =>
      db
        .selectFrom('jobs')
        .select(['id', 'locked_until'])
        .where('kind', '=', kind)
        .where(sql<string>`payload->>'sourceId'`, '=', sourceId)
        .execute();

    // A job in hand stands for the work (the periodic close of billing, say).
    const periodic = (each: (typeof shared.processes)[number], exceptJobId?: string) =>
      enqueueUnlessPending(
        each,
        PERIODIC_JOB,
        { sourceId },
        { sameAs: ['sourceId'], exceptJobId: exceptJobId ?? null },
      );
    expect((await askAll((each) => periodic(each))).filter(Boolean)).toHaveLength(1);
    const inHand = await claimJob(db, [PERIODIC_JOB.name], 60_000);
    if (inHand === undefined) throw new Error('The periodic job was not claimed.');
    expect((await askAll((each) => periodic(each))).filter(Boolean)).toHaveLength(0);
    // ...until it asks for its own continuation, which then stands for it.
    expect(await periodic(db, inHand.id)).toBe(true);
    expect((await askAll((each) => periodic(each))).filter(Boolean)).toHaveLength(0);
    expect(await jobsOf(PERIODIC_JOB.name)).toHaveLength(2);

    // Only a waiting job stands for the work (a slice that may have looked already).
    const slice = (each: (typeof shared.processes)[number]) =>
      enqueueUnlessPending(
        each,
        SLICE_JOB,
        { sourceId },
        { sameAs: ['sourceId'], waitingOnly: true },
      );
    expect((await askAll(slice)).filter(Boolean)).toHaveLength(1);
    expect(await claimJob(db, [SLICE_JOB.name], 60_000)).toBeDefined();
    expect((await askAll(slice)).filter(Boolean)).toHaveLength(1);
    expect((await askAll(slice)).filter(Boolean)).toHaveLength(0);
    const slices = await jobsOf(SLICE_JOB.name);
    expect(slices.map((job) => job.locked_until === null).sort()).toEqual([false, true]);
  });
});

describe.each(BACKENDS)('the job keys migration on $name', (backend) => {
  it('keys the render jobs already queued, one pending job per render key', async () => {
    const database = await backend.open();
    try {
      const before = MIGRATIONS.slice(0, MIGRATIONS.indexOf(jobKeys));
      await migrate(database, before);
      const db = database.db as unknown as Kysely<unknown>;
      const queued = (id: string, key: string, createdAt: string, failed: boolean) => sql`
        insert into jobs (id, kind, payload, created_at, failed_at)
        values (${id}, 'ai-render', ${JSON.stringify({ key })}::jsonb, ${createdAt}::timestamptz,
          ${failed ? sql`now()` : null})`;
      await queued('older', 'k1', '2024-01-01T00:00:00Z', false).execute(db);
      await queued('newer', 'k1', '2024-01-02T00:00:00Z', false).execute(db);
      await queued('failed', 'k1', '2023-12-31T00:00:00Z', true).execute(db);
      await queued('alone', 'k2', '2024-01-01T00:00:00Z', false).execute(db);
      await migrate(database);
      const rows = await database.db
        .selectFrom('jobs')
        .select(['id', 'work_key'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: 'alone', work_key: 'k2' },
        { id: 'failed', work_key: 'k1' },
        { id: 'newer', work_key: 'k1' },
        { id: 'older', work_key: null },
      ]);
    } finally {
      await database.close();
    }
  });
});
