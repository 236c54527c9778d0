import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectMatchesGolden } from '../testing/golden.ts';
import { QUADRANT_COLOURS, colourField, greyRamp, pixelAt, quadrants } from '../testing/images.ts';
import { renderQuery } from '../testing/render-query.ts';

async function rgbaPixels(image: Uint8Array) {
  return sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
}

describe('stylize step', () => {
  it('blurs an edge into a blend of its sides and leaves flat areas far from it alone', async () => {
    const { body } = await renderQuery(await quadrants(), 'blur=30');
    const edge = await pixelAt(body, 31, 6);
    expect(edge.g).toBeGreaterThan(QUADRANT_COLOURS.topLeft.g + 40);
    expect(edge.g).toBeLessThan(QUADRANT_COLOURS.topRight.g - 40);
    const far = await pixelAt(body, 4, 4);
    expect(far.r).toBeGreaterThan(QUADRANT_COLOURS.topLeft.r - 12);
  });

  it('blurs to nearly one colour at the top of the range, keeping the size', async () => {
    const result = await renderQuery(await quadrants(), 'blur=2000');
    expect([result.width, result.height]).toEqual([64, 48]);
    const [a, b] = [await pixelAt(result.body, 0, 0), await pixelAt(result.body, 63, 47)];
    expect(Math.abs(a.r - b.r) + Math.abs(a.g - b.g) + Math.abs(a.b - b.b)).toBeLessThan(60);
  });

  it('fills each px block with one colour', async () => {
    const { body } = await renderQuery(await colourField(), 'px=8');
    const { data } = await rgbaPixels(body);
    for (const [left, top] of [
      [0, 0],
      [8, 16],
      [40, 24],
    ] as const) {
      const first = (top * 48 + left) * 4;
      for (let y = top; y < top + 8; y += 1) {
        for (let x = left; x < left + 8; x += 1) {
          const offset = (y * 48 + x) * 4;
          expect([...data.subarray(offset, offset + 4)]).toEqual([
            ...data.subarray(first, first + 4),
          ]);
        }
      }
    }
    const [a, b] = [await pixelAt(body, 7, 0), await pixelAt(body, 8, 0)];
    expect(a).not.toEqual(b);
  });

  it('prints a halftone in black and white dots, darker tones inked more', async () => {
    const { body } = await renderQuery(await greyRamp(96, 32), 'htn=30');
    const { data } = await rgbaPixels(body);
    const ink = (fromX: number, toX: number) => {
      let total = 0;
      for (let y = 0; y < 32; y += 1) {
        for (let x = fromX; x < toX; x += 1) total += 255 - (data[(y * 96 + x) * 4] ?? 0);
      }
      return total / ((toX - fromX) * 32 * 255);
    };
    for (let offset = 0; offset < data.length; offset += 4) {
      expect(data[offset]).toBe(data[offset + 2]);
    }
    expect(ink(8, 32)).toBeGreaterThan(ink(64, 88) + 0.3);
  });

  it('tones grey warm with sepia: red above green above blue', async () => {
    const { body } = await renderQuery(await greyRamp(), 'sepia=100');
    const { r, g, b } = await pixelAt(body, 32, 8);
    expect(r).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(b + 10);
  });

  it('shades the image in the monochrome colour, through the mono alias too', async () => {
    const { body } = await renderQuery(await greyRamp(), 'mono=FF0000');
    expect(await pixelAt(body, 63, 8)).toEqual({ r: 255, g: 0, b: 0, alpha: 255 });
    expect(await pixelAt(body, 0, 8)).toEqual({ r: 0, g: 0, b: 0, alpha: 255 });
    const mid = await pixelAt(body, 32, 8);
    expect(mid.r).toBeGreaterThan(100);
    expect(mid.g + mid.b).toBe(0);
  });

  it('maps shadows to the first duotone colour and highlights to the second', async () => {
    const { body } = await renderQuery(await greyRamp(), 'duotone=000080,FF8000');
    expect(await pixelAt(body, 0, 8)).toEqual({ r: 0, g: 0, b: 128, alpha: 255 });
    expect(await pixelAt(body, 63, 8)).toEqual({ r: 255, g: 128, b: 0, alpha: 255 });
  });

  it('lays the duotone over the original at duotone-alpha', async () => {
    const { body } = await renderQuery(await greyRamp(), 'duotone=000080,FF8000&duotone-alpha=50');
    const white = await pixelAt(body, 63, 8);
    expect(white.r).toBe(255);
    expect(white.g).toBeGreaterThanOrEqual(191);
    expect(white.g).toBeLessThanOrEqual(192);
    expect(white.b).toBeGreaterThanOrEqual(127);
    expect(white.b).toBeLessThanOrEqual(128);
  });

  it('matches its goldens', async () => {
    const field = await colourField();
    await expectMatchesGolden('stylize/blur', (await renderQuery(field, 'blur=20')).body);
    await expectMatchesGolden('stylize/pixellate', (await renderQuery(field, 'px=6')).body);
    await expectMatchesGolden('stylize/halftone', (await renderQuery(field, 'htn=25')).body);
    await expectMatchesGolden('stylize/sepia', (await renderQuery(field, 'sepia=80')).body);
    await expectMatchesGolden(
      'stylize/duotone',
      (await renderQuery(field, 'duotone=1b1464,f7c548')).body,
    );
    await expectMatchesGolden(
      'stylize/monochrome',
      (await renderQuery(field, 'monochrome=CC0080FF')).body,
    );
  });
});
