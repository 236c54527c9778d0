import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiModels } from '@darkroom/render';
import { PGLITE } from '../databases.ts';
import { useTestApp } from '../test-app.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  quadrantsPng,
  useDataDir,
  type TestSource,
} from '../delivery/fixtures.ts';
import {
  GENERATED_COLOUR,
  STAND_IN_KEY,
  startGenerativeStandIn,
  type GenerativeStandIn,
} from './generative-stand-in.ts';

/** Background removal that keeps the top-left (red) quadrant of quadrantsPng. */
const models: AiModels = {
  async removeBackground(image) {
    const data = new Uint8Array(image.width * image.height * 4);
    for (let pixel = 0; pixel < image.width * image.height; pixel += 1) {
      const [red = 0, green = 0] = image.data.subarray(pixel * image.channels);
      data.set(
        [...image.data.subarray(pixel * image.channels, pixel * image.channels + 3)],
        pixel * 4,
      );
      // The red quadrant is the subject.
      data[pixel * 4 + 3] = red > 180 && green < 100 ? 255 : 0;
    }
    return { data, width: image.width, height: image.height, channels: 4 };
  },
  upscale: () => Promise.reject(new Error('not used')),
  inpaint: () => Promise.reject(new Error('not used')),
  detect: () => Promise.resolve({ faces: [], labels: [] }),
};

describe('generative renders through the configured provider', () => {
  let standIn: GenerativeStandIn;
  beforeAll(async () => {
    standIn = await startGenerativeStandIn();
  });
  afterAll(() => standIn.close());

  const origin = new MemoryOrigin();
  const dataDir = useDataDir();
  let source: TestSource;
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: dataDir },
    { storageAdapterFactory: origin.factory, aiModels: { detector: models, premium: models } },
  );

  it('replaces the background: 423, then the provider paints it and the subject stays', async () => {
    const app = await context.appWith({
      GENERATIVE_API_URL: standIn.url,
      GENERATIVE_API_KEY: STAND_IN_KEY,
    });
    source = await createSource(app, { bucket: 'gen' });
    origin.put('gen', 'still.png', { bytes: await quadrantsPng(40, 30) });
    const target = '/still.png?bg-replace=a%20green%20field&fm=png';
    expect((await deliver(app, source.host, target)).status).toBe(423);
    await app.darkroom.aiJobs.drain();
    const done = await deliver(app, source.host, target);
    expect(done.status).toBe(200);
    expect(standIn.edits).toHaveLength(1);
    expect(standIn.edits[0]?.fields.prompt).toBe('a green field');
    const { data, info } = await sharp(done.body).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels).subarray(0, 3),
    ];
    // The top-left quadrant (pure red in quadrantsPng) is the subject the fake matte keeps.
    expect(at(5, 5)).toEqual([255, 0, 0]);
    expect(at(35, 25)).toEqual([GENERATED_COLOUR.r, GENERATED_COLOUR.g, GENERATED_COLOUR.b]);
  });

  it('says why in a header when the provider fails', async () => {
    const app = await context.appWith({
      GENERATIVE_API_URL: standIn.url,
      GENERATIVE_API_KEY: STAND_IN_KEY,
    });
    standIn.behave({ type: 'status', status: 429, message: 'Rate limit reached.' });
    const target = '/still.png?bg-replace=snow&fm=png';
    expect((await deliver(app, source.host, target)).status).toBe(423);
    await app.darkroom.aiJobs.drain();
    const fallen = await deliver(app, source.host, target);
    expect(fallen.status).toBe(200);
    expect(fallen.headers['x-darkroom-bg-replace-failure-reason']).toMatch(
      /429.*Rate limit reached/,
    );
    standIn.behave({ type: 'image' });
  });
});
