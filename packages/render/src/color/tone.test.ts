import { describe, expect, it } from 'vitest';
import { NEUTRAL_TONE, isNeutralTone, toneLookupTable, type ToneSettings } from './tone.ts';

const table = (settings: Partial<ToneSettings>) =>
  toneLookupTable({ ...NEUTRAL_TONE, ...settings });
const level = (settings: Partial<ToneSettings>, input: number) => table(settings)[input] ?? -1;

function expectMonotonic(values: Uint8Array) {
  for (let index = 1; index < values.length; index += 1) {
    expect(values[index]).toBeGreaterThanOrEqual(values[index - 1] ?? 0);
  }
}

describe('tone curve', () => {
  it('leaves every level alone when no tone parameter is set', () => {
    expect([...table({})]).toEqual(Array.from({ length: 256 }, (_, index) => index));
    expect(isNeutralTone(NEUTRAL_TONE)).toBe(true);
    expect(isNeutralTone({ ...NEUTRAL_TONE, gamma: 1 })).toBe(false);
  });

  it('brightens mid grey for positive bri and darkens it for negative bri', () => {
    expect(level({ brightness: 50 }, 128)).toBeGreaterThan(150);
    expect(level({ brightness: -50 }, 128)).toBeLessThan(106);
    expect(level({ brightness: 100 }, 0)).toBe(128);
  });

  it('flattens everything to mid grey at con=-100 and spreads mid-tones for con>0', () => {
    expect(new Set(table({ contrast: -100 }))).toEqual(new Set([128]));
    expect(level({ contrast: 50 }, 64)).toBeLessThan(64);
    expect(level({ contrast: 50 }, 192)).toBeGreaterThan(192);
  });

  it('treats exp as stops of light: black stays black, mid grey brightens', () => {
    expect(level({ exposure: 50 }, 0)).toBe(0);
    expect(level({ exposure: 50 }, 100)).toBeGreaterThan(125);
    expect(level({ exposure: -50 }, 100)).toBeLessThan(80);
  });

  it('lifts mid-tones for positive gam and keeps black and white fixed', () => {
    expect(level({ gamma: 50 }, 64)).toBeGreaterThan(80);
    expect(level({ gamma: -50 }, 64)).toBeLessThan(50);
    expect(level({ gamma: 100 }, 0)).toBe(0);
    expect(level({ gamma: 100 }, 255)).toBe(255);
  });

  it('lifts shadows more than highlights with shad, and pulls highlights down with high', () => {
    const shadows = table({ shadows: 100 });
    expect((shadows[60] ?? 0) - 60).toBeGreaterThan((shadows[200] ?? 0) - 200);
    expect(shadows[0]).toBe(0);
    expect(shadows[255]).toBe(255);
    const highlights = table({ highlights: -100 });
    expect(200 - (highlights[200] ?? 0)).toBeGreaterThan(60 - (highlights[60] ?? 0));
    expect(highlights[255]).toBe(255);
  });

  it('never swaps the order of two levels, even at the extremes', () => {
    for (const settings of [
      { shadows: 100 },
      { highlights: -100 },
      { shadows: 100, highlights: -100, contrast: 100, exposure: -100, gamma: -100 },
      { brightness: -100, gamma: 100, exposure: 100 },
    ]) {
      expectMonotonic(table(settings));
    }
  });

  it('saturates values outside the documented ranges', () => {
    expect([...table({ shadows: 500 })]).toEqual([...table({ shadows: 100 })]);
    expect([...table({ highlights: 40 })]).toEqual([...table({})]);
  });
});
