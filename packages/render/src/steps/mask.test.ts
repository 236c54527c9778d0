import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { RenderError } from '../pipeline/context.ts';
import { numberedAnimation } from '../testing/animated-images.ts';
import { expectMatchesGolden } from '../testing/golden.ts';
import { QUADRANT_COLOURS, colourField, pixelAt, quadrants } from '../testing/images.ts';
import { finish, stepContext } from '../testing/step-context.ts';
import { maskStep } from './mask.ts';

async function opaqueQuadrants(width: number, height: number) {
  return sharp(await quadrants(width, height))
    .removeAlpha()
    .png()
    .toBuffer();
}

async function masked(
  input: Uint8Array,
  query: string,
  fetchImage?: (url: string) => Promise<Uint8Array>,
) {
  const context = await stepContext(input, query, { fetchImage });
  await maskStep.run(context);
  return { context, output: await finish(context) };
}

/** A mask image: white on the left half, black on the right. */
async function halfWhite(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#000' } })
    .composite([
      {
        input: { create: { width: width / 2, height, channels: 3, background: '#fff' } },
        left: 0,
        top: 0,
      },
    ])
    .png()
    .toBuffer();
}

const { topLeft, bottomRight } = QUADRANT_COLOURS;

describe('mask', () => {
  it('cuts an ellipse filling the image: corners transparent, middle kept', async () => {
    const { context, output } = await masked(await opaqueQuadrants(60, 40), 'mask=ellipse');
    expect(context.hasAlpha).toBe(true);
    expect([context.width, context.height]).toEqual([60, 40]);
    expect(await pixelAt(output, 0, 0)).toMatchObject({ alpha: 0 });
    expect(await pixelAt(output, 59, 39)).toMatchObject({ alpha: 0 });
    expect(await pixelAt(output, 20, 15)).toEqual({ ...topLeft, alpha: 255 });
    expect(await pixelAt(output, 1, 20)).toMatchObject({ alpha: 255 });
  });

  it('rounds corners by 20% of the smaller side when corner-radius is not given', async () => {
    const { output } = await masked(await opaqueQuadrants(60, 40), 'mask=corners');
    // 8 px radius: the corner pixel is outside the curve, a pixel 8 px in along the edge inside.
    expect(await pixelAt(output, 0, 0)).toMatchObject({ alpha: 0 });
    expect(await pixelAt(output, 1, 1)).toMatchObject({ alpha: 0 });
    expect(await pixelAt(output, 8, 0)).toMatchObject({ alpha: 255 });
    expect(await pixelAt(output, 59, 39)).toMatchObject({ alpha: 0 });
  });

  it('rounds each corner by its own corner-radius, top left first and clockwise', async () => {
    const { output } = await masked(
      await opaqueQuadrants(60, 40),
      'mask=corners&corner-radius=0,0,15,4',
    );
    expect(await pixelAt(output, 0, 0)).toEqual({ ...topLeft, alpha: 255 });
    expect(await pixelAt(output, 59, 0)).toMatchObject({ alpha: 255 });
    expect(await pixelAt(output, 56, 36)).toMatchObject({ alpha: 0 });
    expect(await pixelAt(output, 0, 39)).toMatchObject({ alpha: 0 });
    expect(await pixelAt(output, 2, 37)).toMatchObject({ alpha: 255 });
  });

  it('fills the masked-out area with mask-bg, leaving no transparency', async () => {
    const { context, output } = await masked(
      await opaqueQuadrants(60, 40),
      'mask=ellipse&mask-bg=0000ff',
    );
    expect(context.hasAlpha).toBe(false);
    expect(await pixelAt(output, 0, 0)).toEqual({ r: 0, g: 0, b: 255, alpha: 255 });
    expect(await pixelAt(output, 45, 30)).toEqual({ ...bottomRight, alpha: 255 });
  });

  it('uses a mask image stretched to the image: white shows, black hides', async () => {
    const fetchImage = vi.fn(async () => halfWhite(10, 10));
    const { output } = await masked(
      await opaqueQuadrants(60, 40),
      'mask=https://masks.example/half.png',
      fetchImage,
    );
    expect(fetchImage).toHaveBeenCalledWith('https://masks.example/half.png');
    expect(await pixelAt(output, 5, 35)).toMatchObject({ alpha: 255 });
    expect(await pixelAt(output, 55, 5)).toMatchObject({ alpha: 0 });
  });

  it("reads grey in a mask image as partial transparency and the mask's own alpha as hiding", async () => {
    // Left half opaque mid grey, right half fully transparent white.
    const pixels = Buffer.alloc(20 * 10 * 4);
    for (let i = 0; i < 200; i += 1) {
      pixels.set(i % 20 < 10 ? [128, 128, 128, 255] : [255, 255, 255, 0], i * 4);
    }
    const mask = await sharp(pixels, { raw: { width: 20, height: 10, channels: 4 } })
      .png()
      .toBuffer();
    const { output } = await masked(
      await opaqueQuadrants(40, 20),
      'mask=/masks/grey.png',
      async () => mask,
    );
    expect((await pixelAt(output, 5, 10)).alpha).toBeCloseTo(128, -1);
    expect(await pixelAt(output, 35, 10)).toMatchObject({ alpha: 0 });
  });

  it('refuses a mask that is not an image', async () => {
    const run = masked(
      await opaqueQuadrants(40, 20),
      'mask=https://masks.example/x.png',
      async () => new TextEncoder().encode('not an image'),
    );
    await expect(run).rejects.toBeInstanceOf(RenderError);
    await expect(run).rejects.toMatchObject({ status: 422 });
  });

  it('masks a colour field with an ellipse like its golden image', async () => {
    const { output } = await masked(await colourField(48, 32), 'mask=ellipse');
    await expectMatchesGolden('mask/ellipse', output);
  });

  it('masks with rounded corners and a mask background like its golden image', async () => {
    const { output } = await masked(
      await colourField(48, 32),
      'mask=corners&corner-radius=12&mask-bg=303030',
    );
    await expectMatchesGolden('mask/corners-on-grey', output);
  });

  it('cuts every frame of an animation to the shape', async () => {
    const context = await stepContext(await numberedAnimation(3, 20, 10), 'mask=ellipse', {
      animated: true,
    });
    await maskStep.run(context);
    const output = await finish(context);
    expect([context.width, context.height]).toEqual([20, 10]);
    for (const frame of [0, 1, 2]) {
      expect(await pixelAt(output, 0, frame * 10)).toMatchObject({ alpha: 0 });
      expect(await pixelAt(output, 10, frame * 10 + 5)).toMatchObject({ alpha: 255 });
    }
  });
});
