import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RenderError } from '../pipeline/context.ts';
import { fakeAi } from '../testing/fake-ai.ts';
import { pixelAt, quadrants, QUADRANT_COLOURS } from '../testing/images.ts';
import { renderQuery } from '../testing/render-query.ts';

// Quadrants: red top-left (the fake background removal keeps only red), green, blue, yellow.
describe('premium AI operations', () => {
  it('removes the background and answers with transparency', async () => {
    const { models, calls } = fakeAi();
    const result = await renderQuery(await quadrants(64, 48), 'bg-remove=true&fm=png', {
      ai: models,
    });
    expect(calls.removeBackground).toBe(1);
    expect(result.premium).toBe(true);
    expect(result.aiFailures).toEqual({});
    expect((await pixelAt(result.body, 5, 5)).alpha).toBe(255);
    expect((await pixelAt(result.body, 60, 5)).alpha).toBe(0);
    expect((await pixelAt(result.body, 60, 40)).alpha).toBe(0);
  });

  it('chooses PNG for auto=format-less JPEG origins once the background is gone', async () => {
    const { models } = fakeAi();
    const jpeg = await quadrants(64, 48, 'jpeg');
    const result = await renderQuery(jpeg, 'bg-remove=true', { ai: models });
    expect(result.format).toBe('png');
  });

  it('passes the foreground type and the semi-transparency switch to the model', async () => {
    const { models, calls } = fakeAi();
    const image = await quadrants(64, 48);
    await renderQuery(image, 'bg-remove=true', { ai: models });
    await renderQuery(
      image,
      'bg-remove=true&bg-remove-fg-type=car&bg-remove-semi-transparency=false',
      {
        ai: models,
      },
    );
    expect(calls.backgroundOptions).toEqual([
      { foreground: 'auto', semiTransparency: true },
      { foreground: 'car', semiTransparency: false },
    ]);
  });

  it('fails background removal outright with bg-remove-fallback=false', async () => {
    const { models } = fakeAi({ fail: ['removeBackground'] });
    await expect(
      renderQuery(await quadrants(64, 48), 'bg-remove=true&bg-remove-fallback=false', {
        ai: models,
      }),
    ).rejects.toMatchObject({ status: 500, message: 'the removeBackground model is out of order' });
  });

  it('skips a failed operation, says why, and renders the rest (fallback by default)', async () => {
    const { models } = fakeAi({ fail: ['removeBackground'] });
    const result = await renderQuery(await quadrants(64, 48), 'bg-remove=true&w=32', {
      ai: models,
    });
    expect(result.width).toBe(32);
    expect(result.premium).toBe(false);
    expect(result.aiFailures).toEqual({
      'bg-remove': 'the removeBackground model is out of order',
    });
  });

  it('fails the render when the fallback is turned off', async () => {
    const { models } = fakeAi({ fail: ['upscale'] });
    const rendering = renderQuery(await quadrants(64, 48), 'upscale=true&upscale-fallback=false', {
      ai: models,
    });
    await expect(rendering).rejects.toBeInstanceOf(RenderError);
    await expect(rendering).rejects.toMatchObject({ status: 500 });
  });

  it('reports every premium operation as failed where no models are available', async () => {
    const result = await renderQuery(await quadrants(64, 48), 'bg-remove=true&upscale=true');
    expect(Object.keys(result.aiFailures ?? {}).sort()).toEqual(['bg-remove', 'upscale']);
  });

  it('skips background removal when the origin is already more transparent than the threshold', async () => {
    const { models, calls } = fakeAi();
    const half = await sharp({
      create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 20, height: 8, channels: 4, background: '#ff0000' },
          })
            .png()
            .toBuffer(),
          left: 0,
          top: 0,
        },
      ])
      .png()
      .toBuffer();
    const skipped = await renderQuery(half, 'bg-remove=true', { ai: models });
    expect(skipped.aiFailures).toEqual({ 'bg-remove': 'Transparency threshold exceeded' });
    expect(calls.removeBackground).toBe(0);
    const applied = await renderQuery(half, 'bg-remove=true&bg-remove-transparency-threshold=1', {
      ai: models,
    });
    expect(applied.aiFailures).toEqual({});
    expect(calls.removeBackground).toBe(1);
  });

  it('doubles the size with super resolution, more when w asks for it', async () => {
    const { models, calls } = fakeAi();
    const doubled = await renderQuery(await quadrants(40, 30), 'upscale=true', { ai: models });
    expect([doubled.width, doubled.height]).toEqual([80, 60]);
    const wide = await renderQuery(await quadrants(40, 30), 'upscale=true&w=150', { ai: models });
    expect(calls.upscale).toEqual([2, 4]);
    expect(wide.width).toBe(150);
    expect(doubled.aiWarnings).toEqual({});
  });

  it('keeps a pixel rect over the same part of the picture once super resolution enlarged it', async () => {
    const { models } = fakeAi();
    // The bottom-right quadrant of the 40 x 30 origin, in the origin's pixels.
    const cropped = await renderQuery(await quadrants(40, 30), 'upscale=true&rect=20,15,20,15', {
      ai: models,
    });
    expect([cropped.width, cropped.height]).toEqual([40, 30]);
    const centre = await pixelAt(cropped.body, 20, 15);
    expect([centre.r, centre.g, centre.b]).toEqual([
      QUADRANT_COLOURS.bottomRight.r,
      QUADRANT_COLOURS.bottomRight.g,
      QUADRANT_COLOURS.bottomRight.b,
    ]);
  });

  it('warns over 0.25 megapixels and refuses over 1 megapixel', async () => {
    const { models, calls } = fakeAi();
    const soft = await renderQuery(await quadrants(600, 500), 'upscale=true&w=100', { ai: models });
    expect(calls.upscale).toEqual([2]);
    expect(soft.aiWarnings?.upscale).toMatch(/0\.25 megapixels/);
    const hard = await renderQuery(await quadrants(1200, 1000), 'upscale=true', { ai: models });
    expect(calls.upscale).toEqual([2]);
    expect(hard.width).toBe(1200);
    expect(hard.aiFailures?.upscale).toMatch(/1 megapixel/);
  });

  it('refuses background removal over 12 MB with the over-limit message', async () => {
    const { models, calls } = fakeAi();
    // Noise does not compress: a 2200 x 2000 RGB PNG of it is over 12 MB.
    const noise = await sharp(randomBytes(2200 * 2000 * 3), {
      raw: { width: 2200, height: 2000, channels: 3 },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(12_000_000);
    const result = await renderQuery(noise, 'bg-remove=true&w=10', { ai: models });
    expect(calls.removeBackground).toBe(0);
    expect(result.aiFailures?.['bg-remove']).toMatch(/12 MB or 50 megapixels/);
  });

  it('removes objects in every box, clamped to the image', async () => {
    const { models, calls } = fakeAi();
    const result = await renderQuery(
      await quadrants(64, 48),
      'object-removal-rect=2,2,10,10;60,40,20,20&fm=png',
      { ai: models },
    );
    expect(calls.inpaint).toEqual([
      [
        { left: 2, top: 2, width: 10, height: 10 },
        { left: 60, top: 40, width: 4, height: 8 },
      ],
    ]);
    expect(await pixelAt(result.body, 5, 5)).toMatchObject({ r: 128, g: 128, b: 128 });
    expect(await pixelAt(result.body, 20, 5)).toMatchObject(QUADRANT_COLOURS.topLeft);
  });
});
