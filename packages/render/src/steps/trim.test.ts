import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectMatchesGolden } from '../testing/golden.ts';
import { quadrants, squareOnTransparent } from '../testing/images.ts';
import { cornerQuadrants } from '../testing/quadrant-colour.ts';
import { renderImage } from '../testing/render-query.ts';
import { renderWorkers } from '../workers/pool.ts';

/** The quadrant image with a border of `colour`, `size` pixels wide. */
async function bordered(
  colour: { r: number; g: number; b: number },
  size = 6,
  format: 'png' | 'jpeg' = 'png',
): Promise<Buffer> {
  const image = sharp(await quadrants(64, 48)).extend({
    top: size,
    bottom: size,
    left: size,
    right: size,
    background: colour,
  });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 80 }).toBuffer();
}

const WHITE = { r: 255, g: 255, b: 255 };

describe('trim step', () => {
  it('cuts a border of the top-left colour with trim=color', async () => {
    const { width, height, body } = await renderImage(await bordered(WHITE), 'trim=color');
    expect([width, height]).toEqual([64, 48]);
    expect(await cornerQuadrants(body, 64, 48, 0)).toEqual([
      'topLeft',
      'topRight',
      'bottomRight',
      'bottomLeft',
    ]);
  });

  it('cuts only the named trim-color', async () => {
    const input = await bordered(WHITE);
    expect(await renderImage(input, 'trim=color&trim-color=000000')).toMatchObject({
      width: 76,
      height: 60,
    });
    expect(await renderImage(input, 'trim=color&trim-color=ffffff')).toMatchObject({
      width: 64,
      height: 48,
    });
  });

  it('accepts a near colour within trim-tol', async () => {
    const input = await bordered({ r: 250, g: 250, b: 250 });
    expect(await renderImage(input, 'trim=color&trim-color=fff')).toMatchObject({ width: 76 });
    expect(await renderImage(input, 'trim=color&trim-color=fff&trim-tol=6')).toMatchObject({
      width: 64,
    });
  });

  it('finds a noisy JPEG border with trim=auto', async () => {
    const { width, height } = await renderImage(await bordered(WHITE, 8, 'jpeg'), 'trim=auto');
    expect(width).toBeGreaterThanOrEqual(64);
    expect(width).toBeLessThanOrEqual(66);
    expect(height).toBeGreaterThanOrEqual(48);
    expect(height).toBeLessThanOrEqual(50);
  });

  it('needs an even border within trim-sd and trim-md to cut it', async () => {
    const input = await bordered(WHITE, 8, 'jpeg');
    const lenient = await renderImage(input, 'trim=auto&trim-sd=10&trim-md=11');
    expect(lenient.width).toBeLessThanOrEqual(66);
    const strict = await renderImage(input, 'trim=auto&trim-sd=0&trim-md=0');
    expect(strict.width).toBeGreaterThan(66);
  });

  it('treats alpha up to trim-alpha as transparent', async () => {
    const input = await sharp(await squareOnTransparent(40, 20))
      .composite([
        {
          input: {
            create: {
              width: 40,
              height: 40,
              channels: 4,
              background: { r: 0, g: 0, b: 0, alpha: 0.15 },
            },
          },
          blend: 'dest-over',
        },
      ])
      .png()
      .toBuffer();
    expect(await renderImage(input, 'trim=alpha')).toMatchObject({ width: 40, height: 40 });
    expect(await renderImage(input, 'trim=alpha&trim-alpha=50')).toMatchObject({
      width: 20,
      height: 20,
    });
  });

  it('cuts transparent margins with trim=alpha and colorunlessalpha', async () => {
    const input = await squareOnTransparent(40, 20);
    expect(await renderImage(input, 'trim=alpha')).toMatchObject({ width: 20, height: 20 });
    expect(await renderImage(input, 'trim=colorunlessalpha')).toMatchObject({
      width: 20,
      height: 20,
    });
  });

  it('keeps trim-pad pixels of the border', async () => {
    const { width, height, body } = await renderImage(
      await bordered(WHITE),
      'trim=color&trim-pad=2',
    );
    expect([width, height]).toEqual([68, 52]);
    await expectMatchesGolden('trim/color-pad-2', body);
  });

  it('measures the border of a large image in a worker thread, as it does in place', async () => {
    const threadsBefore = renderWorkers().threads;
    const large = await sharp(await quadrants(1200, 900))
      .extend({ top: 30, bottom: 10, left: 20, right: 40, background: WHITE })
      .png()
      .toBuffer();
    const { width, height, body } = await renderImage(large, 'trim=color');
    expect(renderWorkers().threads).toBeGreaterThan(threadsBefore);
    expect([width, height]).toEqual([1200, 900]);
    expect(await cornerQuadrants(body, 1200, 900, 0)).toEqual(
      await cornerQuadrants(await quadrants(1200, 900), 1200, 900, 0),
    );
  });

  it('leaves an image without a border alone', async () => {
    expect(await renderImage(await quadrants(64, 48), 'trim=auto')).toMatchObject({
      width: 64,
      height: 48,
    });
  });

  it('hands a trimmed image on to rect and size', async () => {
    const { width, height, body } = await renderImage(
      await bordered(WHITE),
      'trim=color&rect=32,0,32,24&w=16',
    );
    expect([width, height]).toEqual([16, 12]);
    expect(await cornerQuadrants(body, 16, 12, 0)).toEqual([
      'topRight',
      'topRight',
      'topRight',
      'topRight',
    ]);
  });
});
