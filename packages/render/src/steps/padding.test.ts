import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { numberedAnimation } from '../testing/animated-images.ts';
import { expectMatchesGolden } from '../testing/golden.ts';
import { QUADRANT_COLOURS, pixelAt, quadrants } from '../testing/images.ts';
import { renderQuery } from '../testing/render-query.ts';
import { finish, stepContext } from '../testing/step-context.ts';
import { paddingStep } from './padding.ts';

async function pad(input: Uint8Array, query: string) {
  const context = await stepContext(input, query);
  await paddingStep.run(context);
  return { context, output: await finish(context) };
}

const { topLeft, bottomRight } = QUADRANT_COLOURS;

describe('padding', () => {
  it('leaves the image alone without pad parameters', async () => {
    const context = await stepContext(await quadrants(40, 30), 'w=40');
    const before = context.image;
    await paddingStep.run(context);
    expect(context.image).toBe(before);
  });

  it('adds a transparent band of pad pixels on every side when bg is not set', async () => {
    const { context, output } = await pad(await quadrants(40, 30), 'pad=10');
    expect([context.width, context.height]).toEqual([60, 50]);
    expect(await pixelAt(output, 0, 0)).toMatchObject({ alpha: 0 });
    expect(await pixelAt(output, 9, 25)).toMatchObject({ alpha: 0 });
    expect(await pixelAt(output, 10, 10)).toEqual({ ...topLeft, alpha: 255 });
    expect(await pixelAt(output, 49, 39)).toEqual({ ...bottomRight, alpha: 255 });
    expect(await pixelAt(output, 50, 40)).toMatchObject({ alpha: 0 });
  });

  it('colours the band with bg, leaving an opaque image', async () => {
    const opaque = await sharp(await quadrants(40, 30))
      .removeAlpha()
      .png()
      .toBuffer();
    const { context, output } = await pad(opaque, 'pad=10&bg=0000ff');
    expect(context.hasAlpha).toBe(false);
    expect(await pixelAt(output, 5, 5)).toEqual({ r: 0, g: 0, b: 255, alpha: 255 });
    expect(await pixelAt(output, 55, 45)).toEqual({ r: 0, g: 0, b: 255, alpha: 255 });
  });

  it('lets pad-top, pad-right, pad-bottom and pad-left adjust single sides of pad', async () => {
    const { context, output } = await pad(
      await quadrants(40, 30),
      'pad=10&pad-left=0&pad-top=2&bg=000',
    );
    expect([context.width, context.height]).toEqual([50, 42]);
    expect(await pixelAt(output, 0, 2)).toEqual({ ...topLeft, alpha: 255 });
    expect(await pixelAt(output, 0, 1)).toEqual({ r: 0, g: 0, b: 0, alpha: 255 });
    expect(await pixelAt(output, 45, 20)).toEqual({ r: 0, g: 0, b: 0, alpha: 255 });
  });

  it('pads one side alone', async () => {
    const { context } = await pad(await quadrants(40, 30), 'pad-bottom=7');
    expect([context.width, context.height]).toEqual([40, 37]);
  });

  it('pads after adjustments already in the pipeline, so they do not touch the band', async () => {
    const context = await stepContext(await quadrants(40, 30), 'pad=4&bg=404040');
    context.image = context.image.modulate({ brightness: 2 });
    await paddingStep.run(context);
    const output = await finish(context);
    expect(await pixelAt(output, 1, 1)).toEqual({ r: 64, g: 64, b: 64, alpha: 255 });
    expect((await pixelAt(output, 10, 10)).r).toBe(255);
  });

  it('keeps a coloured band coloured on a greyscale source', async () => {
    const grey = await sharp(Buffer.alloc(100, 128), {
      raw: { width: 10, height: 10, channels: 1 },
    })
      .toColourspace('b-w')
      .png()
      .toBuffer();
    const { output } = await pad(grey, 'pad=3&bg=ff0000');
    expect(await pixelAt(output, 0, 0)).toEqual({ r: 255, g: 0, b: 0, alpha: 255 });
    expect(await pixelAt(output, 5, 5)).toMatchObject({ r: 128, g: 128, b: 128 });
  });

  it('renders uneven translucent padding like its golden image', async () => {
    const { output } = await pad(
      await quadrants(48, 32),
      'pad=6&pad-right=18&pad-bottom=12&bg=80ff8800',
    );
    await expectMatchesGolden('padding/uneven-translucent', output);
  });

  it('pads through the whole render pipeline', async () => {
    const result = await renderQuery(await quadrants(40, 30), 'pad=5&bg=fff');
    expect([result.width, result.height]).toEqual([50, 40]);
    expect(await pixelAt(result.body, 2, 2)).toEqual({ r: 255, g: 255, b: 255, alpha: 255 });
  });

  it('pads every frame of an animation alike', async () => {
    const context = await stepContext(await numberedAnimation(3, 20, 10), 'pad=2&bg=fff', {
      animated: true,
    });
    await paddingStep.run(context);
    const output = await finish(context);
    expect([context.width, context.height, context.pageHeight]).toEqual([24, 14, 14]);
    for (const frame of [0, 1, 2]) {
      expect(await pixelAt(output, 0, frame * 14)).toEqual({ r: 255, g: 255, b: 255, alpha: 255 });
      expect((await pixelAt(output, 10, frame * 14 + 7)).alpha).toBe(255);
    }
    expect((await pixelAt(output, 10, 14 + 7)).g).toBeGreaterThan(150);
  });
});
