import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RenderError } from '../pipeline/context.ts';
import { expectMatchesGolden } from '../testing/golden.ts';
import { pixelAt, quadrants, squareOnTransparent } from '../testing/images.ts';
import { inkBox, solid } from '../testing/ink.ts';
import { renderQuery } from '../testing/render-query.ts';

const WHITE = { r: 255, g: 255, b: 255 };
const RED = { r: 255, g: 0, b: 0 };
const red = ({ r, g, b }: { r: number; g: number; b: number }) => r > 200 && g < 60 && b < 60;

async function withMark(query: string, mark: Uint8Array, base?: Uint8Array) {
  const fetched: string[] = [];
  const result = await renderQuery(base ?? (await solid(200, 100, WHITE)), query, {
    fetchImage: (url) => {
      fetched.push(url);
      return Promise.resolve(mark);
    },
  });
  return { result, fetched, box: await inkBox(result.body, red) };
}

const MARK_URL = encodeURIComponent('https://marks.example/logo.png');

describe('watermark step', () => {
  it('puts a mark in the bottom-right corner, 5 px from the edges', async () => {
    const { box, fetched } = await withMark(`mark=${MARK_URL}`, await solid(20, 20, RED));
    expect(fetched).toEqual(['https://marks.example/logo.png']);
    expect(box).toMatchObject({ left: 175, top: 75, right: 194, bottom: 94, count: 400 });
  });

  it('aligns the mark with mark-align and mark-pad', async () => {
    const mark = await solid(20, 20, RED);
    expect(
      (await withMark(`mark=${MARK_URL}&mark-align=top,left&mark-pad=0`, mark)).box,
    ).toMatchObject({
      left: 0,
      top: 0,
      right: 19,
      bottom: 19,
    });
    expect((await withMark(`mark=${MARK_URL}&mark-align=middle,center`, mark)).box).toMatchObject({
      left: 90,
      top: 40,
      right: 109,
      bottom: 59,
    });
  });

  it('places the mark at mark-x and mark-y', async () => {
    const { box } = await withMark(
      `mark=${MARK_URL}&mark-x=30&mark-y=12`,
      await solid(20, 20, RED),
    );
    expect(box).toMatchObject({ left: 30, top: 12, right: 49, bottom: 31 });
  });

  it('puts the point of the mark that mark-anchor names at mark-x and mark-y', async () => {
    const mark = await solid(20, 10, RED);
    const at = `mark=${MARK_URL}&mark-x=100&mark-y=50`;
    const anchored = async (anchor: string) =>
      (await withMark(`${at}&mark-anchor=${anchor}`, mark)).box;
    // Without it, the top-left corner.
    expect((await withMark(at, mark)).box).toMatchObject({ left: 100, top: 50, right: 119 });
    expect(await anchored('center')).toMatchObject({ left: 90, top: 45, right: 109, bottom: 54 });
    expect(await anchored('bottom,right')).toMatchObject({
      left: 80,
      top: 40,
      right: 99,
      bottom: 49,
    });
    expect(await anchored('0.5,1')).toMatchObject({ left: 90, top: 40, right: 109, bottom: 49 });
    expect(await anchored('0,0')).toMatchObject({ left: 100, top: 50 });
    // A single edge keyword centres the other axis, as a CSS position does.
    expect(await anchored('top')).toMatchObject({ left: 90, top: 50 });
  });

  it('reads mark-anchor only on the axis mark-x or mark-y sets, and not in a grid', async () => {
    const mark = await solid(20, 10, RED);
    // mark-y alone: the vertical anchor applies, the horizontal place is mark-align's (right).
    const vertical = await withMark(`mark=${MARK_URL}&mark-y=50&mark-anchor=center`, mark);
    expect(vertical.box).toMatchObject({ left: 175, top: 45, right: 194, bottom: 54 });
    const alone = await withMark(`mark=${MARK_URL}&mark-anchor=center`, mark);
    expect(alone.box).toMatchObject({ left: 175, top: 85, right: 194, bottom: 94 });
    const grid = await withMark(
      `mark=${MARK_URL}&mark-tile=grid&mark-x=100&mark-y=50&mark-anchor=center`,
      mark,
    );
    expect(grid.box).toMatchObject({ left: 0, top: 0 });
  });

  it('resolves a relative mark against mark-base, and passes a path to the source', async () => {
    const mark = await solid(4, 4, RED);
    const based = await withMark(
      `mark=logos/a.png&mark-base=${encodeURIComponent('https://cdn.example/marks/')}`,
      mark,
    );
    expect(based.fetched).toEqual(['https://cdn.example/marks/logos/a.png']);
    const onSource = await withMark('mark=logos/a.png', mark);
    expect(onSource.fetched).toEqual(['/logos/a.png']);
  });

  it('sizes the mark with mark-w and mark-h, as fractions of the image too', async () => {
    const mark = await solid(40, 20, RED);
    const pixels = await withMark(
      `mark=${MARK_URL}&mark-w=60&mark-align=top,left&mark-pad=0`,
      mark,
    );
    expect(pixels.box).toMatchObject({ right: 59, bottom: 29 });
    const fraction = await withMark(
      `mark=${MARK_URL}&mark-w=0.25&mark-align=top,left&mark-pad=0`,
      mark,
    );
    expect(fraction.box).toMatchObject({ right: 49, bottom: 24 });
    const height = await withMark(
      `mark=${MARK_URL}&mark-h=0.5&mark-align=top,left&mark-pad=0`,
      mark,
    );
    expect(height.box).toMatchObject({ right: 99, bottom: 49 });
  });

  it('fits the mark with mark-fit', async () => {
    const mark = await solid(40, 20, RED);
    const query = `mark=${MARK_URL}&mark-w=30&mark-h=30&mark-align=top,left&mark-pad=0`;
    expect((await withMark(query, mark)).box).toMatchObject({ right: 29, bottom: 14 });
    expect((await withMark(`${query}&mark-fit=scale`, mark)).box).toMatchObject({
      right: 29,
      bottom: 29,
    });
    expect((await withMark(`${query}&mark-fit=crop`, mark)).box).toMatchObject({
      right: 29,
      bottom: 29,
    });
    expect((await withMark(`${query}&mark-fit=max`, mark)).box).toMatchObject({
      right: 29,
      bottom: 14,
    });
    // fill keeps the mark's shape inside a 30 x 30 transparent box, centred.
    expect((await withMark(`${query}&mark-fit=fill`, mark)).box).toMatchObject({
      top: 7,
      right: 29,
      bottom: 21,
    });
  });

  it('scales the mark to a percentage of the image with mark-scale', async () => {
    const { box } = await withMark(
      `mark=${MARK_URL}&mark-scale=50&mark-align=top,left&mark-pad=0`,
      await solid(20, 20, RED),
    );
    expect(box).toMatchObject({ right: 49, bottom: 49 });
  });

  it('scales a mark larger than the image down to fit it', async () => {
    const { box, result } = await withMark(
      `mark=${MARK_URL}&mark-pad=0`,
      await solid(600, 300, RED),
    );
    expect(result.width).toBe(200);
    expect(box).toMatchObject({ left: 0, top: 0, right: 199, bottom: 99 });
  });

  it('fades the mark with mark-alpha', async () => {
    const { result } = await withMark(
      `mark=${MARK_URL}&mark-alpha=50&mark-align=top,left&mark-pad=0`,
      await solid(20, 20, RED),
    );
    const pixel = await pixelAt(result.body, 10, 10);
    expect(pixel.r).toBe(255);
    expect(pixel.g).toBeGreaterThan(120);
    expect(pixel.g).toBeLessThan(135);
  });

  it('tiles the mark over the whole image with mark-tile=grid', async () => {
    const { result, box } = await withMark(
      `mark=${MARK_URL}&mark-tile=grid&mark-pad=10`,
      await solid(20, 20, RED),
    );
    expect(box).toMatchObject({ left: 0, top: 0, right: 199, bottom: 99 });
    expect(await pixelAt(result.body, 25, 5)).toMatchObject({ r: 255, g: 255, b: 255 });
    expect(await pixelAt(result.body, 35, 35)).toMatchObject({ r: 255, g: 0, b: 0 });
  });

  it('turns the mark with mark-rot', async () => {
    const { box, result } = await withMark(
      `mark=${MARK_URL}&mark-rot=45&mark-align=middle,center`,
      await solid(20, 20, RED),
    );
    expect((box?.right ?? 0) - (box?.left ?? 0)).toBeGreaterThan(25);
    // The corners of the turned square's bounding box stay clear.
    expect(await pixelAt(result.body, box?.left ?? 0, box?.top ?? 0)).toMatchObject({ g: 255 });
  });

  it('draws the mark only on images at least mark-if-min-width by mark-if-min-height', async () => {
    const mark = await solid(20, 20, RED);
    expect((await withMark(`mark=${MARK_URL}&mark-if-min-width=201`, mark)).box).toBeNull();
    expect((await withMark(`mark=${MARK_URL}&mark-if-min-height=101`, mark)).box).toBeNull();
    expect(
      (await withMark(`mark=${MARK_URL}&mark-if-min-width=200&mark-if-min-height=100`, mark)).box,
    ).not.toBeNull();
  });

  it('refuses a mark whose pixels, with the image, exceed the input limit', async () => {
    const base = await solid(200, 100, WHITE);
    const render = (limit: number) =>
      renderQuery(base, `mark=${MARK_URL}`, {
        fetchImage: () => solid(120, 120, RED),
        limits: { maxInputPixels: limit },
      });
    await expect(render(30_000)).rejects.toMatchObject({ status: 413 });
    await expect(render(40_000)).resolves.toMatchObject({ width: 200 });
  });

  it('refuses an AVIF mark whose decoder would hold more than a quarter of the render memory', async () => {
    const base = await solid(200, 100, WHITE);
    const avif = await sharp({ create: { width: 120, height: 120, channels: 3, background: RED } })
      .avif({ effort: 0 })
      .toBuffer();
    const png = await solid(120, 120, RED);
    // 14,400 pixels at 20 bytes: 288,000 bytes, over a quarter of 1 MiB (262,144).
    const render = (mark: Uint8Array, memory: number) =>
      renderQuery(base, `mark=${MARK_URL}`, {
        fetchImage: () => Promise.resolve(mark),
        limits: { maxMemoryBytes: memory },
      });
    const refusal = await render(avif, 1024 * 1024).catch((caught: unknown) => caught);
    expect(refusal).toMatchObject({ status: 413 });
    expect((refusal as Error).message).toContain('AVIF or HEIF watermark may have at most');
    await expect(render(avif, 2 * 1024 * 1024)).resolves.toMatchObject({ width: 200 });
    // A PNG decodes row by row: the same size of mark is no burden.
    await expect(render(png, 1024 * 1024)).resolves.toMatchObject({ width: 200 });
  });

  it('refuses a mark that is not an image', async () => {
    const error = await renderQuery(await solid(20, 20, WHITE), `mark=${MARK_URL}`, {
      fetchImage: () => Promise.resolve(new TextEncoder().encode('<html>nope</html>')),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RenderError);
    expect(error).toMatchObject({ status: 422 });
  });

  it('refuses a mark whose header reads but whose pixels do not decode', async () => {
    const tiff = await sharp({
      create: { width: 64, height: 64, channels: 3, background: RED },
    })
      .tiff({ compression: 'deflate' })
      .toBuffer();
    // The first strip's compressed data, right after the 8-byte header, made garbage.
    const damaged = Buffer.from(tiff).fill(0x5a, 8, 20);
    const error = await renderQuery(await solid(20, 20, WHITE), `mark=${MARK_URL}`, {
      fetchImage: () => Promise.resolve(damaged),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RenderError);
    expect(error).toMatchObject({
      status: 422,
      message: 'The overlay image is damaged: its pixels cannot be decoded.',
    });
  });

  it('reads an SVG mark against the SVG limits before rasterising it', async () => {
    const many = '<rect width="1" height="1"/>'.repeat(20_000);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20">${many}</svg>`;
    const error = await renderQuery(await solid(20, 20, WHITE), `mark=${MARK_URL}`, {
      fetchImage: () => Promise.resolve(new TextEncoder().encode(svg)),
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RenderError);
    expect(error).toMatchObject({ status: 413 });
    expect((error as RenderError).message).toMatch(
      /^The watermark SVG has more than 10000 elements/,
    );
    const small = `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20" fill="#ff0000"/></svg>`;
    const { box } = await withMark(`mark=${MARK_URL}`, new TextEncoder().encode(small));
    expect(box).toMatchObject({ left: 175, top: 75, right: 194, bottom: 94, count: 400 });
  });

  it('draws a greyscale mark in its grey', async () => {
    const grey = await sharp({
      create: { width: 10, height: 10, channels: 3, background: { r: 60, g: 60, b: 60 } },
    })
      .toColourspace('b-w')
      .png()
      .toBuffer();
    expect((await sharp(grey).metadata()).channels).toBe(1);
    const { result } = await withMark(`mark=${MARK_URL}&mark-align=top,left&mark-pad=0`, grey);
    expect(await pixelAt(result.body, 5, 5)).toMatchObject({ r: 60, g: 60, b: 60 });
    expect(await pixelAt(result.body, 15, 5)).toMatchObject({ r: 255, g: 255, b: 255 });
  });

  it('keeps an opaque image opaque', async () => {
    const { result } = await withMark(`mark=${MARK_URL}`, await squareOnTransparent(30, 10));
    expect(await pixelAt(result.body, 0, 0)).toMatchObject({ alpha: 255 });
    expect(result.width).toBe(200);
  });

  it('matches its golden', async () => {
    const mark = await squareOnTransparent(40, 24, { r: 255, g: 255, b: 255, alpha: 1 });
    const { result } = await withMark(
      `mark=${MARK_URL}&mark-rot=30&mark-alpha=70&mark-align=top,center`,
      mark,
      await quadrants(160, 90),
    );
    await expectMatchesGolden('watermark/rotated-faded', result.body);
  });
});
