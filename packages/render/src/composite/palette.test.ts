import { describe, expect, it } from 'vitest';
import type { Pixels } from '../color/pixels.ts';
import { vividColours } from './palette.ts';

/** One row of pixels, `channels` bytes each. */
function row(colours: readonly number[][], channels: 3 | 4): Pixels {
  return {
    data: Uint8Array.from(colours.flat()),
    width: colours.length,
    height: 1,
    channels,
    frameHeight: 1,
  };
}

function rgb(parts: readonly { colour: [number, number, number]; count: number }[]): Pixels {
  return row(
    parts.flatMap(({ colour, count }) => Array.from({ length: count }, () => colour)),
    3,
  );
}

describe('vividColours', () => {
  it('finds a saturated dark and a saturated light colour among dull ones', () => {
    const image = rgb([
      { colour: [128, 128, 128], count: 500 },
      { colour: [20, 30, 120], count: 40 },
      { colour: [250, 230, 140], count: 40 },
      { colour: [90, 80, 85], count: 200 },
    ]);
    const { dark, light } = vividColours(image);
    expect(dark).toEqual({ r: 20, g: 30, b: 120, alpha: 1 });
    expect(light).toEqual({ r: 250, g: 230, b: 140, alpha: 1 });
  });

  it('makes the light colour from the vibrant one when the image has no light one', () => {
    // Straw is lit 0.67: vibrant, not vibrant light. Vibrant.js lifts it to 0.74.
    const image = rgb([
      { colour: [20, 30, 120], count: 40 },
      { colour: [250, 220, 90], count: 40 },
    ]);
    const { light } = vividColours(image);
    expect(light.r).toBeGreaterThan(240);
    expect(light.g).toBeGreaterThan(220);
    expect(light.b).toBeGreaterThan(110);
    expect(light.b).toBeLessThan(light.g);
  });

  it('ignores mostly transparent pixels', () => {
    const image = row(
      [
        ...Array.from({ length: 50 }, () => [200, 20, 20, 10]),
        ...Array.from({ length: 10 }, () => [20, 120, 40, 255]),
      ],
      4,
    );
    expect(vividColours(image).dark).toEqual({ r: 20, g: 120, b: 40, alpha: 1 });
  });

  it('falls back to a dark and a light shade of the commonest colour in a grey image', () => {
    const { dark, light } = vividColours(rgb([{ colour: [120, 120, 120], count: 10 }]));
    expect(dark.r).toBe(dark.g);
    expect(dark.r).toBeLessThan(80);
    expect(light.r).toBeGreaterThan(170);
  });
});
