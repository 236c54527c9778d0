import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { RenderError } from '../pipeline/context.ts';
import '../pipeline/render.ts';
import { forgedAnimatedGif, numberedAnimation, pixelFloodPng } from '../testing/animated-images.ts';
import { quadrants } from '../testing/images.ts';
import { renderQuery } from '../testing/render-query.ts';

async function renderError(promise: Promise<unknown>): Promise<RenderError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RenderError);
  return error as RenderError;
}

describe('input limits', () => {
  it('refuses a PNG whose header claims 60000 x 60000 pixels before decoding it', async () => {
    const flood = pixelFloodPng(60_000, 60_000);
    expect(flood.length).toBeLessThan(100);
    const error = await renderError(renderQuery(flood, 'w=100'));
    expect(error.status).toBe(413);
    expect(error.message).toContain('60000x60000');
  });

  it('counts every frame of an animation against the 50 megapixel budget', async () => {
    // Two frames of 5100 x 5000: 25.5 MP each, 51 MP together.
    const animation = forgedAnimatedGif(5100, 5000, 2);
    const error = await renderError(renderQuery(animation, 'fm=gif'));
    expect(error.status).toBe(413);
    expect(error.message).toContain('2 frames of 5100x5000');
  });

  it('counts only the frames it decodes: one frame of an animation turned into a still', async () => {
    const animation = await numberedAnimation(3, 100, 100);
    const limits = { maxInputPixels: 25_000 };
    const error = await renderError(renderQuery(animation, '', { limits }));
    expect(error.status).toBe(413);
    const still = await renderQuery(animation, 'fm=png', { limits });
    expect([still.width, still.height]).toEqual([100, 100]);
  });

  it('answers 422 for a truncated JPEG, PNG or GIF instead of rendering half an image', async () => {
    const noise = sharp({
      create: {
        width: 400,
        height: 300,
        channels: 3,
        background: { r: 0, g: 0, b: 0 },
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    });
    for (const encoded of [
      await noise.clone().jpeg().toBuffer(),
      await noise.clone().png().toBuffer(),
      await noise.clone().gif().toBuffer(),
    ]) {
      const truncated = encoded.subarray(0, Math.floor(encoded.length * 0.6));
      const error = await renderError(renderQuery(truncated, 'fm=png'));
      expect(error.status).toBe(422);
    }
  });

  it('answers 415 for bytes that are no image format it reads', async () => {
    const error = await renderError(renderQuery(Buffer.from('%!PS-Adobe-3.0 EPSF-3.0'), ''));
    expect(error.status).toBe(415);
  });
});

describe('output limits', () => {
  it('keeps every output side within 8192 pixels, shrinking the image whole', async () => {
    const wide = await sharp({
      create: { width: 9000, height: 30, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png()
      .toBuffer();
    const result = await renderQuery(wide, 'fm=png');
    const metadata = await sharp(result.body).metadata();
    expect([metadata.width, metadata.height]).toEqual([result.width, result.height]);
    expect(result.width).toBeLessThanOrEqual(8192);
    expect(result.width).toBeGreaterThan(8000);
    expect(result.height).toBe(Math.round(((result.width ?? 0) * 30) / 9000));
  });
});

describe('render time', () => {
  it('gives up with 504 once the time budget is spent', async () => {
    const error = await renderError(
      renderQuery(await quadrants(), '', { limits: { timeoutMs: 0 } }),
    );
    expect(error.status).toBe(504);
  });

  it('gives up with 504 when the caller aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await renderError(
      renderQuery(await quadrants(), '', { signal: controller.signal }),
    );
    expect(error.status).toBe(504);
  });
});

describe('libvips loaders', () => {
  const directory = mkdtemp(path.join(os.tmpdir(), 'darkroom-loaders-'));
  afterAll(async () => rm(await directory, { recursive: true, force: true }));

  it('refuses the libvips native format, which is not hardened for untrusted input', async () => {
    const file = path.join(await directory, 'image.v');
    await sharp(await quadrants()).toFile(file);
    await expect(sharp(file).metadata()).rejects.toThrow();
  });

  it('still reads every web format it allows', async () => {
    const source = sharp(await quadrants(16, 16));
    const encoded = await Promise.all([
      source.clone().jpeg().toBuffer(),
      source.clone().png().toBuffer(),
      source.clone().webp().toBuffer(),
      source.clone().gif().toBuffer(),
      source.clone().avif().toBuffer(),
      source.clone().tiff().toBuffer(),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"/>'),
    ]);
    for (const bytes of encoded) {
      const result = await renderQuery(bytes, 'fm=png');
      expect(result.width).toBe(16);
    }
  });
});
