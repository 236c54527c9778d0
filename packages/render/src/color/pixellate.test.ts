import { describe, expect, it } from 'vitest';
import { colourAt, pixelRows } from '../testing/raw-pixels.ts';
import { pixellate } from './pixellate.ts';

const W = [255, 255, 255] as const;
const K = [0, 0, 0] as const;
const R = [200, 0, 0] as const;

describe('pixellate', () => {
  it('fills each block with its average colour', () => {
    const pixels = pixelRows([
      [W, K, R, R],
      [K, W, R, R],
    ]);
    pixellate(pixels, 2);
    expect(colourAt(pixels, 0, 0)).toEqual([128, 128, 128]);
    expect(colourAt(pixels, 1, 1)).toEqual([128, 128, 128]);
    expect(colourAt(pixels, 3, 1)).toEqual([200, 0, 0]);
  });

  it('averages the partial blocks at the right and bottom edges on their own', () => {
    const pixels = pixelRows([
      [W, W, K],
      [W, W, K],
      [R, R, W],
    ]);
    pixellate(pixels, 2);
    expect(colourAt(pixels, 2, 0)).toEqual([0, 0, 0]);
    expect(colourAt(pixels, 0, 2)).toEqual([200, 0, 0]);
    expect(colourAt(pixels, 2, 2)).toEqual([255, 255, 255]);
  });

  it('starts the blocks afresh in each animation frame', () => {
    const pixels = pixelRows(
      [
        [W, W],
        [K, K],
        [R, R],
      ],
      1,
    );
    pixellate(pixels, 2);
    expect(colourAt(pixels, 0, 0)).toEqual([255, 255, 255]);
    expect(colourAt(pixels, 0, 1)).toEqual([0, 0, 0]);
    expect(colourAt(pixels, 0, 2)).toEqual([200, 0, 0]);
  });

  it('lets transparent pixels lend no colour to their block', () => {
    const pixels = pixelRows([
      [
        [200, 0, 0, 255],
        [0, 255, 0, 0],
      ],
    ]);
    pixellate(pixels, 2);
    expect(colourAt(pixels, 1, 0)).toEqual([200, 0, 0, 128]);
  });

  it('changes nothing with blocks of one pixel', () => {
    const pixels = pixelRows([[W, K]]);
    pixellate(pixels, 1);
    expect(colourAt(pixels, 1, 0)).toEqual([0, 0, 0]);
  });
});
