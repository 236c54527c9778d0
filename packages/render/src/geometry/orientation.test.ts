import { describe, expect, it } from 'vitest';
import { orientationFix, orientationOfParameter, orientedSize } from './orientation.ts';

describe('orientationOfParameter', () => {
  it('maps the degree aliases 90, 180 and 270 to EXIF 6, 3 and 8', () => {
    expect(orientationOfParameter(90)).toBe(6);
    expect(orientationOfParameter(180)).toBe(3);
    expect(orientationOfParameter(270)).toBe(8);
  });

  it('keeps 1-8 and reads 0 as "as stored"', () => {
    expect(orientationOfParameter(7)).toBe(7);
    expect(orientationOfParameter(0)).toBe(1);
  });
});

describe('orientationFix', () => {
  it('mirrors the mirrored orientations and turns the rotated ones clockwise', () => {
    expect(orientationFix(2)).toEqual({ mirror: true, clockwise: 0 });
    expect(orientationFix(6)).toEqual({ mirror: false, clockwise: 90 });
    expect(orientationFix(8)).toEqual({ mirror: false, clockwise: 270 });
    expect(orientationFix(5)).toEqual({ mirror: true, clockwise: 270 });
  });
});

describe('orientedSize', () => {
  it('swaps the sides for orientations 5 to 8 only', () => {
    const stored = { width: 40, height: 30 };
    for (const orientation of [1, 2, 3, 4]) {
      expect(orientedSize(stored, orientation)).toEqual(stored);
    }
    for (const orientation of [5, 6, 7, 8]) {
      expect(orientedSize(stored, orientation)).toEqual({ width: 30, height: 40 });
    }
  });
});
