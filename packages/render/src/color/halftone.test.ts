import { describe, expect, it } from 'vitest';
import { solidPixels } from '../testing/raw-pixels.ts';
import { halftone } from './halftone.ts';

function inkShare(data: Uint8Array, channels: number) {
  let ink = 0;
  for (let offset = 0; offset < data.length; offset += channels)
    ink += 1 - (data[offset] ?? 0) / 255;
  return ink / (data.length / channels);
}

describe('halftone', () => {
  it('leaves white paper white and covers black with ink', () => {
    const white = solidPixels(24, 24, [255, 255, 255]);
    halftone(white, 8);
    expect(inkShare(white.data, 3)).toBeLessThan(0.02);
    const black = solidPixels(24, 24, [0, 0, 0]);
    halftone(black, 8);
    expect(inkShare(black.data, 3)).toBeGreaterThan(0.98);
  });

  it('inks more of the area the darker the tone, about half of it for mid grey', () => {
    const share = (level: number) => {
      const pixels = solidPixels(48, 48, [level, level, level]);
      halftone(pixels, 8);
      return inkShare(pixels.data, 3);
    };
    const [dark, mid, light] = [share(64), share(128), share(192)];
    expect(dark).toBeGreaterThan(mid);
    expect(mid).toBeGreaterThan(light);
    expect(mid).toBeGreaterThan(0.35);
    expect(mid).toBeLessThan(0.65);
  });

  it('prints in black and white only, with soft edges, keeping alpha', () => {
    const pixels = solidPixels(32, 32, [200, 40, 40, 90]);
    halftone(pixels, 10);
    const levels = new Set<number>();
    for (let offset = 0; offset < pixels.data.length; offset += 4) {
      expect(pixels.data[offset]).toBe(pixels.data[offset + 1]);
      expect(pixels.data[offset + 3]).toBe(90);
      levels.add(pixels.data[offset] ?? 0);
    }
    expect(levels.has(0)).toBe(true);
    expect(levels.has(255)).toBe(true);
  });
});
