import { describe, expect, it } from 'vitest';
import { IDENTITY, hueRotation, multiply, saturation, sepia, type Matrix3 } from './matrix.ts';

function apply(matrix: Matrix3, [r, g, b]: readonly [number, number, number]) {
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = matrix;
  return [m0 * r + m1 * g + m2 * b, m3 * r + m4 * g + m5 * b, m6 * r + m7 * g + m8 * b];
}

function expectClose(actual: readonly number[], expected: readonly number[]) {
  expected.forEach((value, index) => expect(actual[index]).toBeCloseTo(value, 6));
}

describe('colour matrices', () => {
  it('makes every channel equal at saturation 0', () => {
    const [r, g, b] = apply(saturation(0), [200, 40, 90]);
    expect(r).toBeCloseTo(g ?? 0, 6);
    expect(g).toBeCloseTo(b ?? 0, 6);
  });

  it('is the identity at saturation 1 and a hue turn of 0 or 360 degrees', () => {
    expectClose(saturation(1), IDENTITY);
    expectClose(hueRotation(0), IDENTITY);
    expectClose(hueRotation(360), IDENTITY);
  });

  it('turns red toward green when the hue rotates by 120 degrees', () => {
    const [r, g] = apply(hueRotation(120), [220, 40, 40]);
    expect(g).toBeGreaterThan(r ?? 0);
  });

  it('keeps greys grey under any hue rotation', () => {
    expectClose(apply(hueRotation(73), [100, 100, 100]), [100, 100, 100]);
  });

  it('composes: multiply(a, b) applies b first, then a', () => {
    const colour = [180, 60, 20] as const;
    const composed = apply(multiply(saturation(1.5), hueRotation(40)), colour);
    const [r, g, b] = apply(hueRotation(40), colour);
    expectClose(composed, apply(saturation(1.5), [r ?? 0, g ?? 0, b ?? 0]));
    expectClose(multiply(IDENTITY, sepia(0.4)), sepia(0.4));
  });

  it('tones grey warm with full sepia and changes nothing at sepia 0', () => {
    expectClose(sepia(0), IDENTITY);
    const [r, g, b] = apply(sepia(1), [128, 128, 128]);
    expect(r).toBeGreaterThan(g ?? 0);
    expect(g).toBeGreaterThan(b ?? 0);
  });
});
