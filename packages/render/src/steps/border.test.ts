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

  it('draws a band of the border colour over the edge of the image, keeping its size', async () => {
    const { context, output } = await frame(await opaqueQuadrants(40, 30), 'border=5,ff0000');
    expect([context.width, context.height]).toEqual([40, 30]);
    expect(context.hasAlpha).toBe(false);
    expect(await pixelAt(output, 0, 0)).toEqual(red);
    expect(await pixelAt(output, 4, 20)).toEqual(red);
    expect(await pixelAt(output, 5, 5)).toEqual({ ...topLeft, alpha: 255 });
    expect(await pixelAt(output, 34, 24)).toEqual({ ...bottomRight, alpha: 255 });
    expect(await pixelAt(output, 35, 25)).toEqual(red);
    expect(await pixelAt(output, 39, 29)).toEqual(red);
  });

  it('gives a 600x400 image with border=10,ff0000 a red edge and keeps it 600x400', async () => {
    const result = await renderQuery(await opaqueQuadrants(600, 400), 'border=10,ff0000');
    expect([result.width, result.height]).toEqual([600, 400]);
    expect(await pixelAt(result.body, 0, 0)).toEqual(red);
    expect(await pixelAt(result.body, 9, 200)).toEqual(red);
    expect(await pixelAt(result.body, 599, 399)).toEqual(red);
    expect(await pixelAt(result.body, 10, 10)).toEqual({ ...topLeft, alpha: 255 });
    expect(await pixelAt(result.body, 150, 100)).toEqual({ ...topLeft, alpha: 255 });
    expect(await pixelAt(result.body, 450, 300)).toEqual({ ...bottomRight, alpha: 255 });
  });

  it('draws the border over the output after sizing, in output pixels', async () => {
    const result = await renderQuery(await opaqueQuadrants(600, 400), 'w=300&border=10,ff0000');
    expect([result.width, result.height]).toEqual([300, 200]);
    expect(await pixelAt(result.body, 9, 50)).toEqual(red);
    expect(await pixelAt(result.body, 10, 50)).toMatchObject({ r: topLeft.r, g: topLeft.g });
    expect(await pixelAt(result.body, 290, 190)).toEqual(red);
  });

  it('covers all of an image narrower than twice its width', async () => {
    const { context, output } = await frame(await opaqueQuadrants(12, 8), 'border=50,ff0000');
    expect([context.width, context.height]).toEqual([12, 8]);
    expect(await pixelAt(output, 6, 4)).toEqual(red);
  });

  it('lets border-top and the other sides set their own width', async () => {
    const { context, output } = await frame(
      await opaqueQuadrants(40, 30),
      'border=5,ff0000&border-top=0&border-left=12&border-right=1&border-bottom=3',
    );
    expect([context.width, context.height]).toEqual([40, 30]);
    expect(await pixelAt(output, 15, 0)).toEqual({ ...topLeft, alpha: 255 });
    expect(await pixelAt(output, 11, 10)).toEqual(red);
    expect(await pixelAt(output, 12, 10)).toEqual({ ...topLeft, alpha: 255 });
    expect(await pixelAt(output, 38, 26)).toEqual({ ...bottomRight, alpha: 255 });
    expect(await pixelAt(output, 39, 26)).toEqual(red);
    expect(await pixelAt(output, 38, 27)).toEqual(red);
  });

  it('lets a see-through border colour show the image beneath', async () => {
    const { output } = await frame(await opaqueQuadrants(40, 30), 'border=5,80ff0000');
    const edge = await pixelAt(output, 0, 0);
    // Half red over the top-left quadrant's red-ish colour: red stays high, green halves.
    expect(edge.alpha).toBe(255);
    expect(Math.abs(edge.g - Math.round(topLeft.g / 2))).toBeLessThanOrEqual(2);
    expect(Math.abs(edge.b - Math.round(topLeft.b / 2))).toBeLessThanOrEqual(2);
  });

  it('rounds the outer corners with border-radius, leaving transparency outside the curve', async () => {
    const { context, output } = await frame(
      await opaqueQuadrants(40, 30),
      'border=5,ff0000&border-radius=12',
    );
    expect([context.width, context.height]).toEqual([40, 30]);
    expect(context.hasAlpha).toBe(true);
    expect(await pixelAt(output, 0, 0)).toMatchObject({ alpha: 0 });
    expect(await pixelAt(output, 39, 29)).toMatchObject({ alpha: 0 });
    expect(await pixelAt(output, 20, 1)).toEqual(red);
    expect(await pixelAt(output, 10, 10)).toEqual({ ...topLeft, alpha: 255 });
  });

  it('rounds single corners with four radii, top left first and clockwise', async () => {
    const { output } = await frame(
      await opaqueQuadrants(40, 30),
      'border=5,ff0000&border-radius=0,0,12,0',
    );
    expect(await pixelAt(output, 0, 0)).toEqual(red);
    expect(await pixelAt(output, 39, 0)).toEqual(red);
    expect(await pixelAt(output, 39, 29)).toMatchObject({ alpha: 0 });
    expect(await pixelAt(output, 0, 29)).toEqual(red);
  });

  it('cuts the border colour into the image corners with border-radius-inner', async () => {
    const { output } = await frame(
      await opaqueQuadrants(40, 30),
      'border=5,ff0000&border-radius-inner=10',
    );
    expect(await pixelAt(output, 0, 0)).toEqual(red);
    expect(await pixelAt(output, 5, 5)).toEqual(red);
    expect(await pixelAt(output, 34, 24)).toEqual(red);
    expect(await pixelAt(output, 12, 12)).toEqual({ ...topLeft, alpha: 255 });
    expect(await pixelAt(output, 15, 5)).toEqual({ ...topLeft, alpha: 255 });
  });

  it('keeps a transparent image transparent inside a rounded border', async () => {
    const { context, output } = await frame(
      await squareOnTransparent(40, 10),
      'border=4,00ff00&border-radius=8&border-radius-inner=4',
    );
    expect([context.width, context.height]).toEqual([40, 40]);
    expect(await pixelAt(output, 10, 10)).toMatchObject({ alpha: 0 });
    expect(await pixelAt(output, 20, 20)).toEqual({ r: 200, g: 30, b: 30, alpha: 255 });
    expect(await pixelAt(output, 20, 1)).toEqual({ r: 0, g: 255, b: 0, alpha: 255 });
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
    // The stroke goes around the outside (2 px a side); the border stays over the image.
    expect([context.width, context.height]).toEqual([44, 34]);
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
    expect([rounded.context.width, rounded.context.height]).toEqual([46, 36]);
    // Outside the rounded stroke the corner stays clear; along the straight edge it is green.
    expect((await pixelAt(rounded.output, 0, 0)).alpha).toBe(0);
    expect(await pixelAt(rounded.output, 23, 1)).toMatchObject({ r: 0, g: 255, b: 0, alpha: 255 });
  });

  it('is drawn over the padding, which still grows the canvas, in the full pipeline', async () => {
    const result = await renderQuery(
      await opaqueQuadrants(40, 30),
      'pad=4&bg=0000ff&border=3,ff0000',
    );
    expect([result.width, result.height]).toEqual([48, 38]);
    expect(await pixelAt(result.body, 1, 1)).toEqual(red);
    expect(await pixelAt(result.body, 2, 20)).toEqual(red);
    expect(await pixelAt(result.body, 3, 3)).toEqual({ r: 0, g: 0, b: 255, alpha: 255 });
    expect(await pixelAt(result.body, 5, 5)).toEqual({ ...topLeft, alpha: 255 });
  });

  it('frames every frame of an rounded corners included', async () => {
    const context = await stepContext(
      await numberedAnimation(2, 20, 10),
      'border=2,ff0000&border-radius=4',
      { animated: true },
    );
    await borderStep.run(context);
    const output = await finish(context);
    expect([context.width, context.height]).toEqual([20, 10]);
    for (const frame of [0, 1]) {
      expect(await pixelAt(output, 0, frame * 10)).toMatchObject({ alpha: 0 });
      expect(await pixelAt(output, 10, frame * 10)).toEqual(red);
    }
    expect((await pixelAt(output, 10, 10 + 5)).g).toBeGreaterThan(150);
  });
});
