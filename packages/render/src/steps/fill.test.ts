import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PendingFill } from '../pipeline/context.ts';
import { numberedAnimation } from '../testing/animated-images.ts';
import { expectMatchesGolden } from '../testing/golden.ts';
import { QUADRANT_COLOURS, colourField, pixelAt, quadrants } from '../testing/images.ts';
import { renderQuery } from '../testing/render-query.ts';
import { finish, stepContext } from '../testing/step-context.ts';
import { fillStep } from './fill.ts';

async function opaqueQuadrants(width: number, height: number) {
  return sharp(await quadrants(width, height))
    .removeAlpha()
    .png()
    .toBuffer();
}

/** Runs the fill step on `input` as the size step leaves it: resized, room recorded. */
async function filled(input: Uint8Array, query: string, pendingFill: PendingFill) {
  const context = await stepContext(input, query, { pendingFill });
  await fillStep.run(context);
  return { context, output: await finish(context) };
}

// A 40 x 20 image in the middle of a 40 x 60 canvas: bands of 20 px above and below.
const tall: PendingFill = { canvasWidth: 40, canvasHeight: 60, left: 0, top: 20 };
// A 40 x 20 image on the left of a 100 x 20 canvas.
const wide: PendingFill = { canvasWidth: 100, canvasHeight: 20, left: 0, top: 0 };

const { topLeft, topRight, bottomLeft, bottomRight } = QUADRANT_COLOURS;

function closeTo(
  actual: { r: number; g: number; b: number },
  expected: { r: number; g: number; b: number },
  within = 6,
) {
  expect(Math.abs(actual.r - expected.r)).toBeLessThanOrEqual(within);
  expect(Math.abs(actual.g - expected.g)).toBeLessThanOrEqual(within);
  expect(Math.abs(actual.b - expected.b)).toBeLessThanOrEqual(within);
}

describe('fill', () => {
  it('does nothing when the size step left no room to fill', async () => {
    const context = await stepContext(await quadrants(40, 20), 'fill=solid&fill-color=f00');
    const before = context.image;
    await fillStep.run(context);
    expect(context.image).toBe(before);
  });

  it('leaves the room transparent when fill-color is not given', async () => {
    const { context, output } = await filled(await opaqueQuadrants(40, 20), 'fit=fill', tall);
    expect(context.pendingFill).toBeNull();
    expect([context.width, context.height]).toEqual([40, 60]);
    expect(context.hasAlpha).toBe(true);
    expect(await pixelAt(output, 0, 0)).toMatchObject({ alpha: 0 });
    expect(await pixelAt(output, 0, 20)).toEqual({ ...topLeft, alpha: 255 });
    expect(await pixelAt(output, 39, 59)).toMatchObject({ alpha: 0 });
  });

  it('paints the room in fill-color with fill=solid', async () => {
    const { context, output } = await filled(
      await opaqueQuadrants(40, 20),
      'fit=fill&fill=solid&fill-color=ff0000',
      tall,
    );
    expect(context.hasAlpha).toBe(false);
    expect(await pixelAt(output, 5, 5)).toEqual({ r: 255, g: 0, b: 0, alpha: 255 });
    expect(await pixelAt(output, 5, 45)).toEqual({ r: 255, g: 0, b: 0, alpha: 255 });
    expect(await pixelAt(output, 39, 39)).toEqual({ ...bottomRight, alpha: 255 });
  });

  it('paints the room with the image blurred to cover the canvas, with fill=blur', async () => {
    const { context, output } = await filled(
      await opaqueQuadrants(40, 20),
      'fit=fill&fill=blur',
      wide,
    );
    expect([context.width, context.height]).toEqual([100, 20]);
    expect(context.hasAlpha).toBe(false);
    // The cover copy is scaled 2.5x and cropped to the middle rows: its left half is red over
    // blue and its right half green over yellow, blurred; the image itself sits on the left.
    expect(await pixelAt(output, 0, 0)).toEqual({ ...topLeft, alpha: 255 });
    const leftOfCentre = await pixelAt(output, 45, 2);
    expect(leftOfCentre.r).toBeGreaterThan(leftOfCentre.g);
    expect((await pixelAt(output, 99, 2)).g).toBeGreaterThan(150);
    // Where green meets yellow the blur mixes them instead of keeping a hard edge.
    const seam = await pixelAt(output, 99, 9);
    expect(seam.r).toBeGreaterThan(topRight.r + 20);
    expect(seam.r).toBeLessThan(bottomRight.r - 20);
  });

  it('fades between fill-gradient-linear colours towards the bottom by default', async () => {
    const { context, output } = await filled(
      await opaqueQuadrants(40, 20),
      'fit=fill&fill=gradient&fill-gradient-linear=000000,ffffff',
      tall,
    );
    expect(context.hasAlpha).toBe(false);
    expect((await pixelAt(output, 10, 0)).r).toBeLessThan(6);
    expect((await pixelAt(output, 10, 59)).r).toBeGreaterThan(249);
    expect(await pixelAt(output, 10, 25)).toEqual({ ...topLeft, alpha: 255 });
  });

  it('runs the gradient towards the sides fill-gradient-linear-direction names', async () => {
    const { output } = await filled(
      await opaqueQuadrants(40, 20),
      'fit=fill&fill=gradient&fill-gradient-linear=000000,ffffff&fill-gradient-linear-direction=left',
      wide,
    );
    expect((await pixelAt(output, 99, 10)).r).toBeLessThan(6);
    expect((await pixelAt(output, 60, 10)).r).toBeGreaterThan(100);
  });

  it('takes the vivid dark and vivid light colours of the image when none are given', async () => {
    const navy = { r: 20, g: 30, b: 120 };
    const straw = { r: 250, g: 230, b: 140 };
    const twoTone = await sharp({
      create: { width: 40, height: 20, channels: 3, background: navy },
    })
      .composite([
        {
          input: { create: { width: 20, height: 20, channels: 3, background: straw } },
          left: 20,
          top: 0,
        },
      ])
      .removeAlpha()
      .png()
      .toBuffer();
    const { output } = await filled(twoTone, 'fit=fill&fill=gradient', tall);
    closeTo(await pixelAt(output, 20, 0), navy);
    closeTo(await pixelAt(output, 20, 59), straw);
  });

  it('draws a radial gradient from the centre colour out to the second colour', async () => {
    const { output } = await filled(
      await opaqueQuadrants(20, 20),
      'fit=fill&fill=gradient&fill-gradient-type=radial&fill-gradient-radial=000000,ffffff&fill-gradient-radial-radius=2,30',
      { canvasWidth: 100, canvasHeight: 40, left: 40, top: 10 },
    );
    expect(await pixelAt(output, 0, 0)).toEqual({ r: 255, g: 255, b: 255, alpha: 255 });
    // The pixel centre (34.5, 20.5) is 15.5 px from the centre: (15.5 - 2) / 28 of the way.
    expect((await pixelAt(output, 34, 20)).r).toBeCloseTo(123, 0);
    expect(await pixelAt(output, 45, 25)).toEqual({ ...bottomLeft, alpha: 255 });
  });

  it('mixes the gradient in the colour space fill-gradient-cs names', async () => {
    const query =
      'fit=fill&fill=gradient&fill-gradient-linear=000000,ffffff&fill-gradient-linear-direction=right';
    const room = { canvasWidth: 101, canvasHeight: 10, left: 0, top: 0 };
    const srgb = await filled(await opaqueQuadrants(4, 4), query, room);
    const linear = await filled(
      await opaqueQuadrants(4, 4),
      `${query}&fill-gradient-cs=linear`,
      room,
    );
    expect((await pixelAt(srgb.output, 50, 8)).r).toBeCloseTo(128, -1);
    expect((await pixelAt(linear.output, 50, 8)).r).toBeCloseTo(188, -1);
  });

  it('fills with a blurred copy like its golden image', async () => {
    const { output } = await filled(await colourField(48, 32), 'fit=fill&fill=blur', {
      canvasWidth: 96,
      canvasHeight: 40,
      left: 24,
      top: 4,
    });
    await expectMatchesGolden('fill/blur', output);
  });

  it('fills with a diagonal oklab gradient like its golden image', async () => {
    const { output } = await filled(
      await colourField(32, 32),
      'fit=fill&fill=gradient&fill-gradient-linear=1040a0,f0c020&fill-gradient-linear-direction=top,right&fill-gradient-cs=oklab',
      { canvasWidth: 96, canvasHeight: 48, left: 32, top: 8 },
    );
    await expectMatchesGolden('fill/gradient-diagonal-oklab', output);
  });

  it('fills with a radial gradient around an off-centre point like its golden image', async () => {
    const { output } = await filled(
      await colourField(32, 32),
      'fit=fill&fill=gradient&fill-gradient-type=radial&fill-gradient-radial=ffffff,203060&fill-gradient-radial-x=0.2&fill-gradient-radial-y=0.3&fill-gradient-radial-radius=4,0.9',
      { canvasWidth: 96, canvasHeight: 48, left: 56, top: 8 },
    );
    await expectMatchesGolden('fill/radial', output);
  });

  it('fills each frame of an animation with its own blurred copy', async () => {
    const context = await stepContext(await numberedAnimation(3, 20, 10), 'fit=fill&fill=blur', {
      animated: true,
      pendingFill: { canvasWidth: 20, canvasHeight: 30, left: 0, top: 10 },
    });
    await fillStep.run(context);
    const output = await finish(context);
    expect([context.width, context.height, context.pageHeight]).toEqual([20, 30, 30]);
    // Frames are red, green and blue: each band is a blur of its own frame.
    expect((await pixelAt(output, 10, 2)).r).toBeGreaterThan(150);
    expect((await pixelAt(output, 10, 30 + 2)).g).toBeGreaterThan(120);
    expect((await pixelAt(output, 10, 60 + 2)).b).toBeGreaterThan(150);
  });
});

describe('fill through the full pipeline', () => {
  it('pads a fit=fill render to the requested size in fill-color', async () => {
    const result = await renderQuery(
      await opaqueQuadrants(40, 20),
      'w=40&h=40&fit=fill&fill=solid&fill-color=00f',
    );
    expect([result.width, result.height]).toEqual([40, 40]);
    expect(await pixelAt(result.body, 20, 2)).toEqual({ r: 0, g: 0, b: 255, alpha: 255 });
    expect(await pixelAt(result.body, 5, 15)).toEqual({ ...topLeft, alpha: 255 });
  });

  it('leaves the fit=fill room transparent for bg to colour', async () => {
    const result = await renderQuery(await opaqueQuadrants(40, 20), 'w=40&h=40&fit=fill&bg=0f0');
    expect(await pixelAt(result.body, 20, 2)).toEqual({ r: 0, g: 255, b: 0, alpha: 255 });
  });

  it('fills fit=fill with a blurred copy', async () => {
    const result = await renderQuery(await opaqueQuadrants(40, 20), 'w=40&h=40&fit=fill&fill=blur');
    expect([result.width, result.height]).toEqual([40, 40]);
    expect(await pixelAt(result.body, 2, 2)).toMatchObject({ alpha: 255 });
  });
});
