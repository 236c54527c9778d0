import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectMatchesGolden } from '../testing/golden.ts';
import { colourField, pixelAt, quadrants, QUADRANT_COLOURS } from '../testing/images.ts';
import { cornerQuadrants, quadrantAt } from '../testing/quadrant-colour.ts';
import { renderQuery } from '../testing/render-query.ts';
import { runSteps } from '../testing/step-context.ts';
import { orientStep } from './orient.ts';
import { rectStep } from './rect.ts';
import { sizeStep } from './size.ts';
import { trimStep } from './trim.ts';

const GEOMETRY = [orientStep, trimStep, rectStep, sizeStep];

async function sizeOf(query: string, width = 64, height = 48) {
  const result = await renderQuery(await quadrants(width, height), query);
  return { width: result.width, height: result.height, body: result.body };
}

describe('size step', () => {
  it('scales to w=32 keeping the aspect ratio and every quadrant in place', async () => {
    const { width, height, body } = await sizeOf('w=32');
    expect([width, height]).toEqual([32, 24]);
    expect(await cornerQuadrants(body, 32, 24)).toEqual([
      'topLeft',
      'topRight',
      'bottomRight',
      'bottomLeft',
    ]);
  });

  it('reads h=0.5 as half the height of the image', async () => {
    const { width, height } = await sizeOf('h=0.5');
    expect([width, height]).toEqual([32, 24]);
  });

  it('resizes a plain w=512 JPEG in one pipeline, without decoding to raw pixels first', async () => {
    const jpeg = await quadrants(1024, 768, 'jpeg');
    const { context, materialized } = await runSteps(jpeg, 'w=512', GEOMETRY);
    expect(materialized).toBe(0);
    expect([context.width, context.height]).toEqual([512, 384]);
    const { info } = await context.image.toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([512, 384]);
  });

  it('fits inside w and h with the default fit=clip, enlarging when asked', async () => {
    expect(await sizeOf('w=32&h=32')).toMatchObject({ width: 32, height: 24 });
    expect(await sizeOf('w=128')).toMatchObject({ width: 128, height: 96 });
  });

  it('never enlarges with fit=max', async () => {
    expect(await sizeOf('fit=max&w=128')).toMatchObject({ width: 64, height: 48 });
    expect(await sizeOf('fit=max&w=32&h=32')).toMatchObject({ width: 32, height: 24 });
  });

  it('stretches to both sides with fit=scale', async () => {
    const { width, height, body } = await sizeOf('fit=scale&w=32&h=32');
    expect([width, height]).toEqual([32, 32]);
    expect(await quadrantAt(body, 4, 28)).toBe('bottomLeft');
  });

  it('multiplies w by dpr', async () => {
    expect(await sizeOf('w=16&dpr=2')).toMatchObject({ width: 32, height: 24 });
  });

  it('leaves the canvas of fit=fill to the fill step and resizes only the image', async () => {
    const { context } = await runSteps(await quadrants(), 'fit=fill&w=64&h=64', GEOMETRY);
    expect([context.width, context.height]).toEqual([64, 48]);
    expect(context.pendingFill).toEqual({ canvasWidth: 64, canvasHeight: 64, left: 0, top: 8 });
  });

  it('centres the unenlarged image on the fit=fillmax canvas', async () => {
    const { context } = await runSteps(await quadrants(), 'fit=fillmax&w=200&h=200', GEOMETRY);
    expect([context.width, context.height]).toEqual([64, 48]);
    expect(context.pendingFill).toEqual({ canvasWidth: 200, canvasHeight: 200, left: 68, top: 76 });
  });

  it('puts fit=fillmax with only w on a canvas of that width at the source aspect ratio', async () => {
    // docs.imgix.com/apis/rendering/fill/fill-max: 300x200 with w=400 is a 400x267 canvas.
    const input = await quadrants(300, 200);
    const result = await renderQuery(input, 'fit=fillmax&w=400&fill=solid&fill-color=ff0000');
    expect([result.width, result.height]).toEqual([400, 267]);
    const red = { r: 255, g: 0, b: 0, alpha: 255 };
    expect(await pixelAt(result.body, 0, 0)).toEqual(red);
    expect(await pixelAt(result.body, 49, 133)).toEqual(red);
    expect(await pixelAt(result.body, 399, 266)).toEqual(red);
    // The image is not enlarged: 300x200 in the middle (from x 50, y 33).
    expect(await pixelAt(result.body, 60, 45)).toEqual({ ...QUADRANT_COLOURS.topLeft, alpha: 255 });
    expect(await pixelAt(result.body, 340, 225)).toEqual({
      ...QUADRANT_COLOURS.bottomRight,
      alpha: 255,
    });
    expect(await pixelAt(result.body, 200, 20)).toEqual(red);
  });

  it('puts fit=fillmax with only h on a canvas of that height at the source aspect ratio', async () => {
    const result = await renderQuery(await quadrants(300, 200), 'fit=fillmax&h=400');
    expect([result.width, result.height]).toEqual([600, 400]);
    expect(await pixelAt(result.body, 10, 200)).toMatchObject({ alpha: 0 });
    expect(await pixelAt(result.body, 160, 110)).toEqual({
      ...QUADRANT_COLOURS.topLeft,
      alpha: 255,
    });
  });

  it('keeps the fit=fillmax canvas within the source with fill-max=source', async () => {
    const input = await quadrants(300, 200);
    const capped = await renderQuery(input, 'fit=fillmax&w=400&h=150&fill-max=SOURCE');
    expect([capped.width, capped.height]).toEqual([300, 150]);
    const ignored = await renderQuery(input, 'fit=fillmax&w=400&h=150&fill-max=other');
    expect([ignored.width, ignored.height]).toEqual([400, 150]);
  });

  it('extends the edge pixels to the requested box with fit=clamp', async () => {
    const result = await renderQuery(await colourField(48, 32), 'fit=clamp&w=48&h=48');
    expect([result.width, result.height]).toEqual([48, 48]);
    // The image fills rows 8-39; the rows above repeat its top row, those below its bottom row.
    for (const x of [0, 10, 30, 47]) {
      expect(await pixelAt(result.body, x, 0)).toEqual(await pixelAt(result.body, x, 8));
      expect(await pixelAt(result.body, x, 47)).toEqual(await pixelAt(result.body, x, 39));
    }
    expect(await pixelAt(result.body, 10, 8)).not.toEqual(await pixelAt(result.body, 10, 39));
    await expectMatchesGolden('size/fit-clamp', result.body);
  });

  it('keeps the requested shape without enlarging with fit=min', async () => {
    const { width, height, body } = await sizeOf('fit=min&w=128&h=64');
    expect([width, height]).toEqual([64, 32]);
    expect(await cornerQuadrants(body, 64, 32)).toEqual([
      'topLeft',
      'topRight',
      'bottomRight',
      'bottomLeft',
    ]);
  });

  it('scales an output beyond 8192 pixels down whole', async () => {
    const strip = await sharp({
      create: { width: 64, height: 4, channels: 3, background: QUADRANT_COLOURS.topRight },
    })
      .png()
      .toBuffer();
    const result = await renderQuery(strip, 'w=5000&dpr=5');
    expect([result.width, result.height]).toEqual([8192, 512]);
  });

  it('matches its golden for a reduced quadrant image', async () => {
    const { body } = await sizeOf('w=40&h=40');
    expect(await pixelAt(body, 39, 29)).toMatchObject({ alpha: 255 });
    await expectMatchesGolden('size/clip-40', body);
  });

  it('fits padding and border inside the requested size, as imgix documents', async () => {
    expect(await sizeOf('w=32&pad=4')).toMatchObject({ width: 32, height: 26 });
    expect(await sizeOf('w=32&h=32&fit=crop&pad=2&border=3,ff0000')).toMatchObject({
      width: 32,
      height: 32,
    });
    // Without a requested size the frame is added around the image.
    expect(await sizeOf('pad=5')).toMatchObject({ width: 74, height: 58 });
  });
});
