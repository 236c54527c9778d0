import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PGLITE } from '../databases.ts';
import { useTestApp } from '../test-app.ts';
import { MemoryOrigin, createSource, deliver, useDataDir, type TestSource } from './fixtures.ts';

/** The RGBA of one pixel of an encoded image. */
async function pixel(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({
    resolveWithObject: true,
  });
  const offset = (y * info.width + x) * 4;
  return [...data.subarray(offset, offset + 4)];
}

// docs.imgix.com/apis/rendering/gradient-overlay: imgix ignores bad values silently; Darkroom
// answers 400 with the expected form, as for every other parameter.
describe('gradient and fade on delivery', () => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir() },
    { storageAdapterFactory: origin.factory },
  );
  let source: TestSource;

  beforeAll(async () => {
    const white = await sharp({
      create: { width: 40, height: 40, channels: 3, background: { r: 255, g: 255, b: 255 } },
    })
      .png()
      .toBuffer();
    origin.put('gradients', 'pic.png', white);
    source = await createSource(context.app, { bucket: 'gradients' });
  });

  it('renders a scrim and a fade', async () => {
    const scrim = await deliver(context.app, source.host, '/pic.png?gradient=00000000,ff000000');
    expect(scrim.status).toBe(200);
    expect((await pixel(scrim.body, 20, 0))[0]).toBeGreaterThan(240);
    expect((await pixel(scrim.body, 20, 39))[0]).toBeLessThan(10);
    const faded = await deliver(context.app, source.host, '/pic.png?fade-left=10&fm=png');
    expect(faded.status).toBe(200);
    expect((await pixel(faded.body, 0, 20))[3]).toBeLessThan(20);
    expect((await pixel(faded.body, 30, 20))[3]).toBe(255);
  });

  it.each([
    [
      'gradient=ff0000',
      'The value for "gradient" must be a comma-separated list of 2 to 16 members, each a hex color (RGB, ARGB, RRGGBB or AARRGGBB), or a color keyword such as red.',
    ],
    [
      'gradient=000,fff&gradient-cs=rgb',
      'The value for "gradient-cs" must be one of srgb, linear, oklab, oklch, lch, hsl or hsv.',
    ],
    [
      'gradient=000,fff,f00&gradient-stops=0,100',
      'The value for "gradient-stops" must be 3 comma-separated numbers between 0 and 100, one for each color of "gradient".',
    ],
    [
      'fade-top=-3',
      'The value for "fade-top" must be an integer of at least 0, or a number between 0 and 1.',
    ],
  ])('answers 400 for %s', async (query, message) => {
    const response = await deliver(context.app, source.host, `/pic.png?${query}`);
    expect(response.status).toBe(400);
    expect(response.text.trim()).toBe(message);
  });
});
