import { describe, expect, it } from 'vitest';
import { chroma, colourAt, pixelRows } from '../testing/raw-pixels.ts';
import { applyColourPass, applyMatrix } from './colour-pass.ts';
import { saturation, sepia } from './matrix.ts';

const none = { toneTable: null, matrix: null, vibrance: 0, invert: false };

describe('colour pass', () => {
  it('inverts colour channels (10 becomes 245) and leaves alpha alone', () => {
    const pixels = pixelRows([[[10, 100, 250, 77]]]);
    applyColourPass(pixels, { ...none, invert: true });
    expect(colourAt(pixels, 0, 0)).toEqual([245, 155, 5, 77]);
  });

  it('looks every channel up in the tone table', () => {
    const toneTable = Uint8Array.from({ length: 256 }, (_, level) => 255 - level);
    const pixels = pixelRows([[[0, 128, 255]]]);
    applyColourPass(pixels, { ...none, toneTable });
    expect(colourAt(pixels, 0, 0)).toEqual([255, 127, 0]);
  });

  it('applies the matrix and clamps what leaves the 0-255 range', () => {
    const pixels = pixelRows([[[250, 30, 30]]]);
    applyColourPass(pixels, { ...none, matrix: saturation(3) });
    const [r, g, b] = colourAt(pixels, 0, 0);
    expect(r).toBe(255);
    expect(g).toBe(0);
    expect(b).toBe(0);
  });

  it('boosts a muted colour more than an already vivid one with vibrance', () => {
    const pixels = pixelRows([
      [
        [150, 120, 110],
        [230, 20, 20],
      ],
    ]);
    const before = [chroma(colourAt(pixels, 0, 0)), chroma(colourAt(pixels, 1, 0))];
    applyColourPass(pixels, { ...none, vibrance: 1 });
    const after = [chroma(colourAt(pixels, 0, 0)), chroma(colourAt(pixels, 1, 0))];
    expect((after[0] ?? 0) / (before[0] ?? 1)).toBeGreaterThan(1.5);
    expect((after[1] ?? 0) / (before[1] ?? 1)).toBeLessThan(1.2);
  });

  it('takes colour away with negative vibrance, leaving greys grey', () => {
    const pixels = pixelRows([
      [
        [150, 120, 110],
        [90, 90, 90],
      ],
    ]);
    applyColourPass(pixels, { ...none, vibrance: -1 });
    expect(chroma(colourAt(pixels, 0, 0))).toBeLessThan(10);
    expect(colourAt(pixels, 1, 0)).toEqual([90, 90, 90]);
  });

  it('applies a matrix alone for sepia', () => {
    const pixels = pixelRows([[[128, 128, 128]]]);
    applyMatrix(pixels, sepia(1));
    const [r, g, b] = colourAt(pixels, 0, 0);
    expect(r).toBeGreaterThan(g ?? 0);
    expect(g).toBeGreaterThan(b ?? 0);
  });
});
