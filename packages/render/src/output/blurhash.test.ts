import { decode, isBlurhashValid } from 'blurhash';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { quadrants } from '../testing/images.ts';
import { renderQuery } from '../testing/render-query.ts';

function averageOf(pixels: Uint8ClampedArray): [number, number, number] {
  const sum: [number, number, number] = [0, 0, 0];
  for (let offset = 0; offset < pixels.length; offset += 4) {
    sum[0] += pixels[offset] ?? 0;
    sum[1] += pixels[offset + 1] ?? 0;
    sum[2] += pixels[offset + 2] ?? 0;
  }
  const count = pixels.length / 4;
  return [sum[0] / count, sum[1] / count, sum[2] / count];
}

describe('fm=blurhash', () => {
  it('answers a valid blurhash string as text', async () => {
    const result = await renderQuery(await quadrants(64, 48), 'fm=blurhash');
    expect(result.contentType).toBe('text/plain; charset=utf-8');
    expect(result.format).toBe('blurhash');
    const hash = result.body.toString('utf8');
    expect(isBlurhashValid(hash).result).toBe(true);
    // Size flag 21 = 4 components across, 3 down, for a landscape image.
    expect(hash[0]).toBe('L');
    expect(hash).toHaveLength(28);
  });

  it('uses 4 components along the long side of a portrait image', async () => {
    const result = await renderQuery(await quadrants(30, 60), 'fm=blurhash');
    expect(result.body.toString('utf8')[0]).toBe('T');
  });

  it('encodes the colours of the rendered image', async () => {
    const orange = await sharp({
      create: { width: 50, height: 40, channels: 3, background: { r: 240, g: 140, b: 20 } },
    })
      .png()
      .toBuffer();
    const hash = (await renderQuery(orange, 'fm=blurhash')).body.toString('utf8');
    const [r, g, b] = averageOf(decode(hash, 8, 8));
    expect(r).toBeCloseTo(240, -1);
    expect(g).toBeCloseTo(140, -1);
    expect(b).toBeCloseTo(20, -1);
  });

  it('hashes the left half differently from the whole when rect crops it', async () => {
    const input = await quadrants(64, 48);
    const whole = (await renderQuery(input, 'fm=blurhash')).body.toString('utf8');
    const left = (await renderQuery(input, 'fm=blurhash&rect=0,0,32,48')).body.toString('utf8');
    expect(left).not.toBe(whole);
    const [r, , b] = averageOf(decode(left, 8, 8));
    // Left half: red over blue, no green or yellow.
    expect(r).toBeGreaterThan(100);
    expect(b).toBeGreaterThan(100);
  });
});
