import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectMatchesGolden } from '../testing/golden.ts';
import { quadrants } from '../testing/images.ts';
import { cornerQuadrants } from '../testing/quadrant-colour.ts';
import { renderQuery } from '../testing/render-query.ts';
import { runSteps } from '../testing/step-context.ts';
import { orientStep } from './orient.ts';
import { sizeStep } from './size.ts';

/** The quadrant image stored as a JPEG that carries EXIF `orientation`. */
async function tagged(orientation: number): Promise<Buffer> {
  return sharp(await quadrants(64, 48))
    .withMetadata({ orientation })
    .jpeg({ quality: 95 })
    .toBuffer();
}

describe('orient step', () => {
  it('stands every EXIF orientation upright as sharp autoOrient does', async () => {
    for (let orientation = 1; orientation <= 8; orientation += 1) {
      const input = await tagged(orientation);
      const expected = await sharp(input).autoOrient().png().toBuffer();
      const { width, height } = await sharp(expected).metadata();
      const result = await renderQuery(input, '');
      expect([result.width, result.height]).toEqual([width, height]);
      expect(await cornerQuadrants(result.body, width ?? 0, height ?? 0)).toEqual(
        await cornerQuadrants(expected, width ?? 0, height ?? 0),
      );
    }
  });

  it('turns an untagged image as the EXIF value given in orient would', async () => {
    const plain = await quadrants(64, 48, 'jpeg');
    for (let orientation = 2; orientation <= 8; orientation += 1) {
      const expected = await sharp(await tagged(orientation))
        .autoOrient()
        .png()
        .toBuffer();
      const { width, height } = await sharp(expected).metadata();
      const result = await renderQuery(plain, `orient=${orientation}`);
      expect([result.width, result.height]).toEqual([width, height]);
      expect(await cornerQuadrants(result.body, width ?? 0, height ?? 0)).toEqual(
        await cornerQuadrants(expected, width ?? 0, height ?? 0),
      );
    }
  });

  it('reads orient=90 as EXIF 6: a quarter turn clockwise', async () => {
    const result = await renderQuery(await quadrants(64, 48), 'orient=90');
    expect([result.width, result.height]).toEqual([48, 64]);
    expect(await cornerQuadrants(result.body, 48, 64)).toEqual([
      'bottomLeft',
      'topLeft',
      'topRight',
      'bottomRight',
    ]);
    await expectMatchesGolden('rotation/orient-90', result.body);
  });

  it('lets orient override the EXIF tag, and orient=0 keep the stored pixels', async () => {
    const input = await tagged(6);
    const stored = await renderQuery(input, 'orient=0');
    expect([stored.width, stored.height]).toEqual([64, 48]);
    expect(await cornerQuadrants(stored.body, 64, 48)).toEqual([
      'topLeft',
      'topRight',
      'bottomRight',
      'bottomLeft',
    ]);
    const upsideDown = await renderQuery(input, 'orient=180');
    expect([upsideDown.width, upsideDown.height]).toEqual([64, 48]);
  });

  it('sizes in upright pixels: w=24 on an EXIF-6 image gives 24x32', async () => {
    const result = await renderQuery(await tagged(6), 'w=24');
    expect([result.width, result.height]).toEqual([24, 32]);
    expect(await cornerQuadrants(result.body, 24, 32)).toEqual([
      'bottomLeft',
      'topLeft',
      'topRight',
      'bottomRight',
    ]);
    const { materialized } = await runSteps(await tagged(6), 'w=24', [orientStep, sizeStep]);
    expect(materialized).toBe(0);
  });
});
