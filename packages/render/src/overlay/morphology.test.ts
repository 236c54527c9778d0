import { describe, expect, it } from 'vitest';
import { dilateMask, padMask } from './morphology.ts';

function bruteForceDilate(mask: Uint8Array, width: number, height: number, radius: number) {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let best = 0;
      for (let dy = -radius; dy <= radius; dy += 1) {
        const halfWidth = Math.floor(Math.sqrt(radius * radius - dy * dy));
        for (let dx = -halfWidth; dx <= halfWidth; dx += 1) {
          const sx = x + dx;
          const sy = y + dy;
          if (sx < 0 || sy < 0 || sx >= width || sy >= height) continue;
          best = Math.max(best, mask[sy * width + sx] ?? 0);
        }
      }
      out[y * width + x] = best;
    }
  }
  return out;
}

describe('padMask', () => {
  it('surrounds the mask with zeros', () => {
    expect([...padMask(new Uint8Array([7, 8]), 2, 1, 1)]).toEqual([
      0, 0, 0, 0, 0, 7, 8, 0, 0, 0, 0, 0,
    ]);
  });
});

describe('dilateMask', () => {
  it('grows a single pixel into a disc of the radius', () => {
    const mask = new Uint8Array(7 * 7);
    mask[3 * 7 + 3] = 200;
    const grown = dilateMask(mask, 7, 7, 2);
    expect(grown[3 * 7 + 1]).toBe(200);
    expect(grown[1 * 7 + 3]).toBe(200);
    expect(grown[2 * 7 + 2]).toBe(200);
    // (1,1) is 2.8 away: outside a disc of radius 2.
    expect(grown[1 * 7 + 1]).toBe(0);
    expect(grown[3 * 7 + 0]).toBe(0);
  });

  it('matches a brute-force disc dilation on a random anti-aliased mask', () => {
    const width = 23;
    const height = 17;
    let seed = 7;
    const mask = Uint8Array.from({ length: width * height }, () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % 9 === 0 ? seed % 256 : 0;
    });
    for (const radius of [1, 2, 3, 5, 8]) {
      expect([...dilateMask(mask, width, height, radius)], `radius ${radius}`).toEqual([
        ...bruteForceDilate(mask, width, height, radius),
      ]);
    }
  });

  it('leaves the mask as it is for a zero radius', () => {
    expect([...dilateMask(new Uint8Array([1, 2, 3]), 3, 1, 0)]).toEqual([1, 2, 3]);
  });
});
