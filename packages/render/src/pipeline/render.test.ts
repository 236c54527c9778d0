import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pixelAt, quadrants } from '../testing/images.ts';
import { renderQuery } from '../testing/render-query.ts';

// The delivery benchmark's photograph (bench/delivery.ts): 1411 x 1411 JPEG from the demo source.
const RETINA = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../server/demo-images/retina.jpg',
);

async function meanDelta(a: Uint8Array, b: Uint8Array): Promise<number> {
  const [left, right] = await Promise.all([a, b].map((image) => sharp(image).raw().toBuffer()));
  if (!left || !right || left.length !== right.length) return Infinity;
  let total = 0;
  for (let index = 0; index < left.length; index += 1) {
    total += Math.abs((left[index] ?? 0) - (right[index] ?? 0));
  }
  return total / left.length;
}

describe('the common path', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('renders retina.jpg at w=512&q=75 in one sharp call, like bare sharp', async () => {
    const input = await readFile(RETINA);
    const raw = vi.spyOn(sharp.prototype, 'raw');
    const metadata = vi.spyOn(sharp.prototype, 'metadata');
    const toBuffer = vi.spyOn(sharp.prototype, 'toBuffer');
    const result = await renderQuery(input, 'w=512&q=75');
    // The JPEG header is read without sharp, no intermediate raw render, one encode.
    expect(metadata).not.toHaveBeenCalled();
    expect(raw).not.toHaveBeenCalled();
    expect(toBuffer).toHaveBeenCalledTimes(1);
    vi.restoreAllMocks();

    const bare = await sharp(input).resize(512).jpeg({ quality: 75 }).toBuffer();
    const bareMetadata = await sharp(bare).metadata();
    expect(result.format).toBe('jpg');
    expect([result.width, result.height]).toEqual([bareMetadata.width, bareMetadata.height]);
    expect(await meanDelta(result.body, bare)).toBeLessThan(1.5);
  });
});

describe('output size', () => {
  it('shrinks an output that padding grew past the side limit', async () => {
    const result = await renderQuery(await quadrants(64, 48), 'pad=20&fm=png', {
      limits: { maxOutputSide: 80 },
    });
    const metadata = await sharp(result.body).metadata();
    expect([metadata.width, metadata.height]).toEqual([80, 68]);
    expect([result.width, result.height]).toEqual([80, 68]);
  });

  it('paints transparent padding white in a JPEG', async () => {
    const result = await renderQuery(await quadrants(64, 48), 'pad=20&fm=jpg');
    const corner = await pixelAt(result.body, 2, 2);
    expect(Math.min(corner.r, corner.g, corner.b)).toBeGreaterThan(245);
  });
});
