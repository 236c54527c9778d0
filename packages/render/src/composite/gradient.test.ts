import { describe, expect, it } from 'vitest';
import { linearDirection, renderGradient, type Gradient } from './gradient.ts';

const black = { r: 0, g: 0, b: 0, alpha: 1 };
const white = { r: 255, g: 255, b: 255, alpha: 1 };

function pixel(pixels: Buffer, width: number, x: number, y: number) {
  const offset = (y * width + x) * 4;
  return [...pixels.subarray(offset, offset + 4)];
}

describe('linearDirection', () => {
  it('points straight at a single side', () => {
    expect(linearDirection(['bottom'], 40, 20)).toEqual([0, 1]);
    expect(linearDirection(['left'], 40, 20)).toEqual([-1, 0]);
  });

  it('lets the later of two opposite sides win, so the catalogue default runs downwards', () => {
    expect(linearDirection(['top', 'bottom'], 40, 20)).toEqual([0, 1]);
    expect(linearDirection(['bottom', 'top'], 40, 20)).toEqual([0, -1]);
  });

  it('runs to a corner perpendicular to the other diagonal, as CSS "to top right" does', () => {
    const [x, y] = linearDirection(['top', 'right'], 200, 100);
    expect(x).toBeCloseTo(100 / Math.hypot(100, 200));
    expect(y).toBeCloseTo(-200 / Math.hypot(100, 200));
  });
});

describe('renderGradient', () => {
  it('fades from the first colour at the top to the second at the bottom', () => {
    const gradient: Gradient = {
      kind: 'linear',
      from: black,
      to: white,
      towards: ['bottom'],
      space: 'srgb',
    };
    const pixels = renderGradient(gradient, 4, 101);
    expect(pixel(pixels, 4, 0, 0)[0]).toBeLessThan(3);
    expect(pixel(pixels, 4, 3, 50)[0]).toBeCloseTo(128, -1);
    expect(pixel(pixels, 4, 2, 100)[0]).toBeGreaterThan(252);
    expect(pixel(pixels, 4, 0, 50)).toEqual(pixel(pixels, 4, 3, 50));
  });

  it('reaches both end colours at opposite corners of a diagonal gradient', () => {
    const gradient: Gradient = {
      kind: 'linear',
      from: black,
      to: white,
      towards: ['top', 'right'],
      space: 'srgb',
    };
    const pixels = renderGradient(gradient, 60, 30);
    expect(pixel(pixels, 60, 0, 29)[0]).toBeLessThan(8);
    expect(pixel(pixels, 60, 59, 0)[0]).toBeGreaterThan(247);
    // The other two corners sit on the half-way line.
    expect(pixel(pixels, 60, 0, 0)[0]).toBeCloseTo(128, -1);
    expect(pixel(pixels, 60, 59, 29)[0]).toBeCloseTo(128, -1);
  });

  it('keeps the first colour inside the inner radius and the second beyond the outer one', () => {
    const gradient: Gradient = {
      kind: 'radial',
      from: black,
      to: white,
      centreX: 50,
      centreY: 50,
      innerRadius: 10,
      outerRadius: 40,
      space: 'srgb',
    };
    const pixels = renderGradient(gradient, 100, 100);
    expect(pixel(pixels, 100, 55, 50)).toEqual([0, 0, 0, 255]);
    expect(pixel(pixels, 100, 50, 95)).toEqual([255, 255, 255, 255]);
    expect(pixel(pixels, 100, 75, 50)[0]).toBeCloseTo(128, -1);
  });

  it('swaps the colours when the inner radius is the larger', () => {
    const gradient: Gradient = {
      kind: 'radial',
      from: black,
      to: white,
      centreX: 50,
      centreY: 50,
      innerRadius: 40,
      outerRadius: 10,
      space: 'srgb',
    };
    const pixels = renderGradient(gradient, 100, 100);
    expect(pixel(pixels, 100, 50, 50)).toEqual([255, 255, 255, 255]);
    expect(pixel(pixels, 100, 0, 0)).toEqual([0, 0, 0, 255]);
  });

  it('draws a hard-edged disc when both radii are equal', () => {
    const gradient: Gradient = {
      kind: 'radial',
      from: black,
      to: white,
      centreX: 20,
      centreY: 20,
      innerRadius: 10,
      outerRadius: 10,
      space: 'srgb',
    };
    const pixels = renderGradient(gradient, 40, 40);
    expect(pixel(pixels, 40, 28, 20)).toEqual([0, 0, 0, 255]);
    expect(pixel(pixels, 40, 31, 20)).toEqual([255, 255, 255, 255]);
  });

  it("carries the colours' alpha into the fourth channel", () => {
    const gradient: Gradient = {
      kind: 'linear',
      from: { ...black, alpha: 0 },
      to: black,
      towards: ['right'],
      space: 'srgb',
    };
    const pixels = renderGradient(gradient, 100, 1);
    expect(pixel(pixels, 100, 0, 0)[3]).toBeLessThan(5);
    expect(pixel(pixels, 100, 99, 0)[3]).toBeGreaterThan(250);
  });
});
