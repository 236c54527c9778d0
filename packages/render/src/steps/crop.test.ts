import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectMatchesGolden } from '../testing/golden.ts';
import { pixelAt, quadrants } from '../testing/images.ts';
import { cornerQuadrants, quadrantAt } from '../testing/quadrant-colour.ts';
import { renderImage } from '../testing/render-query.ts';

async function crop(query: string, input?: Uint8Array) {
  return renderImage(input ?? (await quadrants(64, 48)), query);
}

/**
 * 96x32: flat grey except a busy checkerboard in the third named by `busy`, so a content-aware
 * crop has one right answer.
 */
async function busyThird(busy: 'left' | 'right'): Promise<Buffer> {
  const width = 96;
  const height = 32;
  const pixels = Buffer.alloc(width * height * 3, 128);
  const from = busy === 'left' ? 0 : 64;
  for (let y = 0; y < height; y += 1) {
    for (let x = from; x < from + 32; x += 1) {
      const value = (Math.floor(x / 2) + Math.floor(y / 2)) % 2 === 0 ? 20 : 235;
      pixels.fill(value, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Standard deviation of the luminance: high for the checkerboard, zero for flat grey. */
async function busyness(image: Uint8Array): Promise<number> {
  const stats = await sharp(image).greyscale().stats();
  return stats.channels[0]?.stdev ?? 0;
}

describe('fit=crop', () => {
  it('cuts the middle by default', async () => {
    const { width, height, body } = await crop('fit=crop&w=32&h=48');
    expect([width, height]).toEqual([32, 48]);
    expect(await cornerQuadrants(body, 32, 48)).toEqual([
      'topLeft',
      'topRight',
      'bottomRight',
      'bottomLeft',
    ]);
  });

  it('starts from the named edge with crop=left, right, top or bottom', async () => {
    const left = await crop('fit=crop&w=32&h=48&crop=left');
    expect(await cornerQuadrants(left.body, 32, 48)).toEqual([
      'topLeft',
      'topLeft',
      'bottomLeft',
      'bottomLeft',
    ]);
    const right = await crop('fit=crop&w=32&h=48&crop=right');
    expect(await quadrantAt(right.body, 2, 2)).toBe('topRight');
    const top = await crop('fit=crop&w=64&h=24&crop=top');
    expect(await cornerQuadrants(top.body, 64, 24)).toEqual([
      'topLeft',
      'topRight',
      'topRight',
      'topLeft',
    ]);
    const bottom = await crop('fit=crop&w=64&h=24&crop=bottom');
    expect(await quadrantAt(bottom.body, 2, 2)).toBe('bottomLeft');
  });

  it('combines directions: crop=bottom,right cuts whichever side has room', async () => {
    const narrow = await crop('fit=crop&w=16&h=24&crop=bottom,right');
    expect(await cornerQuadrants(narrow.body, 16, 24)).toEqual([
      'topRight',
      'topRight',
      'bottomRight',
      'bottomRight',
    ]);
    const wide = await crop('fit=crop&w=64&h=16&crop=bottom,right');
    expect(await cornerQuadrants(wide.body, 64, 16)).toEqual([
      'bottomLeft',
      'bottomRight',
      'bottomRight',
      'bottomLeft',
    ]);
  });

  it('centres the window on the focal point and keeps it inside the image', async () => {
    const right = await crop('fit=crop&w=16&h=48&crop=focalpoint&fp-x=0.9');
    expect(await cornerQuadrants(right.body, 16, 48)).toEqual([
      'topRight',
      'topRight',
      'bottomRight',
      'bottomRight',
    ]);
    const left = await crop('fit=crop&w=16&h=48&crop=focalpoint&fp-x=0.1');
    expect(await quadrantAt(left.body, 13, 2)).toBe('topLeft');
  });

  it('zooms into the focal point with fp-z', async () => {
    const unzoomed = await crop('fit=crop&w=32&h=24&crop=focalpoint&fp-x=0.25&fp-y=0.25');
    expect(await quadrantAt(unzoomed.body, 29, 21)).toBe('bottomRight');
    const zoomed = await crop('fit=crop&w=32&h=24&crop=focalpoint&fp-x=0.25&fp-y=0.25&fp-z=2');
    expect([zoomed.width, zoomed.height]).toEqual([32, 24]);
    expect(await cornerQuadrants(zoomed.body, 32, 24)).toEqual([
      'topLeft',
      'topLeft',
      'topLeft',
      'topLeft',
    ]);
  });

  it('draws crosshairs through the focal point with fp-debug', async () => {
    const query = 'fit=crop&w=48&h=48&crop=focalpoint&fp-x=0.3&fp-y=0.5&fp-debug=true';
    const { width, height, body } = await crop(query);
    expect([width, height]).toEqual([48, 48]);
    // 64x48 covers 48x48 unscaled; the focal point (19, 24) sits at x 19 - 0 = 19 of the crop.
    const onVertical = await pixelAt(body, 19, 5);
    expect(onVertical.r).toBeGreaterThan(200);
    expect(onVertical.g).toBeLessThan(60);
    expect(await quadrantAt(body, 5, 5)).toBe('topLeft');
    await expectMatchesGolden('crop/focalpoint-debug', body);
  });

  it('keeps the busiest part with crop=entropy and with crop=edges', async () => {
    for (const mode of ['entropy', 'edges']) {
      for (const busy of ['left', 'right'] as const) {
        const { width, body } = await crop(
          `fit=crop&w=32&h=32&crop=${mode}`,
          await busyThird(busy),
        );
        expect(width).toBe(32);
        expect(await busyness(body)).toBeGreaterThan(80);
      }
    }
    const centred = await crop('fit=crop&w=32&h=32', await busyThird('right'));
    expect(await busyness(centred.body)).toBeLessThan(1);
  });

  it('crops to ar=1:1 from the source when no size is given', async () => {
    const { width, height, body } = await crop('fit=crop&ar=1:1');
    expect([width, height]).toEqual([48, 48]);
    expect(await quadrantAt(body, 2, 2)).toBe('topLeft');
  });

  it('derives the other side from ar and one side', async () => {
    expect(await crop('fit=crop&w=32&ar=2:1')).toMatchObject({ width: 32, height: 16 });
  });

  it('cuts a width-only crop down to max-h and expands it to min-h', async () => {
    expect(await crop('fit=crop&w=32&max-h=10')).toMatchObject({ width: 32, height: 10 });
    const expanded = await crop('fit=crop&w=32&min-h=32');
    expect([expanded.width, expanded.height]).toEqual([32, 32]);
    expect(await cornerQuadrants(expanded.body, 32, 32)).toEqual([
      'topLeft',
      'topRight',
      'bottomRight',
      'bottomLeft',
    ]);
  });

  it('cuts a height-only crop down to max-w and expands it to min-w', async () => {
    expect(await crop('fit=crop&h=24&max-w=20')).toMatchObject({ width: 20, height: 24 });
    const expanded = await crop('fit=crop&h=24&min-w=48');
    expect([expanded.width, expanded.height]).toEqual([48, 24]);
    expect(await cornerQuadrants(expanded.body, 48, 24)).toEqual([
      'topLeft',
      'topRight',
      'bottomRight',
      'bottomLeft',
    ]);
  });

  it('crops inside a rect: the rect is cut first, then the crop window', async () => {
    const { width, height, body } = await crop('rect=32,0,32,48&fit=crop&w=16&h=8&crop=top');
    expect([width, height]).toEqual([16, 8]);
    expect(await cornerQuadrants(body, 16, 8, 1)).toEqual([
      'topRight',
      'topRight',
      'topRight',
      'topRight',
    ]);
  });

  it('zooms inside a rect without losing the rect', async () => {
    const query = 'rect=32,24,32,24&fit=crop&w=16&h=16&crop=focalpoint&fp-z=2';
    const { body } = await crop(query);
    expect(await cornerQuadrants(body, 16, 16)).toEqual([
      'bottomRight',
      'bottomRight',
      'bottomRight',
      'bottomRight',
    ]);
  });

  it('matches its golden for a centred square crop', async () => {
    const { body } = await crop('fit=crop&w=24&h=24');
    await expectMatchesGolden('crop/centre-24', body);
  });
});
