import { describe, expect, it } from 'vitest';
import { applyPixelPasses, type PixelPass } from '../color/pixel-passes.ts';
import { runPixelPasses } from '../color/sharp-pixels.ts';
import { blendNonSeparable, type Rgb } from '../overlay/blend-modes.ts';
import { colourAt, solidPixels } from '../testing/raw-pixels.ts';
import { renderWorkers } from '../workers/pool.ts';
import { paintGradient, type GradientPaint, type Shading } from './gradient-paint.ts';
import { colourStops, gradientRamp } from './gradient-ramp.ts';
import { linearShape } from './gradient-shape.ts';

const NO_FADE = { top: 0, right: 0, bottom: 0, left: 0 };

function uniform(colour: { r: number; g: number; b: number; alpha: number }, mode = 'normal') {
  const box = { left: 0, top: 0, width: 4, height: 4 };
  const shading: Shading = {
    ramp: gradientRamp(colourStops([colour, colour]), 'srgb'),
    shape: linearShape({ degrees: 180 }, box),
    mode: mode as Shading['mode'],
    opacity: 1,
    mask: false,
  };
  return { box, region: box, shading, fade: NO_FADE } satisfies GradientPaint;
}

const BASE = [200, 100, 50] as const;
const PAINT = { r: 100, g: 150, b: 200, alpha: 1 };

// W3C Compositing and Blending Level 1, section 10.1, channel by channel (0-1).
const SEPARABLE: Record<string, (b: number, s: number) => number> = {
  multiply: (b, s) => b * s,
  screen: (b, s) => b + s - b * s,
  darken: (b, s) => Math.min(b, s),
  lighten: (b, s) => Math.max(b, s),
  difference: (b, s) => Math.abs(b - s),
  exclusion: (b, s) => b + s - 2 * b * s,
  burn: (b, s) => (b === 1 ? 1 : s === 0 ? 0 : 1 - Math.min(1, (1 - b) / s)),
  dodge: (b, s) => (b === 0 ? 0 : s === 1 ? 1 : Math.min(1, b / (1 - s))),
  hardlight: (b, s) => (s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1)),
  overlay: (b, s) => (b <= 0.5 ? s * 2 * b : s + (2 * b - 1) - s * (2 * b - 1)),
  softlight: (b, s) => {
    const d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : Math.sqrt(b);
    return s <= 0.5 ? b - (1 - 2 * s) * b * (1 - b) : b + (2 * s - 1) * (d - b);
  },
};

function painted(mode: string): number[] {
  const pixels = solidPixels(4, 4, BASE);
  paintGradient(pixels, uniform(PAINT, mode));
  return colourAt(pixels, 1, 1);
}

describe('paintGradient', () => {
  it.each(Object.keys(SEPARABLE))('paints in %s mode by the W3C formula', (mode) => {
    const formula = SEPARABLE[mode] ?? (() => 0);
    const source = [PAINT.r, PAINT.g, PAINT.b];
    const expected = BASE.map((b, c) => Math.round(formula(b / 255, (source[c] ?? 0) / 255) * 255));
    painted(mode).forEach((value, c) =>
      expect(Math.abs(value - (expected[c] ?? 0))).toBeLessThanOrEqual(1),
    );
  });

  it.each(['hue', 'saturation', 'color', 'luminosity'] as const)(
    'paints in %s mode by the W3C formula',
    (mode) => {
      const unit = (c: readonly number[]): Rgb => [
        (c[0] ?? 0) / 255,
        (c[1] ?? 0) / 255,
        (c[2] ?? 0) / 255,
      ];
      const expected = blendNonSeparable(mode, unit(BASE), unit([PAINT.r, PAINT.g, PAINT.b]));
      painted(mode).forEach((value, c) =>
        expect(Math.abs(value - Math.round((expected[c] ?? 0) * 255))).toBeLessThanOrEqual(1),
      );
    },
  );

  it('keeps transparent pixels transparent and half-transparent ones half', () => {
    const pixels = solidPixels(4, 4, [200, 100, 50, 0]);
    pixels.data.set([200, 100, 50, 128], 4 * 5);
    paintGradient(pixels, uniform({ r: 0, g: 0, b: 255, alpha: 1 }));
    expect(colourAt(pixels, 0, 0)).toEqual([200, 100, 50, 0]);
    const half = colourAt(pixels, 1, 1);
    expect(half[3]).toBe(128);
    expect(half[2]).toBe(255);
  });

  it('paints every frame of an animation alike', () => {
    const frames = solidPixels(4, 8, [255, 255, 255]);
    frames.frameHeight = 4;
    const paint = uniform({ r: 0, g: 0, b: 0, alpha: 1 });
    paint.region = { left: 0, top: 0, width: 4, height: 1 };
    paintGradient(frames, paint);
    expect(colourAt(frames, 2, 0)).toEqual([0, 0, 0]);
    expect(colourAt(frames, 2, 4)).toEqual([0, 0, 0]);
    expect(colourAt(frames, 2, 1)).toEqual([255, 255, 255]);
  });

  it('gives the same pixels in a worker thread (past a megapixel) as in place', async () => {
    const box = { left: 0, top: 0, width: 1200, height: 1000 };
    const paint: GradientPaint = {
      box,
      region: box,
      shading: {
        ramp: gradientRamp(
          colourStops([
            { r: 255, g: 0, b: 0, alpha: 0.8 },
            { r: 0, g: 0, b: 255, alpha: 1 },
          ]),
          'oklch',
          'longer',
        ),
        shape: linearShape({ degrees: 30 }, box),
        mode: 'softlight',
        opacity: 0.9,
        mask: false,
      },
      fade: { top: 40, right: 0, bottom: 0, left: 100 },
    };
    const large = solidPixels(1200, 1000, [90, 160, 30, 255]);
    const passes: PixelPass[] = [{ kind: 'gradient', paint }];
    const expected = applyPixelPasses({ ...large, data: large.data.slice() }, passes);
    const threadsBefore = renderWorkers().threads;
    await runPixelPasses(large, passes);
    expect(renderWorkers().threads).toBeGreaterThan(threadsBefore);
    expect(Buffer.from(large.data).equals(Buffer.from(expected))).toBe(true);
    expect(colourAt(large, 0, 500)[3]).toBeLessThan(5);
  });
});
