import { describe, expect, it } from 'vitest';
import { colourAt, pixelRows } from '../testing/raw-pixels.ts';
import { applyDuotone, applyMonochrome } from './tint.ts';

const ORANGE = { r: 255, g: 128, b: 0, alpha: 1 };
const NAVY = { r: 0, g: 0, b: 128, alpha: 1 };

describe('monochrome', () => {
  it('keeps black black and makes white the tint colour', () => {
    const pixels = pixelRows([
      [
        [0, 0, 0],
        [255, 255, 255],
      ],
    ]);
    applyMonochrome(pixels, ORANGE);
    expect(colourAt(pixels, 0, 0)).toEqual([0, 0, 0]);
    expect(colourAt(pixels, 1, 0)).toEqual([255, 128, 0]);
  });

  it('shades a colour by its luma, whatever its hue', () => {
    const pixels = pixelRows([
      [
        [0, 255, 0],
        [0, 0, 255],
      ],
    ]);
    applyMonochrome(pixels, ORANGE);
    const [greenAsRed] = colourAt(pixels, 0, 0);
    const [blueAsRed] = colourAt(pixels, 1, 0);
    expect(greenAsRed).toBeGreaterThan(blueAsRed ?? 255);
  });

  it('goes halfway when the tint colour is half transparent', () => {
    const pixels = pixelRows([[[255, 255, 255, 200]]]);
    applyMonochrome(pixels, { ...ORANGE, alpha: 0.5 });
    expect(colourAt(pixels, 0, 0)).toEqual([255, 192, 128, 200]);
  });
});

describe('duotone', () => {
  it('maps black to the first colour and white to the second', () => {
    const pixels = pixelRows([
      [
        [0, 0, 0],
        [255, 255, 255],
        [128, 128, 128],
      ],
    ]);
    applyDuotone(pixels, NAVY, ORANGE, 1);
    expect(colourAt(pixels, 0, 0)).toEqual([0, 0, 128]);
    expect(colourAt(pixels, 1, 0)).toEqual([255, 128, 0]);
    expect(colourAt(pixels, 2, 0)).toEqual([128, 64, 64]);
  });

  it('lays the duotone over the original at the given opacity', () => {
    const pixels = pixelRows([[[255, 255, 255]]]);
    applyDuotone(pixels, NAVY, ORANGE, 0.25);
    expect(colourAt(pixels, 0, 0)).toEqual([255, 223, 191]);
  });
});
