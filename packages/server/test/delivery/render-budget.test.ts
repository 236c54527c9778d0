import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PGLITE } from '../databases.ts';
import { useTestApp } from '../test-app.ts';
import { MemoryOrigin, createSource, deliver, useDataDir, type TestSource } from './fixtures.ts';

const DEMO_IMAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../demo-images');

/**
 * URLs that each made one render of the demo source's coffee.png allocate gigabytes, with the
 * parameter a refusal names; null where the answer is the image sized down to the limits.
 */
const AMPLIFICATION: readonly (readonly [string, string | null])[] = [
  ['mark=/astronaut.png&mark-scale=8000', null],
  ['pad=8000', null],
  ['pad-left=8000&pad-top=8000', null],
  ['border=8000,ff0000', null],
  // The border is drawn over the image and grows no canvas (imgix border-size-color doc).
  ['border=99999999,ff0000', null],
  ['border-stroke-size=8000', null],
  ['rot=45&w=8192', null],
  ['w=8192&h=8192&fit=fill&fill=blur', null],
  ['fm=avif&w=8192&q=100', null],
  ['pad=99999999', 'pad=99999999'],
  ['pad-left=2147483647', 'pad-left=2147483647'],
];

describe('the render budget (RENDER_MAX_SIDE, RENDER_MAX_MEGAPIXELS, RENDER_MAX_FRAMES)', () => {
  const origin = new MemoryOrigin();
  // Limits far below the defaults, so every URL renders in milliseconds: the same arithmetic
  // runs, and the settings are seen to reach the renderer.
  const context = useTestApp(
    PGLITE,
    {
      DATA_DIR: useDataDir(),
      RENDER_MAX_SIDE: '320',
      RENDER_MAX_MEGAPIXELS: '1',
      RENDER_MAX_FRAMES: '3',
    },
    { storageAdapterFactory: origin.factory },
  );
  let source: TestSource;

  beforeAll(async () => {
    const coffee = await sharp(await readFile(path.join(DEMO_IMAGES, 'coffee.png')))
      .resize(300, 200)
      .png()
      .toBuffer();
    const astronaut = await sharp(await readFile(path.join(DEMO_IMAGES, 'astronaut.png')))
      .resize(128, 128)
      .png()
      .toBuffer();
    origin.put('budget', 'coffee.png', coffee);
    origin.put('budget', 'astronaut.png', astronaut);
    source = await createSource(context.app, { bucket: 'budget' });
  });

  it.each(AMPLIFICATION)(
    '/coffee.png?%s: an image within the limits, or 413 naming %s',
    async (query, named) => {
      const response = await deliver(
        context.app,
        source.host,
        `/coffee.png?${query.replaceAll('8192', '320')}`,
      );
      if (named === null) {
        expect(response.status, response.text).toBe(200);
        const { width = Infinity, height = Infinity } = await sharp(response.body).metadata();
        expect(Math.max(width, height)).toBeLessThanOrEqual(320);
      } else {
        expect(response.status).toBe(413);
        expect(response.text).toContain(named);
        expect(response.text).toContain('320 pixels a side');
      }
    },
  );

  it('answers 413 to an animation with more frames than RENDER_MAX_FRAMES', async () => {
    // Four 8x8 frames of different greys stacked, written as an animated GIF (sharp needs
    // `raw.pageHeight` on the input to write frames; equal frames would be merged).
    const strip = Buffer.alloc(8 * 32 * 3);
    for (let frame = 0; frame < 4; frame += 1)
      strip.fill(frame * 60, frame * 192, (frame + 1) * 192);
    const fourFrames = await sharp(strip, {
      raw: { width: 8, height: 32, channels: 3, pageHeight: 8 },
    })
      .gif({ delay: [100, 100, 100, 100], loop: 0 })
      .toBuffer();
    expect((await sharp(fourFrames).metadata()).pages).toBe(4);
    origin.put('budget', 'four.gif', fourFrames);
    const response = await deliver(context.app, source.host, '/four.gif?w=4');
    expect(response.status).toBe(413);
    expect(response.text).toContain('4 frames');
  });
});

describe('the render budget at its defaults', () => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir() },
    { storageAdapterFactory: origin.factory },
  );
  let source: TestSource;

  beforeAll(async () => {
    origin.put('defaults', 'coffee.png', await readFile(path.join(DEMO_IMAGES, 'coffee.png')));
    source = await createSource(context.app, { bucket: 'defaults' });
  });

  it.each([
    ['pad=99999999', 'pad=99999999'],
    ['pad-left=2147483647', 'pad-left=2147483647'],
  ])('/coffee.png?%s answers 413 naming %s, before decoding', async (query, named) => {
    const response = await deliver(context.app, source.host, `/coffee.png?${query}`);
    expect(response.status).toBe(413);
    expect(response.text).toContain(named);
    expect(response.text).toContain('8192 pixels a side and 50 megapixels');
  });
});
