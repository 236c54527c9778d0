import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectMatchesGolden } from '../testing/golden.ts';
import {
  QUADRANT_COLOURS,
  colourField,
  greyRamp,
  pixelAt,
  quadrants,
  squareOnTransparent,
} from '../testing/images.ts';
import { chroma } from '../testing/raw-pixels.ts';
import { renderQuery } from '../testing/render-query.ts';

const solid = (r: number, g: number, b: number) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** The grey level at column `x` of a rendered grey ramp (64 wide, black to white). */
async function rampLevel(query: string, x: number) {
  const { body } = await renderQuery(await greyRamp(), query);
  return (await pixelAt(body, x, 8)).g;
}

const rgb = ({ r, g, b }: { r: number; g: number; b: number }) => [r, g, b];

describe('adjustment step', () => {
  it('leaves the image untouched when no adjustment is asked for', async () => {
    const input = await colourField();
    const { body } = await renderQuery(input, 'bri=0&sat=0&hue=360');
    await expect(pixelAt(body, 20, 10)).resolves.toEqual(await pixelAt(input, 20, 10));
  });

  it('brightens mid grey with bri>0 and darkens it with bri<0', async () => {
    const mid = await rampLevel('', 32);
    expect(await rampLevel('bri=40', 32)).toBeGreaterThan(mid + 30);
    expect(await rampLevel('bri=-40', 32)).toBeLessThan(mid - 30);
  });

  it('spreads the tones apart with con>0 and flattens them to grey at con=-100', async () => {
    expect(await rampLevel('con=60', 16)).toBeLessThan(await rampLevel('', 16));
    expect(await rampLevel('con=60', 48)).toBeGreaterThan(await rampLevel('', 48));
    expect(await rampLevel('con=-100', 5)).toBe(128);
    expect(await rampLevel('con=-100', 60)).toBe(128);
  });

  it('brightens with exposure and lifts mid-tones with gamma, black staying black', async () => {
    const mid = await rampLevel('', 24);
    expect(await rampLevel('exp=50', 24)).toBeGreaterThan(mid + 20);
    expect(await rampLevel('exp=50', 0)).toBe(0);
    expect(await rampLevel('gam=50', 24)).toBeGreaterThan(mid + 10);
    expect(await rampLevel('gam=-50', 24)).toBeLessThan(mid - 10);
  });

  it('lifts shadows with shad and holds back highlights with high', async () => {
    const [dark, light] = [await rampLevel('', 16), await rampLevel('', 48)];
    const lifted = (await rampLevel('shad=100', 16)) - dark;
    expect(lifted).toBeGreaterThan(20);
    expect(lifted).toBeGreaterThan((await rampLevel('shad=100', 48)) - light);
    const held = light - (await rampLevel('high=-100', 48));
    expect(held).toBeGreaterThan(20);
    expect(held).toBeGreaterThan(dark - (await rampLevel('high=-100', 16)));
  });

  it('makes every pixel grey (r=g=b) at sat=-100', async () => {
    const { body } = await renderQuery(await colourField(), 'sat=-100');
    for (const [x, y] of [
      [2, 2],
      [12, 5],
      [30, 20],
      [45, 8],
    ] as const) {
      const { r, g, b } = await pixelAt(body, x, y);
      expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeLessThanOrEqual(1);
    }
  });

  it('makes colours more saturated with sat>0', async () => {
    const input = await colourField();
    const { body } = await renderQuery(input, 'sat=60');
    expect(chroma(rgb(await pixelAt(body, 10, 10)))).toBeGreaterThan(
      chroma(rgb(await pixelAt(input, 10, 10))) + 20,
    );
  });

  it('rotates red toward green with hue=120', async () => {
    const { body } = await renderQuery(await quadrants(), 'hue=120');
    const { r, g } = await pixelAt(body, 4, 4);
    expect(QUADRANT_COLOURS.topLeft.r).toBeGreaterThan(QUADRANT_COLOURS.topLeft.g);
    expect(g).toBeGreaterThan(r + 40);
  });

  it('boosts a muted colour more than a vivid one with vib>0', async () => {
    const muted = await solid(150, 120, 110);
    const vivid = await solid(230, 20, 20);
    const gain = async (input: Buffer) =>
      chroma(rgb(await pixelAt((await renderQuery(input, 'vib=100')).body, 2, 2))) /
      chroma(rgb(await pixelAt(input, 2, 2)));
    expect(await gain(muted)).toBeGreaterThan(1.5);
    expect(await gain(vivid)).toBeLessThan(1.2);
  });

  it('inverts 10 to 245, by its name or its inv alias, and keeps alpha', async () => {
    const { body } = await renderQuery(await solid(10, 10, 10), 'invert=true');
    expect(await pixelAt(body, 3, 3)).toEqual({ r: 245, g: 245, b: 245, alpha: 255 });
    const aliased = await renderQuery(await solid(10, 10, 10), 'inv=1');
    expect((await pixelAt(aliased.body, 3, 3)).r).toBe(245);
    const transparent = await renderQuery(await squareOnTransparent(), 'invert=true');
    expect((await pixelAt(transparent.body, 0, 0)).alpha).toBe(0);
    expect(await pixelAt(transparent.body, 20, 20)).toEqual({ r: 55, g: 225, b: 225, alpha: 255 });
  });

  it('deepens the contrast across an edge with usm and softens it with negative usm', async () => {
    const input = await quadrants();
    // Column 30 is red beside the green half: the blur pulls its green up, so unsharp masking
    // pushes it down and a negative amount (softening) lets it rise.
    const edge = async (query: string) =>
      (await pixelAt((await renderQuery(input, query)).body, 30, 6)).g;
    const original = await edge('');
    expect(await edge('usm=80')).toBeLessThan(original - 5);
    expect(await edge('usm=-100&usmrad=3')).toBeGreaterThan(original + 5);
  });

  it('draws an unsharp mask of any radius: past twice the image it is the widest one', async () => {
    const input = await quadrants();
    const widest = await renderQuery(input, 'usm=50&usmrad=1000');
    for (const usmrad of ['99999999', '4294967296', '9007199254740993']) {
      const { body } = await renderQuery(input, `usm=50&usmrad=${usmrad}`);
      expect(await pixelAt(body, 30, 6)).toEqual(await pixelAt(widest.body, 30, 6));
    }
  });

  it('darkens the dark side and lightens the light side of an edge with sharp', async () => {
    const steps = await sharp({
      create: { width: 32, height: 8, channels: 3, background: { r: 60, g: 60, b: 60 } },
    })
      .composite([{ input: await solid(200, 200, 200), left: 16, top: 0 }])
      .png()
      .toBuffer();
    const sharpened = (await renderQuery(steps, 'sharp=100')).body;
    expect((await pixelAt(sharpened, 15, 4)).g).toBeLessThan(60);
    expect((await pixelAt(sharpened, 16, 4)).g).toBeGreaterThan(200);
  });

  it('matches its goldens for tone, colour and sharpening', async () => {
    const tone = await renderQuery(await greyRamp(), 'exp=20&shad=50&high=-50&gam=20&con=20');
    await expectMatchesGolden('adjustment/tone', tone.body);
    const colour = await renderQuery(await colourField(), 'hue=45&sat=30&vib=40&bri=10');
    await expectMatchesGolden('adjustment/colour', colour.body);
    const sharpened = await renderQuery(await quadrants(), 'usm=60&usmrad=3&sharp=40&invert=1');
    await expectMatchesGolden('adjustment/sharpen-invert', sharpened.body);
  });
});
