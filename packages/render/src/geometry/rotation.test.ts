import { describe, expect, it } from 'vitest';
import { normaliseDegrees, rotatedBounds, straightenWindow, straightenZoom } from './rotation.ts';

describe('normaliseDegrees', () => {
  it('folds any angle into 0-359', () => {
    expect(normaliseDegrees(370)).toBe(10);
    expect(normaliseDegrees(-90)).toBe(270);
    expect(normaliseDegrees(360)).toBe(0);
  });
});

describe('rotatedBounds', () => {
  it('swaps the sides at 90 degrees and grows the box in between', () => {
    const at90 = rotatedBounds({ width: 64, height: 48 }, 90);
    expect(at90.width).toBeCloseTo(48);
    expect(at90.height).toBeCloseTo(64);
    const at30 = rotatedBounds({ width: 64, height: 48 }, 30);
    expect(at30.width).toBeCloseTo(79.43, 1);
    expect(at30.height).toBeCloseTo(73.57, 1);
  });
});

describe('straightenZoom', () => {
  it('needs no zoom at 0 or 180 degrees', () => {
    expect(straightenZoom({ width: 64, height: 48 }, 0)).toBeCloseTo(1);
    expect(straightenZoom({ width: 64, height: 48 }, 180)).toBeCloseTo(1);
  });

  it('zooms a 4:3 frame by 4/3 at 90 degrees', () => {
    expect(straightenZoom({ width: 64, height: 48 }, 90)).toBeCloseTo(4 / 3);
  });

  it('zooms a square by cos + sin', () => {
    expect(straightenZoom({ width: 50, height: 50 }, 45)).toBeCloseTo(Math.SQRT2);
  });
});

describe('straightenWindow', () => {
  it('keeps the whole frame shape, shrunk by the zoom', () => {
    expect(straightenWindow({ width: 64, height: 48 }, 90)).toEqual({ width: 48, height: 36 });
  });

  it('gives up a one pixel rim off the right angles', () => {
    expect(straightenWindow({ width: 50, height: 50 }, 45)).toEqual({ width: 33, height: 33 });
  });
});
