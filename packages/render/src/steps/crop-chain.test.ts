import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocalAiModels } from '../ai/models/index.ts';
import type { AiModels, DetectOptions } from '../ai/types.ts';
import { pixelAt } from '../testing/images.ts';
import { renderQuery } from '../testing/render-query.ts';
import { cropChain, detectionsNeeded } from './crop-chain.ts';

const fixture = (name: string) => fileURLToPath(new URL(`../../test/ai/${name}`, import.meta.url));
const BACKGROUND = { r: 120, g: 130, b: 125 };
const QUERY = 'w=300&h=300&fit=crop&fm=png';
const FOCAL = { x: 0.5, y: 0.5, zoom: 1 };

/** A 600x300 scene of `layers` on a plain background, as PNG. */
function scene(layers: sharp.OverlayOptions[]): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 300, channels: 3, background: BACKGROUND } })
    .composite(layers)
    .removeAlpha()
    .png()
    .toBuffer();
}

/**
 * The astronaut (her face about x 67-197) on the left half, the cat (x 300-600) on the right: the
 * shipped detector finds the face, a cat and a person. A 300x300 window on the face lies against
 * the left edge; on the cat, it starts near x 284.
 */
async function faceAndCat(): Promise<Buffer> {
  return scene([
    { input: await sharp(fixture('astronaut.png')).resize(300, 300).toBuffer(), left: 0, top: 0 },
    { input: await sharp(fixture('chelsea.png')).resize(300, 200).toBuffer(), left: 300, top: 50 },
  ]);
}

/**
 * The astronaut's face filling the left half, the coins on the right: the faces centre the window
 * against the left edge, libvips' entropy starts it 38 pixels in.
 */
async function faceAndCoins(): Promise<Buffer> {
  const face = await sharp(fixture('astronaut.png'))
    .extract({ left: 100, top: 10, width: 250, height: 250 })
    .resize(300, 300)
    .toBuffer();
  const coins = await sharp(fixture('coins.png')).resize(300, 237).toColourspace('srgb').toBuffer();
  return scene([
    { input: face, left: 0, top: 0 },
    { input: coins, left: 300, top: 31 },
  ]);
}

describe('crop as a fallback chain, with the shipped detectors', { timeout: 180_000 }, () => {
  const models = createLocalAiModels();
  /** The detector's calls: what each was asked to look for. */
  const asked: DetectOptions[] = [];
  const counted: AiModels = {
    ...models,
    detect: (image, options) => {
      asked.push(options);
      return models.detect(image, options);
    },
  };
  let images: { faceAndCat: Buffer; faceAndCoins: Buffer };

  beforeAll(async () => {
    images = { faceAndCat: await faceAndCat(), faceAndCoins: await faceAndCoins() };
  });

  const render = async (image: Buffer, query: string) => {
    asked.length = 0;
    const result = await renderQuery(image, `${QUERY}&${query}`, { ai: counted });
    expect([result.width, result.height]).toEqual([300, 300]);
    return result.body;
  };
  const same = (a: Buffer, b: Buffer) => Buffer.compare(a, b) === 0;

  it('tries the modes in the order written: the class first, or the faces first', async () => {
    const catFirst = await render(images.faceAndCat, 'crop=cat,faces');
    const facesFirst = await render(images.faceAndCat, 'crop=faces,cat');
    expect(same(catFirst, facesFirst)).toBe(false);
    expect(same(catFirst, await render(images.faceAndCat, 'crop=cat'))).toBe(true);
    expect(same(facesFirst, await render(images.faceAndCat, 'crop=faces'))).toBe(true);
    // The face is near the left edge: the window on it is the left one.
    expect(same(facesFirst, await render(images.faceAndCat, 'crop=left'))).toBe(true);
    // The window on the cat starts right of the astronaut: background above the cat.
    expect(await pixelAt(catFirst, 30, 10)).toEqual({ ...BACKGROUND, alpha: 255 });
    expect(await pixelAt(facesFirst, 30, 10)).not.toEqual({ ...BACKGROUND, alpha: 255 });
  });

  it('goes on to the next link when the detector finds nothing of a class', async () => {
    const faces = await render(images.faceAndCat, 'crop=faces');
    expect(same(await render(images.faceAndCat, 'crop=dog,faces'), faces)).toBe(true);
    const cat = await render(images.faceAndCat, 'crop=cat');
    expect(same(await render(images.faceAndCat, 'crop=bicycle,dog,cat'), cat)).toBe(true);
  });

  it('stops at entropy, focalpoint or edges, which always place the window', async () => {
    const entropyFirst = await render(images.faceAndCoins, 'crop=entropy,faces');
    expect(asked).toEqual([]);
    const facesFirst = await render(images.faceAndCoins, 'crop=faces,entropy');
    expect(asked).toHaveLength(1);
    expect(same(entropyFirst, facesFirst)).toBe(false);
    expect(same(entropyFirst, await render(images.faceAndCoins, 'crop=entropy'))).toBe(true);
    expect(same(facesFirst, await render(images.faceAndCoins, 'crop=faces'))).toBe(true);

    const focalFirst = await render(images.faceAndCat, 'crop=focalpoint,faces&fp-x=0.95');
    expect(same(focalFirst, await render(images.faceAndCat, 'crop=right'))).toBe(true);
    const facesBeforeFocal = await render(images.faceAndCat, 'crop=faces,focalpoint&fp-x=0.95');
    expect(same(facesBeforeFocal, await render(images.faceAndCat, 'crop=left'))).toBe(true);
  });

  it('uses the directions, wherever written, once no link matches', async () => {
    const right = await render(images.faceAndCat, 'crop=right');
    expect(same(await render(images.faceAndCat, 'crop=dog,bicycle,right'), right)).toBe(true);
    expect(same(await render(images.faceAndCat, 'crop=right,dog'), right)).toBe(true);
    // A direction written first is still the fallback: the faces are tried before it.
    const faces = await render(images.faceAndCat, 'crop=faces');
    expect(same(await render(images.faceAndCat, 'crop=right,faces'), faces)).toBe(true);
    // Nothing matches and no direction: the centred crop.
    expect(
      same(await render(images.faceAndCat, 'crop=dog'), await render(images.faceAndCat, '')),
    ).toBe(true);
  });

  it('runs the detector once per chain, for what its reachable links ask', async () => {
    await render(images.faceAndCat, 'crop=dog,bicycle,faces');
    expect(asked).toEqual([{ faces: true, labels: true }]);
    await render(images.faceAndCat, 'crop=faces,top');
    expect(asked).toEqual([{ faces: true, labels: false }]);
  });
});

describe('cropChain', () => {
  it('keeps the written order and ends at the first mode that always places the window', () => {
    expect(cropChain(['dog', 'faces', 'edges', 'cat'], FOCAL)).toEqual([
      { kind: 'subject', auto: false, classes: new Set(['dog']) },
      { kind: 'faces' },
      { kind: 'placement', strategy: { kind: 'edges' } },
    ]);
    expect(cropChain(['top', 'left'], FOCAL)).toEqual([]);
  });

  it('asks the detector for faces only where a link can use them', () => {
    expect(detectionsNeeded(cropChain(['cat'], FOCAL))).toEqual({ faces: false, labels: true });
    expect(detectionsNeeded(cropChain(['auto'], FOCAL))).toEqual({ faces: true, labels: true });
    expect(detectionsNeeded(cropChain(['entropy', 'faces'], FOCAL))).toEqual({
      faces: false,
      labels: false,
    });
  });
});
