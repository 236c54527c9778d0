import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AiModels, RawImage } from '@darkroom/render';
import { setAccountCapabilities } from '../../src/store/capabilities.ts';
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

/**
 * Models that answer at once and exactly: background removal keeps the red quadrant; the
 * super-resolution model fails when `brokenUpscale` is set. The real models are tested in
 * packages/render (ai/models) and through the worker process there.
 */
function quickModels(state: { brokenUpscale: boolean }): AiModels {
  return {
    async removeBackground(image: RawImage) {
      const data = new Uint8Array(image.width * image.height * 4);
      for (let pixel = 0; pixel < image.width * image.height; pixel += 1) {
        const [red = 0, green = 0, blue = 0] = image.data.subarray(pixel * image.channels);
        data.set([red, green, blue, red > 180 && green < 100 ? 255 : 0], pixel * 4);
      }
      return { data, width: image.width, height: image.height, channels: 4 };
    },
    async upscale(image, factor) {
      if (state.brokenUpscale) throw new Error('the model ran out of memory');
      const size = { width: image.width * factor, height: image.height * factor };
      const data = await sharp(image.data, { raw: image })
        .resize(size.width, size.height)
        .raw()
        .toBuffer();
      return { data, ...size, channels: 3 };
    },
    async inpaint(image) {
      return image;
    },
    async detect() {
      return { faces: [], labels: [] };
    },
  };
}

describe('premium (AI) renders', () => {
  const origin = new MemoryOrigin();
  const state = { brokenUpscale: false };
  const models = quickModels(state);
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir() },
    { storageAdapterFactory: origin.factory, aiModels: { detector: models, premium: models } },
  );
  let source: TestSource;

  beforeAll(async () => {
    source = await createSource(context.app, { bucket: 'ai' });
    origin.put('ai', 'photo.png', { bytes: await quadrantsPng(40, 30) });
  });

  it('answers 423 to GET and HEAD while the job renders, then 200 from the cache', async () => {
    const target = '/photo.png?bg-remove=true&w=20';
    const first = await deliver(context.app, source.host, target);
    expect(first.status).toBe(423);
    expect(first.headers['retry-after']).toBe('2');
    expect(first.headers['cache-control']).toBe('no-store');
    const head = await deliver(context.app, source.host, target, { method: 'HEAD' });
    expect(head.status).toBe(423);
    // Asking again while it is pending does not enqueue it twice.
    expect(await context.app.darkroom.aiJobs.drain()).toBe(1);

    const ready = await deliver(context.app, source.host, target);
    expect(ready.status).toBe(200);
    expect(ready.headers['content-type']).toBe('image/png');
    expect(await sizeOf(ready.body)).toEqual({ width: 20, height: 15 });
    const { data } = await sharp(ready.body)
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(255); // red quadrant kept
    expect(data[(20 * 14 + 19) * 4 + 3]).toBe(0); // yellow quadrant cleared
    expect(Object.keys(ready.headers).filter((name) => name.endsWith('failure-reason'))).toEqual(
      [],
    );

    await context.app.delivery.flushUsage();
    const events = await context.database.db
      .selectFrom('usage_events')
      .select(['status', 'cache', 'operation', 'path'])
      .where('source_id', '=', source.id)
      .execute();
    const render = { path: '/photo.png', status: 200, cache: 'miss', operation: 'premium' };
    expect(events).toContainEqual(render);
    const pending = { path: '/photo.png', status: 423, cache: 'none', operation: 'standard' };
    expect(events.filter((event) => event.status === 423)).toEqual([pending, pending]);
  });

  it('skips a failed operation and says why in a header (fallback)', async () => {
    state.brokenUpscale = true;
    const target = '/photo.png?upscale=true';
    expect((await deliver(context.app, source.host, target)).status).toBe(423);
    await context.app.darkroom.aiJobs.drain();
    const fallen = await deliver(context.app, source.host, target);
    expect(fallen.status).toBe(200);
    expect(fallen.headers['x-darkroom-upscale-failure-reason']).toBe('the model ran out of memory');
    expect(await sizeOf(fallen.body)).toEqual({ width: 40, height: 30 });
    state.brokenUpscale = false;
  });

  it('answers the failure once the job failed, with the fallback off', async () => {
    state.brokenUpscale = true;
    const target = '/photo.png?upscale=true&upscale-fallback=false';
    expect((await deliver(context.app, source.host, target)).status).toBe(423);
    await context.app.darkroom.aiJobs.drain();
    const failed = await deliver(context.app, source.host, target);
    expect(failed.status).toBe(500);
    expect(failed.text).toContain('the model ran out of memory');
    state.brokenUpscale = false;
  });

  it('makes an MP4 of a still (image to video) in a job, then serves it', async () => {
    const target = '/photo.png?fm=mp4&video-clip-duration=1&dl=clip.mp4';
    expect((await deliver(context.app, source.host, target)).status).toBe(423);
    await context.app.darkroom.aiJobs.drain();
    const clip = await deliver(context.app, source.host, target);
    expect(clip.status).toBe(200);
    expect(clip.headers['content-type']).toBe('video/mp4');
    expect(clip.headers['content-disposition']).toContain('clip.mp4');
    // An ISO BMFF file: its first box is `ftyp`.
    expect(clip.body.subarray(4, 8).toString('latin1')).toBe('ftyp');
  });

  it('refuses a premium parameter the account and source do not have', async () => {
    const poor = await createSource(context.app, { bucket: 'ai' });
    await setAccountCapabilities(context.database.db, poor.owner.accountId, []);
    const other = await context.appWith({});
    const refused = await deliver(other, poor.host, '/photo.png?bg-remove=true');
    expect(refused.status).toBe(403);
    expect(refused.text).toMatch(/background_removal capability/);
    const video = await deliver(other, poor.host, '/photo.png?fm=mp4');
    expect(video.status).toBe(403);
    expect(video.text).toMatch(/image_to_video capability/);
    const plain = await deliver(other, poor.host, '/photo.png?w=10');
    expect(plain.status).toBe(200);
  });

  it('refuses generative parameters when no provider is configured', async () => {
    const refused = await deliver(context.app, source.host, '/photo.png?bg-replace=a%20beach');
    expect(refused.status).toBe(422);
    expect(refused.text).toMatch(/GENERATIVE_API_URL/);
  });
});
