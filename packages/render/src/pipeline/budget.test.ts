import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseParams } from '@darkroom/core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readSource } from '../output/source.ts';
import { renderQuery } from '../testing/render-query.ts';
import { renderBudget } from './budget.ts';
import { checkBudget } from './budget-plan.ts';
import { DEFAULT_RENDER_LIMITS, RenderError, type RenderLimits } from './context.ts';

const DEMO_IMAGES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../server/demo-images',
);
// The demo source's images the amplification URLs were found with: 600x400 and 512x512.
const coffee = () => readFile(path.join(DEMO_IMAGES, 'coffee.png'));
const astronaut = () => readFile(path.join(DEMO_IMAGES, 'astronaut.png'));

/**
 * URLs that each made one render allocate gigabytes, with the parameter a refusal must name;
 * null where the documented answer is an image sized down to the limits (imgix: "All output
 * images will be sized down to accommodate this limit").
 */
const AMPLIFICATION: readonly (readonly [string, string | null])[] = [
  ['mark=/astronaut.png&mark-scale=8000', null],
  ['pad=8000', null],
  ['pad-left=8000&pad-top=8000', null],
  ['border=8000,ff0000', null],
  ['border-stroke-size=8000', null],
  ['rot=45&w=8192', null],
  ['rot=45&rot-type=pivot&w=8192', null],
  ['w=8192&h=8192&fit=fill&fill=blur', null],
  ['fm=avif&w=8192&q=100', null],
  ['w=4000&dpr=5', null],
  ['mark=/astronaut.png&mark-w=8192&mark-h=8192&mark-fit=scale', null],
  ['blend=/astronaut.png&blend-w=8192&blend-h=8192&blend-fit=scale', null],
  ['pad=99999999', 'pad=99999999'],
  ['pad-left=2147483647', 'pad-left=2147483647'],
];

function paramsOf(query: string) {
  const parsed = parseParams(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(`invalid query ${query}`);
  return parsed.params;
}

function refusalOf(run: () => unknown): RenderError | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof RenderError) return error;
    throw error;
  }
}

async function renderOutcome(
  input: Uint8Array,
  query: string,
  limits: Partial<RenderLimits>,
  mark: Uint8Array,
) {
  try {
    const result = await renderQuery(input, query, {
      limits,
      fetchImage: () => Promise.resolve(mark),
    });
    return { result, error: null };
  } catch (error) {
    if (error instanceof RenderError) return { result: null, error };
    throw error;
  }
}

describe('the budget decided from the header', () => {
  it.each(AMPLIFICATION)(
    '%s: plans a canvas within 8192 pixels a side and 50 megapixels, or refuses naming %s',
    async (query, named) => {
      const source = await readSource(await coffee());
      const budget = renderBudget(DEFAULT_RENDER_LIMITS, 1, query.includes('avif') ? ['avif'] : []);
      let planned: { width: number; height: number } | null = null;
      const refusal = refusalOf(() => {
        planned = checkBudget(paramsOf(query), source, budget).output;
      });
      if (named === null) {
        expect(refusal).toBeNull();
        const output = planned as unknown as { width: number; height: number };
        expect(Math.max(output.width, output.height)).toBeLessThanOrEqual(8192);
        expect(output.width * output.height).toBeLessThanOrEqual(50_000_000);
      } else {
        expect(refusal?.status).toBe(413);
        expect(refusal?.message).toContain(named);
        expect(refusal?.message).toContain('50 megapixels');
      }
    },
  );

  it('gives the AVIF encoder, which needs several times the memory of JPEG, fewer pixels', () => {
    const limits = DEFAULT_RENDER_LIMITS;
    expect(renderBudget(limits, 1, ['avif']).outputPixels).toBeLessThan(
      renderBudget(limits, 1, ['jpg']).outputPixels / 4,
    );
  });

  it('gives the slow GIF encoder as many output pixels as it writes in a quarter of the timeout', () => {
    const limits = DEFAULT_RENDER_LIMITS;
    // 1.7 megapixels a second, a quarter of 30 s: 12.75 megapixels, shared by the frames.
    expect(renderBudget(limits, 1, ['gif']).outputPixels).toBe(12_750_000);
    expect(renderBudget(limits, 5, ['gif']).outputPixels).toBe(2_550_000);
    expect(renderBudget({ ...limits, timeoutMs: 60_000 }, 1, ['gif']).outputPixels).toBe(
      25_500_000,
    );
    // A GIF among the formats auto=format may choose bounds them all; JPEG alone does not.
    expect(renderBudget(limits, 1, ['webp', 'gif']).outputPixels).toBe(12_750_000);
    expect(renderBudget(limits, 1, ['jpg']).outputPixels).toBe(50_000_000);
  });

  it('shares the pixels among the frames of an animation and refuses too many frames', async () => {
    const source = await readSource(await coffee());
    const budget = renderBudget({ ...DEFAULT_RENDER_LIMITS, maxFrames: 10 }, 11);
    const refusal = refusalOf(() => checkBudget(paramsOf('w=100'), source, budget));
    expect(refusal?.status).toBe(413);
    expect(refusal?.message).toContain('11 frames');
    expect(renderBudget(DEFAULT_RENDER_LIMITS, 10).pixels).toBe(5_000_000);
  });

  it('plans the larger canvas of fit=facearea,fill: the face is not looked for yet', async () => {
    const source = await readSource(await coffee());
    const budget = renderBudget(DEFAULT_RENDER_LIMITS, 1);
    // A face found: its area is cropped, without `ar`; none: the 600x400 image is filled to 1:2.
    const planned = checkBudget(paramsOf('fit=facearea,fill&ar=1:2'), source, budget).output;
    expect(planned).toEqual({ width: 600, height: 1200 });
    expect(checkBudget(paramsOf('fit=facearea&ar=1:2'), source, budget).output).toEqual({
      width: 600,
      height: 400,
    });
  });
});

describe('the amplification URLs rendered', () => {
  // The same URLs against limits scaled down, so each renders in milliseconds: the budget's
  // arithmetic does not depend on the figures.
  const limits = { maxOutputSide: 300, maxInputPixels: 60_000 };

  it.each(AMPLIFICATION)(
    '%s: an image within the limits, or 413 naming %s',
    async (query, named) => {
      const input = await sharp(await coffee())
        .resize(240, 160)
        .png()
        .toBuffer();
      const mark = await sharp(await astronaut())
        .resize(64, 64)
        .png()
        .toBuffer();
      const scaled = query.replaceAll('8192', '300');
      const { result, error } = await renderOutcome(input, scaled, limits, mark);
      if (named === null) {
        expect(error).toBeNull();
        const width = result?.width ?? Infinity;
        const height = result?.height ?? Infinity;
        expect(Math.max(width, height)).toBeLessThanOrEqual(300);
        expect(width * height).toBeLessThanOrEqual(60_000);
      } else {
        expect(error?.status).toBe(413);
        expect(error?.message).toContain(named);
      }
    },
  );

  it('pads in proportion when the padding has to shrink with the image', async () => {
    const input = await sharp({
      create: { width: 100, height: 100, channels: 3, background: '#ff0000' },
    })
      .png()
      .toBuffer();
    const result = await renderQuery(input, 'pad=100&bg=0000ff&fm=png', {
      limits: { maxOutputSide: 150, maxInputPixels: 1_000_000 },
    });
    expect([result.width, result.height]).toEqual([150, 150]);
    const { data } = await sharp(result.body).raw().toBuffer({ resolveWithObject: true });
    const red = (x: number, y: number) => (data[(y * 150 + x) * 3] ?? 0) > 200;
    // The image keeps its third of the canvas, centred: 50 pixels from 50 to 99.
    expect([red(49, 75), red(50, 75), red(99, 75), red(100, 75)]).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it.each([
    'mark=/astronaut.png&mark-scale=8000',
    'mark=/astronaut.png&mark-w=8192&mark-h=8192&mark-fit=scale&mark-rot=30',
    'blend=/astronaut.png&blend-w=8192&blend-h=8192&blend-fit=scale&blend-mode=normal',
  ])('%s: rasterizes only what the image shows, at the default limits', async (query) => {
    const input = await coffee();
    const result = await renderQuery(input, `${query}&fm=png`, {
      fetchImage: async () => astronaut(),
    });
    expect([result.width, result.height]).toEqual([600, 400]);
  });
});

describe('decoders never run past the budget', () => {
  const limits = { maxInputPixels: 1_000_000 };

  it('refuses a 16-bit RGBA TIFF whose bytes pass the budget though its pixels fit it', async () => {
    const deep = await sharp({
      create: { width: 800, height: 800, channels: 4, background: '#808080' },
    })
      .toColourspace('rgb16')
      .tiff({ compression: 'deflate' })
      .toBuffer();
    const { error } = await renderOutcome(deep, 'w=100', limits, deep);
    expect(error?.status).toBe(413);
    expect(error?.message).toContain('decode to');
  });

  it('refuses a mark whose header passes the pixel budget, before decoding it', async () => {
    const bomb = await sharp({
      create: { width: 2000, height: 2000, channels: 3, background: '#000000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const input = await sharp(await coffee())
      .resize(60, 40)
      .png()
      .toBuffer();
    const refusal = await renderQuery(input, 'mark=/bomb.png', {
      limits,
      fetchImage: () => Promise.resolve(bomb),
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RenderError);
    expect((refusal as RenderError).status).toBe(413);
  });

  it('refuses a mask whose pixels pass the budget (sharp limitInputPixels)', async () => {
    const bomb = await sharp({
      create: { width: 2000, height: 2000, channels: 3, background: '#000000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const input = await sharp(await coffee())
      .resize(60, 40)
      .png()
      .toBuffer();
    const refusal = await renderQuery(input, 'mask=https://example.test/bomb.png', {
      limits,
      fetchImage: () => Promise.resolve(bomb),
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RenderError);
    expect((refusal as RenderError).status).toBeGreaterThanOrEqual(400);
    expect((refusal as RenderError).status).toBeLessThan(500);
  });
});
