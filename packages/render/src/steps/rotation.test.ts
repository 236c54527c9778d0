import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectMatchesGolden } from '../testing/golden.ts';
import { pixelAt, quadrants } from '../testing/images.ts';
import { cornerQuadrants } from '../testing/quadrant-colour.ts';
import { renderImage } from '../testing/render-query.ts';

async function turn(query: string) {
  return renderImage(await quadrants(64, 48), query);
}

async function meanDifference(a: Uint8Array, b: Uint8Array): Promise<number> {
  const [left, right] = await Promise.all(
    [a, b].map((image) => sharp(image).ensureAlpha().raw().toBuffer()),
  );
  if (!left || !right || left.length !== right.length) return Infinity;
  let total = 0;
  for (let i = 0; i < left.length; i += 1) total += Math.abs((left[i] ?? 0) - (right[i] ?? 0));
  return total / left.length;
}

describe('flip', () => {
  it('mirrors left-right with flip=h, top-bottom with flip=v and both with flip=hv', async () => {
    expect(await cornerQuadrants((await turn('flip=h')).body, 64, 48)).toEqual([
      'topRight',
      'topLeft',
      'bottomLeft',
      'bottomRight',
    ]);
    expect(await cornerQuadrants((await turn('flip=v')).body, 64, 48)).toEqual([
      'bottomLeft',
      'bottomRight',
      'topRight',
      'topLeft',
    ]);
    expect(await cornerQuadrants((await turn('flip=hv')).body, 64, 48)).toEqual([
      'bottomRight',
      'bottomLeft',
      'topLeft',
      'topRight',
    ]);
  });
});

describe('rot', () => {
  it('turns counter-clockwise: rot=90 with rot-type=pivot puts the top-right corner top-left', async () => {
    const { width, height, body } = await turn('rot=90&rot-type=pivot');
    expect([width, height]).toEqual([48, 64]);
    expect(await cornerQuadrants(body, 48, 64)).toEqual([
      'topRight',
      'bottomRight',
      'bottomLeft',
      'topLeft',
    ]);
  });

  it('turns a half turn the same way with either rotation type', async () => {
    for (const query of ['rot=180', 'rot=180&rot-type=pivot']) {
      const { width, height, body } = await turn(query);
      expect([width, height]).toEqual([64, 48]);
      expect(await cornerQuadrants(body, 64, 48)).toEqual([
        'bottomRight',
        'bottomLeft',
        'topLeft',
        'topRight',
      ]);
    }
  });

  it('keeps the frame and zooms to cover it with the default rot-type=straighten', async () => {
    const { width, height, body } = await turn('rot=90');
    expect([width, height]).toEqual([64, 48]);
    // The upright 48x64 turn, zoomed by 4/3: its middle 36x27 fills the old 64x48 frame.
    expect(await cornerQuadrants(body, 64, 48)).toEqual([
      'topRight',
      'bottomRight',
      'bottomLeft',
      'topLeft',
    ]);
  });

  it('shows no background when straightening an odd angle', async () => {
    const { width, height, body } = await turn('rot=30');
    expect([width, height]).toEqual([64, 48]);
    for (const [x, y] of [
      [0, 0],
      [63, 0],
      [0, 47],
      [63, 47],
    ] as const) {
      expect((await pixelAt(body, x, y)).alpha).toBe(255);
    }
    await expectMatchesGolden('rotation/straighten-30', body);
  });

  it('grows the canvas for a pivot and leaves the corners transparent', async () => {
    const { width, height, body } = await turn('rot=30&rot-type=pivot');
    expect(width).toBeGreaterThanOrEqual(79);
    expect(width).toBeLessThanOrEqual(80);
    expect(height).toBeGreaterThanOrEqual(73);
    expect(height).toBeLessThanOrEqual(74);
    expect((await pixelAt(body, 0, 0)).alpha).toBe(0);
    expect((await pixelAt(body, Math.floor(width / 2), Math.floor(height / 2))).alpha).toBe(255);
    await expectMatchesGolden('rotation/pivot-30', body);
  });

  it('mirrors the rotated image when rot and flip come together', async () => {
    const rotated = await turn('rot=30&rot-type=pivot');
    const mirrored = await sharp(rotated.body).flop().png().toBuffer();
    const both = await turn('rot=30&rot-type=pivot&flip=h');
    // Resampling differs at the quadrant seams between the two orders; the layout does not.
    expect(await meanDifference(both.body, mirrored)).toBeLessThan(6);
    expect(await meanDifference(both.body, rotated.body)).toBeGreaterThan(20);
  });

  it('rotates after resizing: the frame of w=32 is kept', async () => {
    const { width, height } = await turn('w=32&rot=45');
    expect([width, height]).toEqual([32, 24]);
  });
});
