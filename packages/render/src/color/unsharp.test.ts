import { describe, expect, it } from 'vitest';
import { colourAt, pixelRows } from '../testing/raw-pixels.ts';
import { reduceNoise, unsharpMask } from './unsharp.ts';

describe('unsharp mask', () => {
  it('pushes each pixel away from its blurred value by the amount', () => {
    const pixels = pixelRows([
      [
        [100, 100, 100, 50],
        [200, 200, 200, 50],
      ],
    ]);
    const blurred = pixelRows([
      [
        [120, 120, 120, 50],
        [180, 180, 180, 50],
      ],
    ]).data;
    unsharpMask(pixels, blurred, 1);
    expect(colourAt(pixels, 0, 0)).toEqual([80, 80, 80, 50]);
    expect(colourAt(pixels, 1, 0)).toEqual([220, 220, 220, 50]);
  });

  it('reaches the blurred image at amount -1', () => {
    const pixels = pixelRows([[[100, 100, 100]]]);
    unsharpMask(pixels, pixelRows([[[120, 120, 120]]]).data, -1);
    expect(colourAt(pixels, 0, 0)).toEqual([120, 120, 120]);
  });
});

describe('noise reduction', () => {
  const original = () =>
    pixelRows([
      [
        [100, 100, 100],
        [180, 180, 180],
      ],
    ]);
  const blurred = pixelRows([
    [
      [104, 104, 104],
      [140, 140, 140],
    ],
  ]).data;

  it('replaces small differences (noise) by the blurred value', () => {
    const pixels = original();
    reduceNoise(pixels, blurred, 10, 0.4);
    expect(colourAt(pixels, 0, 0)).toEqual([104, 104, 104]);
  });

  it('sharpens differences above the threshold (edges) by the sharpness', () => {
    const pixels = original();
    reduceNoise(pixels, blurred, 10, 0.5);
    expect(colourAt(pixels, 1, 0)).toEqual([200, 200, 200]);
  });

  it('treats everything as detail when the threshold is not positive', () => {
    const pixels = original();
    reduceNoise(pixels, blurred, 0, 0);
    expect(colourAt(pixels, 0, 0)).toEqual([100, 100, 100]);
  });

  it('blends noise into detail between half and one and a half thresholds', () => {
    const pixels = pixelRows([[[110, 110, 110]]]);
    reduceNoise(pixels, pixelRows([[[100, 100, 100]]]).data, 10, 0);
    expect(colourAt(pixels, 0, 0)).toEqual([105, 105, 105]);
  });
});
