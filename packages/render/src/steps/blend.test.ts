import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { blendNonSeparable, type Rgb } from '../overlay/blend-modes.ts';
import { expectMatchesGolden } from '../testing/golden.ts';
import { colourField, pixelAt, quadrants, QUADRANT_COLOURS } from '../testing/images.ts';
import { inkBox, solid } from '../testing/ink.ts';
import { renderQuery } from '../testing/render-query.ts';

const BASE = { r: 200, g: 100, b: 50 };
const BLEND = { r: 100, g: 150, b: 200 };
const BLEND_HEX = '6496c8';

async function rawPixels(image: Uint8Array) {
  return sharp(image).ensureAlpha().raw().toBuffer();
}

async function blendColourOverBase(mode: string) {
  const result = await renderQuery(
    await solid(8, 8, BASE),
    `blend=${BLEND_HEX}&blend-mode=${mode}`,
  );
  return pixelAt(result.body, 4, 4);
}

// W3C Compositing and Blending Level 1, section 10.1, channel by channel (0-1).
const SEPARABLE: Record<string, (b: number, s: number) => number> = {
  normal: (_b, s) => s,
  multiply: (b, s) => b * s,
  screen: (b, s) => b + s - b * s,
  darken: (b, s) => Math.min(b, s),
  lighten: (b, s) => Math.max(b, s),
  difference: (b, s) => Math.abs(b - s),
  exclusion: (b, s) => b + s - 2 * b * s,
  burn: (b, s) => (b === 1 ? 1 : s === 0 ? 0 : 1 - Math.min(1, (1 - b) / s)),
  dodge: (b, s) => (b === 0 ? 0 : s === 1 ? 1 : Math.min(1, b / (1 - s))),
  hardlight: (b, s) => (s <= 0.5 ? b * 2 * s : (SEPARABLE['screen']?.(b, 2 * s - 1) ?? 0)),
  overlay: (b, s) => SEPARABLE['hardlight']?.(s, b) ?? 0,
  softlight: (b, s) => {
    const d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : Math.sqrt(b);
    return s <= 0.5 ? b - (1 - 2 * s) * b * (1 - b) : b + (2 * s - 1) * (d - b);
  },
};

function expectedSeparable(mode: string) {
  const formula = SEPARABLE[mode];
  if (!formula) throw new Error(mode);
  const channel = (b: number, s: number) => Math.round(formula(b / 255, s / 255) * 255);
  return { r: channel(BASE.r, BLEND.r), g: channel(BASE.g, BLEND.g), b: channel(BASE.b, BLEND.b) };
}

function expectClose(
  actual: { r: number; g: number; b: number },
  expected: { r: number; g: number; b: number },
) {
  for (const channel of ['r', 'g', 'b'] as const) {
    expect(
      Math.abs(actual[channel] - expected[channel]),
      `${channel}: ${actual[channel]} vs ${expected[channel]}`,
    ).toBeLessThanOrEqual(2);
  }
}

const RED = { r: 255, g: 0, b: 0 };
const BLEND_URL = encodeURIComponent('https://blends.example/texture.png');

async function withBlendImage(query: string, overlay: Uint8Array, base?: Uint8Array) {
  const result = await renderQuery(
    base ?? (await solid(200, 100, { r: 255, g: 255, b: 255 })),
    query,
    {
      fetchImage: () => Promise.resolve(overlay),
    },
  );
  return { result, box: await inkBox(result.body, ({ r, g, b }) => r > 200 && g < 60 && b < 60) };
}

describe('blend step', () => {
  it('leaves the image alone without blend', async () => {
    const image = await quadrants();
    const result = await renderQuery(image, 'blend-mode=multiply');
    expect(Buffer.compare(await rawPixels(result.body), await rawPixels(image))).toBe(0);
  });

  it('keeps the image when multiplying by white', async () => {
    const image = await quadrants();
    const result = await renderQuery(image, 'blend=fff&blend-mode=multiply');
    expect(Buffer.compare(await rawPixels(result.body), await rawPixels(image))).toBe(0);
  });

  it.each(Object.keys(SEPARABLE))('blends a colour in %s mode by the W3C formula', async (mode) => {
    expectClose(await blendColourOverBase(mode), expectedSeparable(mode));
  });

  it.each(['hue', 'saturation', 'color', 'luminosity'] as const)(
    'blends a colour in %s mode by the W3C formula',
    async (mode) => {
      const toUnit = ({ r, g, b }: { r: number; g: number; b: number }): Rgb => [
        r / 255,
        g / 255,
        b / 255,
      ];
      const [r, g, b] = blendNonSeparable(mode, toUnit(BASE), toUnit(BLEND)).map((c) =>
        Math.round(c * 255),
      );
      expectClose(await blendColourOverBase(mode), { r: r ?? 0, g: g ?? 0, b: b ?? 0 });
    },
  );

  it('overlays by default', async () => {
    expectClose(
      await pixelAt((await renderQuery(await solid(8, 8, BASE), `blend=${BLEND_HEX}`)).body, 1, 1),
      expectedSeparable('overlay'),
    );
  });

  it('weakens the blend with blend-alpha and with the colour alpha', async () => {
    const base = await solid(8, 8, { r: 0, g: 0, b: 0 });
    const half = await renderQuery(base, 'blend=fff&blend-mode=normal&blend-alpha=50');
    expect((await pixelAt(half.body, 2, 2)).r).toBeGreaterThan(123);
    expect((await pixelAt(half.body, 2, 2)).r).toBeLessThan(132);
    const argb = await renderQuery(base, 'blend=80ffffff&blend-mode=normal');
    expect((await pixelAt(argb.body, 2, 2)).r).toBeGreaterThan(123);
    expect((await pixelAt(argb.body, 2, 2)).r).toBeLessThan(132);
  });

  it('blends blend-color on its own', async () => {
    const result = await renderQuery(await solid(8, 8, BASE), `blend-color=${BLEND_HEX}`);
    expectClose(await pixelAt(result.body, 1, 1), expectedSeparable('overlay'));
  });

  it('blends a non-separable mode over every pixel of a greyscale image', async () => {
    const grey = await sharp({
      create: { width: 6, height: 6, channels: 3, background: { r: 128, g: 128, b: 128 } },
    })
      .greyscale()
      .png()
      .toBuffer();
    const result = await renderQuery(grey, 'blend=ff0000&blend-mode=color');
    const pixel = await pixelAt(result.body, 5, 5);
    expect(pixel.r).toBeGreaterThan(pixel.g + 60);
  });

  it('places an image blend at the top-left corner, at its own size', async () => {
    const { box } = await withBlendImage(
      `blend=${BLEND_URL}&blend-mode=normal`,
      await solid(20, 20, RED),
    );
    expect(box).toMatchObject({ left: 0, top: 0, right: 19, bottom: 19, count: 400 });
  });

  it('aligns and pads an image blend, or places it at blend-x and blend-y', async () => {
    const overlay = await solid(20, 20, RED);
    const aligned = await withBlendImage(
      `blend=${BLEND_URL}&blend-mode=normal&blend-align=bottom,right&blend-pad=5`,
      overlay,
    );
    expect(aligned.box).toMatchObject({ left: 175, top: 75, right: 194, bottom: 94 });
    const placed = await withBlendImage(
      `blend=${BLEND_URL}&blend-mode=normal&blend-x=40&blend-y=30`,
      overlay,
    );
    expect(placed.box).toMatchObject({ left: 40, top: 30, right: 59, bottom: 49 });
  });

  it('sizes an image blend with blend-w, blend-h and blend-fit', async () => {
    const overlay = await solid(40, 20, RED);
    const half = await withBlendImage(`blend=${BLEND_URL}&blend-mode=normal&blend-w=0.5`, overlay);
    expect(half.box).toMatchObject({ right: 99, bottom: 49 });
    const scaled = await withBlendImage(
      `blend=${BLEND_URL}&blend-mode=normal&blend-w=30&blend-h=60&blend-fit=scale`,
      overlay,
    );
    expect(scaled.box).toMatchObject({ right: 29, bottom: 59 });
    const clamped = await withBlendImage(
      `blend=${BLEND_URL}&blend-mode=normal&blend-w=30&blend-h=60&blend-fit=clamp`,
      overlay,
    );
    expect(clamped.box).toMatchObject({ right: 29, bottom: 59 });
  });

  it('crops an image blend as blend-crop says', async () => {
    // Red on the left half, blue on the right.
    const halves = await sharp(await solid(40, 20, RED))
      .composite([{ input: await solid(20, 20, { r: 0, g: 0, b: 255 }), left: 20, top: 0 }])
      .png()
      .toBuffer();
    const left = await withBlendImage(
      `blend=${BLEND_URL}&blend-mode=normal&blend-w=20&blend-h=20&blend-fit=crop&blend-crop=left`,
      halves,
    );
    expect(left.box).toMatchObject({ left: 0, right: 19 });
    const right = await withBlendImage(
      `blend=${BLEND_URL}&blend-mode=normal&blend-w=20&blend-h=20&blend-fit=crop&blend-crop=right`,
      halves,
    );
    expect(right.box).toBeNull();
  });

  it('stretches the blend over the whole image with blend-size=inherit', async () => {
    const { box, result } = await withBlendImage(
      `blend=${BLEND_URL}&blend-mode=normal&blend-size=inherit`,
      await solid(10, 30, RED),
    );
    expect(box).toMatchObject({ left: 0, top: 0, right: 199, bottom: 99 });
    expect(result.width).toBe(200);
  });

  it('refuses a blend image whose pixels, with the image, exceed the input limit', async () => {
    const render = renderQuery(await solid(100, 100, RED), `blend=${BLEND_URL}`, {
      fetchImage: () => solid(100, 100, RED),
      limits: { maxInputPixels: 15_000 },
    });
    await expect(render).rejects.toMatchObject({ status: 413 });
  });

  it('keeps the quadrant colours under a 50% grey overlay', async () => {
    const result = await renderQuery(await quadrants(), 'blend=808080');
    expectClose(await pixelAt(result.body, 5, 5), QUADRANT_COLOURS.topLeft);
  });

  it('matches its goldens', async () => {
    const base = await quadrants(160, 90);
    const texture = await colourField(48, 32);
    const image = await renderQuery(
      base,
      `blend=${BLEND_URL}&blend-mode=softlight&blend-size=inherit`,
      {
        fetchImage: () => Promise.resolve(texture),
      },
    );
    await expectMatchesGolden('blend/softlight-inherit', image.body);
    const hue = await renderQuery(base, 'blend=2060ff&blend-mode=hue&blend-alpha=80');
    await expectMatchesGolden('blend/hue-colour', hue.body);
  });
});
