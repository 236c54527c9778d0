import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectMatchesGolden } from '../testing/golden.ts';
import { pixelAt, quadrants, squareOnTransparent } from '../testing/images.ts';
import { renderQuery } from '../testing/render-query.ts';
import { finish, stepContext } from '../testing/step-context.ts';
import { backgroundStep } from './background.ts';

async function backed(input: Uint8Array, query: string) {
  const context = await stepContext(input, query);
  await backgroundStep.run(context);
  return { context, output: await finish(context) };
}

const square = { r: 200, g: 30, b: 30, alpha: 255 };
const gridGrey = { r: 0xd0, g: 0xd7, b: 0xdd, alpha: 255 };
const white = { r: 255, g: 255, b: 255, alpha: 255 };

describe('bg', () => {
  it('fills transparent pixels with the colour and drops the alpha channel', async () => {
    const { context, output } = await backed(await squareOnTransparent(40, 20), 'bg=0000ff');
    expect(context.hasAlpha).toBe(false);
    expect((await sharp(output).metadata()).channels).toBe(3);
    expect(await pixelAt(output, 0, 0)).toEqual({ r: 0, g: 0, b: 255, alpha: 255 });
    expect(await pixelAt(output, 20, 20)).toEqual(square);
  });

  it('keeps a translucent bg translucent', async () => {
    const { context, output } = await backed(await squareOnTransparent(40, 20), 'bg=800000ff');
    expect(context.hasAlpha).toBe(true);
    const corner = await pixelAt(output, 0, 0);
    expect(corner).toMatchObject({ r: 0, g: 0, b: 255 });
    expect(corner.alpha).toBeCloseTo(128, -1);
    expect(await pixelAt(output, 20, 20)).toEqual(square);
  });

  it('leaves an image without alpha untouched', async () => {
    const opaque = await sharp(await quadrants(20, 20))
      .removeAlpha()
      .png()
      .toBuffer();
    const context = await stepContext(opaque, 'bg=0000ff&transparency=grid');
    const before = context.image;
    await backgroundStep.run(context);
    expect(context.image).toBe(before);
  });

  it('colours the transparent band padding and fill leave, through the full pipeline', async () => {
    const result = await renderQuery(await squareOnTransparent(20, 10), 'pad=4&bg=00ff00');
    expect(await pixelAt(result.body, 0, 0)).toEqual({ r: 0, g: 255, b: 0, alpha: 255 });
    expect(await pixelAt(result.body, 4, 4)).toEqual({ r: 0, g: 255, b: 0, alpha: 255 });
    expect(await pixelAt(result.body, 14, 14)).toEqual(square);
  });
});

describe('transparency=grid', () => {
  it('draws 4 px squares of light grey and white behind transparent pixels', async () => {
    const { context, output } = await backed(
      await squareOnTransparent(40, 20),
      'transparency=grid',
    );
    expect(context.hasAlpha).toBe(false);
    expect(await pixelAt(output, 0, 0)).toEqual(gridGrey);
    expect(await pixelAt(output, 3, 3)).toEqual(gridGrey);
    expect(await pixelAt(output, 4, 0)).toEqual(white);
    expect(await pixelAt(output, 4, 4)).toEqual(gridGrey);
    expect(await pixelAt(output, 20, 20)).toEqual(square);
  });

  it('takes its square size from grid-size, scaled by dpr', async () => {
    const { output } = await backed(
      await squareOnTransparent(40, 20),
      'transparency=grid&grid-size=3&dpr=2',
    );
    expect(await pixelAt(output, 5, 0)).toEqual(gridGrey);
    expect(await pixelAt(output, 6, 0)).toEqual(white);
  });

  it('takes its colours from grid-colors', async () => {
    const { output } = await backed(
      await squareOnTransparent(40, 20),
      'transparency=grid&grid-colors=ff0000,00ff00',
    );
    expect(await pixelAt(output, 0, 0)).toEqual({ r: 255, g: 0, b: 0, alpha: 255 });
    expect(await pixelAt(output, 4, 0)).toEqual({ r: 0, g: 255, b: 0, alpha: 255 });
  });

  it('is hidden behind an opaque bg', async () => {
    const { output } = await backed(await squareOnTransparent(40, 20), 'transparency=grid&bg=000');
    expect(await pixelAt(output, 4, 0)).toEqual({ r: 0, g: 0, b: 0, alpha: 255 });
  });

  it('shows through a translucent bg, tinted by it', async () => {
    const { output } = await backed(
      await squareOnTransparent(40, 20),
      'transparency=grid&bg=80000000',
    );
    const tinted = await pixelAt(output, 4, 0);
    expect(tinted.alpha).toBe(255);
    expect(tinted.r).toBeCloseTo(127, -1);
  });

  it('draws the grid on an image smaller than two squares', async () => {
    const { output } = await backed(await squareOnTransparent(6, 2), 'transparency=grid');
    expect(await pixelAt(output, 0, 0)).toEqual(gridGrey);
    expect(await pixelAt(output, 5, 0)).toEqual(white);
  });

  it('draws a checkerboard behind a soft-edged image like its golden image', async () => {
    const soft = await sharp(await squareOnTransparent(48, 24))
      .blur(4)
      .png()
      .toBuffer();
    const { output } = await backed(soft, 'transparency=grid&grid-size=6');
    await expectMatchesGolden('background/grid', output);
  });
});
