import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { numberedAnimation } from '../testing/animated-images.ts';
import { expectMatchesGolden } from '../testing/golden.ts';
import { QUADRANT_COLOURS, pixelAt, quadrants, squareOnTransparent } from '../testing/images.ts';
import { renderQuery } from '../testing/render-query.ts';
import { finish, stepContext } from '../testing/step-context.ts';
import { borderStep } from './border.ts';

async function frame(input: Uint8Array, query: string) {
  const context = await stepContext(input, query);
  await borderStep.run(context);
  return { context, output: await finish(context) };
}

async function opaqueQuadrants(width: number, height: number) {
  return sharp(await quadrants(width, height))
    .removeAlpha()
    .png()
    .toBuffer();
}

const red = { r: 255, g: 0, b: 0, alpha: 255 };
const { topLeft, bottomRight } = QUADRANT_COLOURS;

describe('border', () => {
  it('does nothing without border', async () => {
    const context = await stepContext(await quadrants(40, 30), 'border-radius=4');
    const before = context.image;
    await borderStep.run(context);
    expect(context.image).toBe(before);
  });

  it('frames the image in a band of the border colour, growing the canvas', async () => {
    const { context, output } = await frame(await opaqueQuadrants(40, 30), 'border=5,ff0000');
    expect([context.width, context.height]).toEqual([50, 40]);
    expect(context.hasAlpha).toBe(false);
    expect(await pixelAt(output, 0, 0)).toEqual(red);
    expect(await pixelAt(output, 4, 20)).toEqual(red);
    expect(await pixelAt(output, 5, 5)).toEqual({ ...topLeft, alpha: 255 });
    expect(await pixelAt(output, 44, 34)).toEqual({ ...bottomRight, alpha: 255 });
    expect(await pixelAt(output, 45, 35)).toEqual(red);
  });

  it('lets border-top and the other sides set their own width', async () => {
    const { context, output } = await frame(
      await opaqueQuadrants(40, 30),
      'border=5,ff0000&border-top=0&border-left=12&border-right=1&border-bottom=3',
    );
    expect([context.width, context.height]).toEqual([53, 33]);
    expect(await pixelAt(output, 20, 0)).toEqual({ ...topLeft, alpha: 255 });
    expect(await pixelAt(output, 11, 10)).toEqual(red);
    expect(await pixelAt(output, 51, 29)).toEqual({ ...bottomRight, alpha: 255 });
    expect(await pixelAt(output, 52, 29)).toEqual(red);
    expect(await pixelAt(output, 51, 30)).toEqual(red);
  });

  it('rounds the outer corners with border-radius, leaving transparency outside the curve', async () => {
    const { context, output } = await frame(
      await opaqueQuadrants(40, 30),
      'border=5,ff0000&border-radius=12',
    );
    expect(context.hasAlpha).toBe(true);
    expect(await pixelAt(output, 0, 0)).toMatchObject({ alpha: 0 });
    expect(await pixelAt(output, 49, 39)).toMatchObject({ alpha: 0 });
    expect(await pixelAt(output, 25, 1)).toEqual(red);
    expect(await pixelAt(output, 10, 10)).toEqual({ ...topLeft, alpha: 255 });
  });

  it('rounds single corners with four radii, top left first and clockwise', async () => {
    const { output } = await frame(
      await opaqueQuadrants(40, 30),
      'border=5,ff0000&border-radius=0,0,12,0',
    );
    expect(await pixelAt(output, 0, 0)).toEqual(red);
    expect(await pixelAt(output, 49, 0)).toEqual(red);
    expect(await pixelAt(output, 49, 39)).toMatchObject({ alpha: 0 });
    expect(await pixelAt(output, 0, 39)).toEqual(red);
  });

  it('cuts the border colour into the image corners with border-radius-inner', async () => {
    const { output } = await frame(
      await opaqueQuadrants(40, 30),
      'border=5,ff0000&border-radius-inner=10',
    );
    expect(await pixelAt(output, 0, 0)).toEqual(red);
    expect(await pixelAt(output, 5, 5)).toEqual(red);
    expect(await pixelAt(output, 44, 34)).toEqual(red);
    expect(await pixelAt(output, 12, 12)).toEqual({ ...topLeft, alpha: 255 });
  });

  it('keeps a transparent image transparent inside a rounded border', async () => {
    const { output } = await frame(
      await squareOnTransparent(40, 10),
      'border=4,00ff00&border-radius=8&border-radius-inner=4',
    );
    expect(await pixelAt(output, 10, 10)).toMatchObject({ alpha: 0 });
    expect(await pixelAt(output, 24, 24)).toEqual({ r: 200, g: 30, b: 30, alpha: 255 });
    expect(await pixelAt(output, 24, 1)).toEqual({ r: 0, g: 255, b: 0, alpha: 255 });
  });

  it('draws rounded inner and outer corners like its golden image', async () => {
    const { output } = await frame(
      await quadrants(64, 48),
      'border=6,1a1a1a&border-radius=20,4,20,4&border-radius-inner=12',
    );
    await expectMatchesGolden('border/rounded', output);
  });

  it('draws border-stroke-size around the outside of the border in border-stroke-color', async () => {
    const input = await opaqueQuadrants(40, 30);
    const { context, output } = await frame(
      input,
      'border=4,ff0000&border-stroke-size=2&border-stroke-color=0000ff',
    );
    expect([context.width, context.height]).toEqual([52, 42]);
    expect(await pixelAt(output, 0, 0)).toMatchObject({ r: 0, g: 0, b: 255, alpha: 255 });
    expect(await pixelAt(output, 2, 2)).toMatchObject(red);
    expect(await pixelAt(output, 6, 6)).toMatchObject({ ...topLeft, alpha: 255 });
  });

  it('leaves a transparent stroke by default and follows rounded corners', async () => {
    const input = await opaqueQuadrants(40, 30);
    const plain = await frame(input, 'border-stroke-size=3');
    expect([plain.context.width, plain.context.height]).toEqual([46, 36]);
    expect((await pixelAt(plain.output, 1, 1)).alpha).toBe(0);
    const rounded = await frame(
      input,
      'border=4,ff0000&border-radius=10&border-stroke-size=3&border-stroke-color=00ff00',
    );
    expect([rounded.context.width, rounded.context.height]).toEqual([54, 44]);
    // Outside the rounded stroke the corner stays clear; along the straight edge it is green.
    expect((await pixelAt(rounded.output, 0, 0)).alpha).toBe(0);
    expect(await pixelAt(rounded.output, 27, 1)).toMatchObject({ r: 0, g: 255, b: 0, alpha: 255 });
  });

  it('frames the padding, not the other way round, in the full pipeline', async () => {
    const result = await renderQuery(
      await opaqueQuadrants(40, 30),
      'pad=4&bg=0000ff&border=3,ff0000',
    );
    expect([result.width, result.height]).toEqual([54, 44]);
    expect(await pixelAt(result.body, 1, 1)).toEqual(red);
    expect(await pixelAt(result.body, 5, 5)).toEqual({ r: 0, g: 0, b: 255, alpha: 255 });
    expect(await pixelAt(result.body, 8, 8)).toEqual({ ...topLeft, alpha: 255 });
  });

  it('frames every frame of an rounded corners included', async () => {
    const context = await stepContext(
      await numberedAnimation(2, 20, 10),
      'border=2,ff0000&border-radius=4',
      { animated: true },
    );
    await borderStep.run(context);
    const output = await finish(context);
    expect([context.width, context.height]).toEqual([24, 14]);
    for (const frame of [0, 1]) {
      expect(await pixelAt(output, 0, frame * 14)).toMatchObject({ alpha: 0 });
      expect(await pixelAt(output, 12, frame * 14)).toEqual(red);
    }
    expect((await pixelAt(output, 12, 14 + 7)).g).toBeGreaterThan(150);
  });
});
