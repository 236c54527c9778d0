import { describe, expect, it } from 'vitest';
import { dominantColours, saturationAndLightness } from './dominant-colours.ts';
import type { Swatch } from './quantize.ts';

const swatch = (red: number, green: number, blue: number, population = 10): Swatch => ({
  red,
  green,
  blue,
  population,
});

describe('dominant colours', () => {
  it('reads HSL saturation and lightness', () => {
    expect(saturationAndLightness(swatch(255, 0, 0))).toEqual({ saturation: 1, lightness: 0.5 });
    expect(saturationAndLightness(swatch(128, 128, 128)).saturation).toBe(0);
  });

  it('names each colour by how vivid and how light it is', () => {
    const vivid = swatch(230, 30, 30);
    const vividLight = swatch(250, 160, 160);
    const vividDark = swatch(110, 10, 10);
    const muted = swatch(150, 120, 110);
    const mutedLight = swatch(210, 200, 195);
    const mutedDark = swatch(70, 60, 55);
    expect(dominantColours([muted, vividDark, mutedLight, vivid, mutedDark, vividLight])).toEqual({
      vibrant: vivid,
      vibrant_light: vividLight,
      vibrant_dark: vividDark,
      muted,
      muted_light: mutedLight,
      muted_dark: mutedDark,
    });
  });

  it('uses a swatch for one name only and leaves out names nothing fits', () => {
    const only = swatch(230, 30, 30);
    expect(dominantColours([only])).toEqual({ vibrant: only });
    expect(dominantColours([])).toEqual({});
  });

  it('prefers the swatch nearest the ideal lightness over a slightly more frequent one', () => {
    const ideal = swatch(235, 20, 20, 50);
    const dull = swatch(170, 40, 40, 60);
    expect(dominantColours([dull, ideal]).vibrant).toBe(ideal);
  });
});
