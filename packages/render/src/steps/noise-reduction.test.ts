import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectMatchesGolden } from '../testing/golden.ts';
import { renderQuery } from '../testing/render-query.ts';

const WIDTH = 48;
const HEIGHT = 24;

/**
 * Left half dark grey, right half light grey, with a fixed pattern of +-5 level speckle: the
 * speckle is noise, the step between the halves is detail.
 */
async function noisyEdge(): Promise<Buffer> {
  const pixels = Buffer.alloc(WIDTH * HEIGHT);
  let seed = 7;
  for (let index = 0; index < pixels.length; index += 1) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const speckle = (seed % 11) - 5;
    pixels[index] = (index % WIDTH < WIDTH / 2 ? 70 : 180) + speckle;
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 1 } })
    .png()
    .toBuffer();
}

async function greys(image: Uint8Array): Promise<Uint8Array> {
  return sharp(image).extractChannel(0).raw().toBuffer();
}

/** Mean absolute difference between horizontal neighbours within the flat left half. */
function speckle(levels: Uint8Array): number {
  let total = 0;
  let count = 0;
  for (let y = 2; y < HEIGHT - 2; y += 1) {
    for (let x = 2; x < WIDTH / 2 - 4; x += 1) {
      total += Math.abs((levels[y * WIDTH + x] ?? 0) - (levels[y * WIDTH + x + 1] ?? 0));
      count += 1;
    }
  }
  return total / count;
}

/** Difference across the edge, averaged down the image, two columns either side. */
function edgeStep(levels: Uint8Array): number {
  let total = 0;
  for (let y = 0; y < HEIGHT; y += 1) {
    total += (levels[y * WIDTH + WIDTH / 2] ?? 0) - (levels[y * WIDTH + WIDTH / 2 - 1] ?? 0);
  }
  return total / HEIGHT;
}

describe('noise reduction step', () => {
  it('smooths speckle in flat areas while keeping the edge at least as strong', async () => {
    const input = await noisyEdge();
    const before = await greys(input);
    const after = await greys((await renderQuery(input, 'nr=60&nrs=40')).body);
    expect(speckle(after)).toBeLessThan(speckle(before) / 2);
    expect(edgeStep(after)).toBeGreaterThanOrEqual(edgeStep(before) - 2);
  });

  it('sharpens the edge harder as nrs grows', async () => {
    const input = await noisyEdge();
    const gentle = edgeStep(await greys((await renderQuery(input, 'nr=60&nrs=0')).body));
    const strong = edgeStep(await greys((await renderQuery(input, 'nr=60&nrs=100')).body));
    expect(strong).toBeGreaterThan(gentle + 10);
  });

  it('runs with nr alone or nrs alone, the other taking its default of 20', async () => {
    const input = await noisyEdge();
    const before = speckle(await greys(input));
    expect(speckle(await greys((await renderQuery(input, 'nr=60')).body))).toBeLessThan(before / 2);
    const nrsOnly = await greys((await renderQuery(input, 'nrs=20')).body);
    const both = await greys((await renderQuery(input, 'nr=20&nrs=20')).body);
    expect([...nrsOnly]).toEqual([...both]);
  });

  it('leaves noise alone with a negative bound and no sharpening', async () => {
    const input = await noisyEdge();
    const after = await greys((await renderQuery(input, 'nr=-50&nrs=0')).body);
    expect([...after]).toEqual([...(await greys(input))]);
  });

  it('matches its golden', async () => {
    const { body } = await renderQuery(await noisyEdge(), 'nr=60&nrs=40');
    await expectMatchesGolden('noise-reduction/noisy-edge', body);
  });
});
