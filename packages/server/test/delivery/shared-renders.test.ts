import { randomBytes } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiModels, RawImage } from '@darkroom/render';
import { BACKENDS } from '../databases.ts';
import { startS3rver } from '../origin-servers/s3rver.ts';
import {
  OBJECT_STORE_BUCKET,
  objectStoreEnv,
  testS3Client,
} from '../storage/object-store-backends.ts';
import { useTestApp } from '../test-app.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  quadrantsPng,
  useDataDir,
  type TestSource,
} from './fixtures.ts';

const s3 = await startS3rver([OBJECT_STORE_BUCKET]);
afterAll(() => s3.close());

/** Background removal that keeps the red quadrant, counting how often it ran. */
function countingModels(): AiModels & { removals: number } {
  const refused = () => Promise.reject(new Error('not in this test'));
  return {
    removals: 0,
    async removeBackground(image: RawImage) {
      this.removals += 1;
      const data = new Uint8Array(image.width * image.height * 4);
      for (let pixel = 0; pixel < image.width * image.height; pixel += 1) {
        const [red = 0, green = 0, blue = 0] = image.data.subarray(pixel * image.channels);
        data.set([red, green, blue, red > 180 && green < 100 ? 255 : 0], pixel * 4);
      }
      return { data, width: image.width, height: image.height, channels: 4 };
    },
    upscale: refused,
    inpaint: refused,
    detect: async () => ({ faces: [], labels: [] }),
  };
}

// Two processes on one database, each with a data directory (and render caches) of its own,
// sharing the object store: a render job runs in one, requests for its URL arrive at both.
describe.each(BACKENDS)('render jobs of processes on one $name database', (backend) => {
  const origin = new MemoryOrigin();
  const models = countingModels();
  const prefix = `renders-${randomBytes(4).toString('hex')}`;
  const store = objectStoreEnv(s3.endpoint, prefix);
  const context = useTestApp(
    backend,
    { DATA_DIR: useDataDir(), ...store },
    { storageAdapterFactory: origin.factory, aiModels: { detector: models, premium: models } },
  );
  const secondDataDir = useDataDir();
  const client = testS3Client(s3.endpoint);
  afterAll(() => client.destroy());
  let second: FastifyInstance;
  let source: TestSource;

  beforeAll(async () => {
    second = await context.appWith({ DATA_DIR: secondDataDir });
    source = await createSource(context.app, { bucket: 'ai' });
    origin.put('ai', 'photo.png', { bytes: await quadrantsPng(40, 30) });
  });

  async function sharedRenderKeys(): Promise<string[]> {
    const listed = await client.send(
      new ListObjectsV2Command({
        Bucket: OBJECT_STORE_BUCKET,
        Prefix: `${prefix}/renders/${source.id}/`,
      }),
    );
    return (listed.Contents ?? []).map((object) => object.Key ?? '');
  }

  it('enqueues one job for a render asked on both, which both then answer, metered once', async () => {
    const target = '/photo.png?bg-remove=true&w=20';
    const first = context.app;
    const asked = await Promise.all(
      [first, second, second, first].map((app) => deliver(app, source.host, target)),
    );
    expect(asked.map((answer) => answer.status)).toEqual([423, 423, 423, 423]);
    const { db } = context.database;
    const jobs = await db
      .selectFrom('jobs')
      .select('kind')
      .where('kind', '=', 'ai-render')
      .execute();
    expect(jobs).toHaveLength(1);

    // The job runs in the second process; the first one's render caches never see it made.
    expect(await second.darkroom.aiJobs.drain()).toBe(1);
    expect(await sharedRenderKeys()).toHaveLength(1);
    const fromSecond = await deliver(second, source.host, target);
    const fromFirst = await deliver(first, source.host, target);
    expect([fromSecond.status, fromFirst.status]).toEqual([200, 200]);
    expect(fromFirst.headers['content-type']).toBe('image/png');
    expect(fromFirst.body.equals(fromSecond.body)).toBe(true);
    expect(fromFirst.headers.etag).toBe(fromSecond.headers.etag);
    // Neither asked for a second job, nor rendered again.
    expect(await first.darkroom.aiJobs.drain()).toBe(0);
    expect(await second.darkroom.aiJobs.drain()).toBe(0);
    expect(models.removals).toBe(1);

    await first.delivery.flushUsage();
    await second.delivery.flushUsage();
    const renders = await db
      .selectFrom('usage_events')
      .select(['cache', 'operation'])
      .where('source_id', '=', source.id)
      .where('render_ms', 'is not', null)
      .execute();
    expect(renders).toEqual([{ cache: 'miss', operation: 'premium' }]);
  });

  it("removes a job's render from the object store when its path is purged", async () => {
    expect(await sharedRenderKeys()).not.toEqual([]);
    await context.app.delivery.purge(source.id, 'photo.png');
    expect(await sharedRenderKeys()).toEqual([]);
  });
});
