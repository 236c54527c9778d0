import { describe, expect, it } from 'vitest';
import { pixelRows, solidPixels } from '../testing/raw-pixels.ts';
import type { Pixels } from './pixels.ts';
import { colourHistogram, quantize } from './quantize.ts';

const swatchColours = (pixels: Pixels, count: number) =>
  quantize(colourHistogram(pixels), count).map(({ red, green, blue, population }) => ({
    colour: [Math.round(red), Math.round(green), Math.round(blue)],
    population,
  }));

function gradient(width: number): Pixels {
  return pixelRows([
    Array.from({ length: width }, (_, x) => {
      const t = x / (width - 1);
      return [Math.round(255 * t), Math.round(255 * (1 - t)), 128] as const;
    }),
  ]);
}

describe('median cut quantizer', () => {
  it('finds exactly the two colours of a two-colour image, most frequent first', () => {
    const pixels = pixelRows([
      [
        [220, 40, 40],
        [40, 70, 220],
        [40, 70, 220],
      ],
    ]);
    expect(swatchColours(pixels, 6)).toEqual([
      { colour: [40, 70, 220], population: 2 },
      { colour: [220, 40, 40], population: 1 },
    ]);
  });

  it('returns the mean of the pixels a swatch stands for, not a cell centre', () => {
    const pixels = pixelRows([
      [
        [201, 101, 51],
        [203, 103, 53],
      ],
    ]);
    expect(swatchColours(pixels, 1)).toEqual([{ colour: [202, 102, 52], population: 2 }]);
  });

  it('returns as many colours as asked of an image with more', () => {
    expect(swatchColours(gradient(200), 5)).toHaveLength(5);
    expect(swatchColours(gradient(200), 16)).toHaveLength(16);
  });

  it('returns nothing for zero colours or a fully transparent image', () => {
    expect(swatchColours(solidPixels(4, 4, [10, 20, 30]), 0)).toEqual([]);
    expect(swatchColours(solidPixels(4, 4, [10, 20, 30, 0]), 6)).toEqual([]);
  });

  it('ignores pixels that are mostly transparent', () => {
    const pixels = pixelRows([
      [
        [10, 20, 30, 255],
        [250, 250, 250, 20],
      ],
    ]);
    expect(swatchColours(pixels, 6)).toEqual([{ colour: [10, 20, 30], population: 1 }]);
  });
});
