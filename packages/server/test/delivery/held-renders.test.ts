import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AiModels, RawImage } from '@darkroom/render';
import { PGLITE } from '../databases.ts';
import { useTestApp } from '../test-app.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  quadrantsPng,
  sizeOf,
  useDataDir,
  type TestSource,
} from './fixtures.ts';

/** Background removal that clears every pixel; super resolution that always fails. */
const models: AiModels = {
  async removeBackground(image: RawImage) {
    const data = new Uint8Array(image.width * image.height * 4);
    return { data, width: image.width, height: image.height, channels: 4 };
  },
  async upscale() {
    throw new Error('the model ran out of memory');
  },
  async inpaint(image) {
    return image;
  },
  async detect() {
    return { faces: [], labels: [] };
  },
};

/** Resolves once a request has queued the AI render job for `target`. */
async function jobQueued(app: FastifyInstance, target: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const jobs = await app.darkroom.database.db
          .selectFrom('jobs')
          .select(['payload'])
          .where('kind', '=', 'ai-render')
          .execute();
        return jobs.some((job) => (job.payload as { url?: string }).url === target);
      },
      { timeout: 10_000, interval: 20 },
    )
    .toBe(true);
}

describe('requests held while a render job makes their render (RENDER_JOB_WAIT_MS)', () => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir(), RENDER_JOB_WAIT_MS: '20000' },
    { storageAdapterFactory: origin.factory, aiModels: { detector: models, premium: models } },
  );
  let source: TestSource;

  beforeAll(async () => {
    source = await createSource(context.app, { bucket: 'held' });
    origin.put('held', 'photo.png', { bytes: await quadrantsPng(40, 30) });
  });

  it('answers the image as soon as the job made it, metering no 423', async () => {
    const target = '/photo.png?bg-remove=true&w=20';
    const held = deliver(context.app, source.host, target);
    await jobQueued(context.app, target);
    expect(await context.app.darkroom.aiJobs.drain()).toBe(1);
    const answer = await held;
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    expect(await sizeOf(answer.body)).toEqual({ width: 20, height: 15 });
    const data = await sharp(answer.body).ensureAlpha().raw().toBuffer();
    expect(data[3]).toBe(0);

    await context.app.delivery.flushUsage();
    const statuses = await context.database.db
      .selectFrom('usage_events')
      .select('status')
      .where('source_id', '=', source.id)
      .where('path', '=', '/photo.png')
      .execute();
    expect(statuses.map((row) => row.status)).not.toContain(423);
    expect(statuses.map((row) => row.status)).toContain(200);
  });

  it("answers the job's failure to the request held for it", async () => {
    const target = '/photo.png?upscale=true&upscale-fallback=false';
    const held = deliver(context.app, source.host, target);
    await jobQueued(context.app, target);
    // Two attempts (AI_RENDER_JOB's maxAttempts), the second due after the retry delay.
    await context.app.darkroom.aiJobs.drain();
    await context.database.db
      .updateTable('jobs')
      .set({ run_at: new Date(0) })
      .execute();
    await context.app.darkroom.aiJobs.drain();
    const answer = await held;
    expect(answer.status).toBe(500);
    expect(answer.text).toContain('the model ran out of memory');
  });

  it('answers 423 with Retry-After once the wait runs out', async () => {
    const app = await context.appWith({ RENDER_JOB_WAIT_MS: '300' });
    const startedAt = Date.now();
    const answer = await deliver(app, source.host, '/photo.png?bg-remove=true&w=21');
    expect(answer.status).toBe(423);
    expect(answer.headers['retry-after']).toBe('2');
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(300);
  });

  it('answers a HEAD 423 at once: it asks whether the render is ready (editor spec section 4)', async () => {
    const target = '/photo.png?bg-remove=true&w=23';
    const startedAt = Date.now();
    const answer = await deliver(context.app, source.host, target, { method: 'HEAD' });
    expect(answer.status).toBe(423);
    expect(answer.headers['retry-after']).toBe('2');
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    await jobQueued(context.app, target);
  });

  it('answers the requests it holds 423 when the process starts stopping, and holds no more', async () => {
    const app = await context.appWith({});
    const target = '/photo.png?bg-remove=true&w=22';
    const held = deliver(app, source.host, target);
    await jobQueued(app, target);
    const releasedAt = Date.now();
    app.delivery.releaseHeldRequests();
    expect((await held).status).toBe(423);
    expect(Date.now() - releasedAt).toBeLessThan(5_000);
    const startedAt = Date.now();
    expect((await deliver(app, source.host, target)).status).toBe(423);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });
});
