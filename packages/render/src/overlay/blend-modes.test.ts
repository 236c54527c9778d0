import { describe, expect, it } from 'vitest';
import {
  BLEND_MODES,
  SHARP_BLEND,
  blendNonSeparable,
  blendPixelsInPlace,
  isBlendMode,
  type Rgb,
} from './blend-modes.ts';

function lum([r, g, b]: Rgb) {
  return 0.3 * r + 0.59 * g + 0.11 * b;
}

function saturation(colour: Rgb) {
  return Math.max(...colour) - Math.min(...colour);
}

describe('blend mode table', () => {
  it('names the sixteen modes imgix lists, leaving only the non-separable four to raw pixels', () => {
    expect(BLEND_MODES).toHaveLength(16);
    const raw = BLEND_MODES.filter((mode) => SHARP_BLEND[mode] === null);
    expect(raw.sort()).toEqual(['color', 'hue', 'luminosity', 'saturation']);
    expect(isBlendMode('softlight')).toBe(true);
    expect(isBlendMode('soft-light')).toBe(false);
  });
});

describe('blendNonSeparable', () => {
  const backdrop: Rgb = [0.8, 0.4, 0.2];
  const source: Rgb = [0.1, 0.3, 0.9];

  it('luminosity keeps the backdrop hue and saturation with the source lightness', () => {
    const result = blendNonSeparable('luminosity', backdrop, source);
    expect(lum(result)).toBeCloseTo(lum(source), 5);
    expect(result[0]).toBeGreaterThan(result[1]);
    expect(result[1]).toBeGreaterThan(result[2]);
  });

  it('color keeps the backdrop lightness with the source hue and saturation', () => {
    const result = blendNonSeparable('color', backdrop, source);
    expect(lum(result)).toBeCloseTo(lum(backdrop), 5);
    expect(result[2]).toBeGreaterThan(result[1]);
    expect(result[1]).toBeGreaterThan(result[0]);
  });

  it('hue keeps the backdrop saturation and lightness', () => {
    const result = blendNonSeparable('hue', backdrop, source);
    expect(lum(result)).toBeCloseTo(lum(backdrop), 5);
    expect(saturation(result)).toBeCloseTo(saturation(backdrop), 5);
    expect(result[2]).toBeGreaterThan(result[0]);
  });

  it('saturation of a grey source makes the backdrop grey at its own lightness', () => {
    const result = blendNonSeparable('saturation', backdrop, [0.5, 0.5, 0.5]);
    expect(result[0]).toBeCloseTo(lum(backdrop), 5);
    expect(result[1]).toBeCloseTo(lum(backdrop), 5);
    expect(result[2]).toBeCloseTo(lum(backdrop), 5);
  });

  it('keeps results inside the gamut', () => {
    const result = blendNonSeparable('luminosity', [0, 0, 1], [1, 1, 1]);
    for (const channel of result) {
      expect(channel).toBeGreaterThanOrEqual(0);
      expect(channel).toBeLessThanOrEqual(1 + 1e-9);
    }
  });
});

describe('blendPixelsInPlace', () => {
  it('leaves pixels under a transparent layer untouched', () => {
    const image = new Uint8Array([200, 100, 50]);
    blendPixelsInPlace(image, 3, new Uint8Array([0, 0, 255, 0]), 'color');
    expect([...image]).toEqual([200, 100, 50]);
  });

  it('blends fully under an opaque layer and halfway under a half-transparent one', () => {
    const full = new Uint8Array([128, 128, 128]);
    blendPixelsInPlace(full, 3, new Uint8Array([0, 0, 0, 255]), 'luminosity');
    expect([...full]).toEqual([0, 0, 0]);
    const half = new Uint8Array([128, 128, 128]);
    blendPixelsInPlace(half, 3, new Uint8Array([0, 0, 0, 128]), 'luminosity');
    expect(half[0]).toBeGreaterThan(60);
    expect(half[0]).toBeLessThan(68);
  });

  it('shows the layer as it is over a transparent backdrop, and makes the result opaque', () => {
    const image = new Uint8Array([10, 20, 30, 0]);
    blendPixelsInPlace(image, 4, new Uint8Array([40, 80, 200, 255]), 'hue');
    expect([...image]).toEqual([40, 80, 200, 255]);
  });
});
