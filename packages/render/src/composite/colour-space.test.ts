import { describe, expect, it } from 'vitest';
import { GRADIENT_COLOUR_SPACES, colourInterpolator, fromHsl, toHsl } from './colour-space.ts';

const black = { r: 0, g: 0, b: 0, alpha: 1 };
const white = { r: 255, g: 255, b: 255, alpha: 1 };
const red = { r: 255, g: 0, b: 0, alpha: 1 };
const blue = { r: 0, g: 0, b: 255, alpha: 1 };

describe('colourInterpolator', () => {
  it.each(GRADIENT_COLOUR_SPACES)(
    'returns the end colours themselves at 0 and 1 in %s',
    (space) => {
      const mix = colourInterpolator(
        { r: 12, g: 140, b: 90, alpha: 1 },
        { r: 230, g: 40, b: 180, alpha: 1 },
        space,
      );
      for (const [t, expected] of [
        [0, { r: 12, g: 140, b: 90, alpha: 1 }],
        [1, { r: 230, g: 40, b: 180, alpha: 1 }],
      ] as const) {
        const actual = mix(t);
        expect(Math.abs(actual.r - expected.r)).toBeLessThanOrEqual(1);
        expect(Math.abs(actual.g - expected.g)).toBeLessThanOrEqual(1);
        expect(Math.abs(actual.b - expected.b)).toBeLessThanOrEqual(1);
      }
    },
  );

  it('mixes gamma-encoded values half way in srgb', () => {
    expect(colourInterpolator(black, white, 'srgb')(0.5)).toMatchObject({ r: 128, g: 128, b: 128 });
  });

  it('mixes light intensities in linear, so the middle of black to white is brighter', () => {
    // 0.5 linear light is 0.735 gamma-encoded.
    expect(colourInterpolator(black, white, 'linear')(0.5).r).toBe(188);
  });

  it('puts the middle of black to white at half perceived lightness in oklab', () => {
    // Oklab L = 0.5 is 0.125 linear light, 0.389 gamma-encoded.
    expect(colourInterpolator(black, white, 'oklab')(0.5).r).toBe(99);
  });

  it('turns the shorter way round the hue circle in hsl: red to blue passes magenta', () => {
    expect(colourInterpolator(red, blue, 'hsl')(0.5)).toEqual({ r: 255, g: 0, b: 255, alpha: 1 });
  });

  it('keeps chroma through the middle in lch where srgb goes dull', () => {
    const chroma = (c: { r: number; g: number; b: number }) =>
      Math.max(c.r, c.g, c.b) - Math.min(c.r, c.g, c.b);
    const lch = colourInterpolator(red, blue, 'lch')(0.5);
    const srgb = colourInterpolator(red, blue, 'srgb')(0.5);
    expect(chroma(lch)).toBeGreaterThan(chroma(srgb));
  });

  it('takes the hue of the coloured end when the other end is grey', () => {
    const middle = colourInterpolator(white, red, 'hsl')(0.5);
    expect(toHsl(middle).hue).toBeCloseTo(0, 0);
    expect(middle.r).toBeGreaterThan(middle.g);
  });

  it('interpolates alpha linearly', () => {
    expect(colourInterpolator({ ...red, alpha: 0 }, red, 'oklab')(0.25).alpha).toBeCloseTo(0.25);
  });
});

describe('toHsl and fromHsl', () => {
  it('round-trip a colour', () => {
    const colour = { r: 40, g: 180, b: 60, alpha: 1 };
    const { hue, saturation, lightness } = toHsl(colour);
    expect(fromHsl(hue, saturation, lightness)).toEqual(colour);
  });
});
