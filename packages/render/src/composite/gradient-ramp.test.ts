import { describe, expect, it } from 'vitest';
import { colourStops, gradientRamp, RAMP_SIZE, type HueMethod } from './gradient-ramp.ts';
import type { InterpolationSpace } from './colour-space.ts';

const RED = { r: 255, g: 0, b: 0, alpha: 1 };
const BLUE = { r: 0, g: 0, b: 255, alpha: 1 };

/** The ramp's colour at `t` (0-1) as 0-255 channels and a 0-1 alpha. */
function at(ramp: Float32Array, t: number) {
  const i = Math.round(t * (RAMP_SIZE - 1)) * 4;
  const channel = (c: number) => Math.round((ramp[i + c] ?? 0) * 255);
  return { r: channel(0), g: channel(1), b: channel(2), alpha: ramp[i + 3] ?? 0 };
}

/** Each channel of `actual` within one level of `expected` (the ramp's entries are not at 0.5 exactly). */
function expectNear(actual: { r: number; g: number; b: number }, expected: typeof actual) {
  for (const channel of ['r', 'g', 'b'] as const) {
    expect(Math.abs(actual[channel] - expected[channel]), channel).toBeLessThanOrEqual(1);
  }
}

function midpoint(space: InterpolationSpace, hue: HueMethod = 'shorter') {
  return at(gradientRamp(colourStops([RED, BLUE]), space, hue), 0.5);
}

describe('gradientRamp', () => {
  it('runs from the first colour to the last in every space', () => {
    for (const space of ['srgb', 'linear', 'oklab', 'oklch', 'lch', 'hsl', 'hsv'] as const) {
      const ramp = gradientRamp(colourStops([RED, BLUE]), space);
      expect(at(ramp, 0), space).toMatchObject({ r: 255, g: 0, b: 0 });
      expect(at(ramp, 1), space).toMatchObject({ r: 0, g: 0, b: 255 });
    }
  });

  it('meets red and blue half way at a different colour in each rectangular space', () => {
    // sRGB averages the encoded values; linear light averages the light (0.5 encodes as 188);
    // Oklab keeps the lightness perceptually even, lifting the middle off the sRGB purple.
    expectNear(midpoint('srgb'), { r: 128, g: 0, b: 128 });
    expectNear(midpoint('linear'), { r: 188, g: 0, b: 188 });
    const oklab = midpoint('oklab');
    expect(oklab.r).toBeGreaterThan(130);
    expect(oklab.g).toBeGreaterThan(60);
    expect(oklab.b).toBeGreaterThan(150);
  });

  it('turns the hue the way gradient-hue says in the hue spaces', () => {
    const magenta = { r: 255, g: 0, b: 255 };
    const green = { r: 0, g: 255, b: 0 };
    // Red is at 0 degrees and blue at 240: the shorter arc passes 300 (magenta), the longer 120.
    for (const space of ['hsl', 'hsv'] as const) {
      expect(midpoint(space, 'shorter'), space).toMatchObject(magenta);
      expect(midpoint(space, 'longer'), space).toMatchObject(green);
      expect(midpoint(space, 'increasing'), space).toMatchObject(green);
      expect(midpoint(space, 'decreasing'), space).toMatchObject(magenta);
    }
    // In OKLCh red is near 29 degrees and blue near 264: the longer arc crosses the greens.
    const longer = midpoint('oklch', 'longer');
    expect(longer.g).toBeGreaterThan(longer.r);
    expect(longer.g).toBeGreaterThan(longer.b);
    const shorter = midpoint('oklch', 'shorter');
    expect(shorter.r).toBeGreaterThan(shorter.g);
    expect(shorter.b).toBeGreaterThan(shorter.g);
    expect(midpoint('lch', 'longer').g).toBeGreaterThan(midpoint('lch', 'shorter').g + 50);
  });

  it('takes the hue of the coloured end when the other is grey', () => {
    // White's hue is powerless: white to red in HSL stays on red's hue, never passing others.
    const ramp = gradientRamp(colourStops([{ r: 255, g: 255, b: 255, alpha: 1 }, RED]), 'hsl');
    const middle = at(ramp, 0.5);
    // hsl(0, 50%, 75%): red's hue at half the saturation.
    expectNear(middle, { r: 223, g: 159, b: 159 });
  });

  it('interpolates with premultiplied alpha, so a transparent end lends no colour', () => {
    const clearWhite = { r: 255, g: 255, b: 255, alpha: 0 };
    const middle = at(gradientRamp(colourStops([clearWhite, RED]), 'srgb'), 0.5);
    expect(middle).toMatchObject({ r: 255, g: 0, b: 0 });
    expect(middle.alpha).toBeCloseTo(0.5, 3);
  });

  it('places stops where gradient-stops says, raising one lower than the one before', () => {
    const even = colourStops([RED, BLUE, RED]);
    expect(even.map((stop) => stop.position)).toEqual([0, 0.5, 1]);
    const raised = colourStops([RED, BLUE, RED], [50, 20, 100]);
    expect(raised.map((stop) => stop.position)).toEqual([0.5, 0.5, 1]);
    // A hard edge at the repeated position: red up to it, then from blue on.
    const ramp = gradientRamp(raised, 'srgb');
    expect(at(ramp, 0.49)).toMatchObject({ r: 255, g: 0, b: 0 });
    expect(at(ramp, 0.51).b).toBeGreaterThan(240);
    expectNear(at(ramp, 0.75), { r: 128, g: 0, b: 128 });
  });
});
