import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { numberedAnimation, FRAME_COLOURS, framesOf } from '../testing/animated-images.ts';
import { pixelAt } from '../testing/images.ts';
import { inkBox, solid } from '../testing/ink.ts';
import { renderQuery, type RequestOverrides } from '../testing/render-query.ts';
import { RenderError } from '../pipeline/context.ts';
import { planAppend, readAppendAlign } from '../geometry/append-layout.ts';

type Colour = { r: number; g: number; b: number };
const BLUE = { r: 0, g: 0, b: 255 };
const RED = { r: 255, g: 0, b: 0 };
const GREEN = { r: 0, g: 255, b: 0 };

const near = (colour: Colour) => (pixel: Colour & { alpha: number }) =>
  pixel.alpha > 200 &&
  Math.abs(pixel.r - colour.r) < 40 &&
  Math.abs(pixel.g - colour.g) < 40 &&
  Math.abs(pixel.b - colour.b) < 40;

const APPEND_URL = 'https://cdn.example/badge.png';
const APPEND = `append=${encodeURIComponent(APPEND_URL)}`;

/** A base of 200x100 blue, unless given, with `appended` served for every fetch. */
async function withAppend(
  query: string,
  appended: Uint8Array,
  base?: Uint8Array,
  overrides: RequestOverrides = {},
) {
  const fetched: string[] = [];
  const result = await renderQuery(base ?? (await solid(200, 100, BLUE)), query, {
    fetchImage: (url) => {
      fetched.push(url);
      return Promise.resolve(appended);
    },
    ...overrides,
  });
  const { width, height } = await sharp(result.body).metadata();
  return {
    result,
    fetched,
    size: { width, height },
    appended: await inkBox(result.body, near(RED)),
    base: await inkBox(result.body, near(BLUE)),
  };
}

/** A `width` x `height` image whose top half is red and bottom half green (a clip shows). */
async function redOverGreen(width: number, height: number): Promise<Buffer> {
  const half = Math.floor(height / 2);
  const green = await solid(width, height - half, GREEN);
  return sharp({ create: { width, height, channels: 3, background: RED } })
    .composite([{ input: green, left: 0, top: half }])
    .png()
    .toBuffer();
}

describe('append step', () => {
  it('puts the appended image to the right by default, centred, and grows the canvas', async () => {
    const { size, appended, base, fetched } = await withAppend(APPEND, await solid(40, 60, RED));
    expect(fetched).toEqual([APPEND_URL]);
    expect(size).toEqual({ width: 240, height: 100 });
    expect(base).toMatchObject({ left: 0, top: 0, right: 199, bottom: 99, count: 200 * 100 });
    expect(appended).toMatchObject({ left: 200, top: 20, right: 239, bottom: 79, count: 40 * 60 });
  });

  it('places the appended image on each side with append-side', async () => {
    const red = await solid(40, 60, RED);
    const bottom = await withAppend(`${APPEND}&append-side=bottom`, red);
    expect(bottom.size).toEqual({ width: 200, height: 160 });
    expect(bottom.base).toMatchObject({ left: 0, top: 0, right: 199, bottom: 99 });
    expect(bottom.appended).toMatchObject({ left: 80, top: 100, right: 119, bottom: 159 });

    const left = await withAppend(`${APPEND}&append-side=left`, red);
    expect(left.size).toEqual({ width: 240, height: 100 });
    expect(left.appended).toMatchObject({ left: 0, top: 20, right: 39, bottom: 79 });
    expect(left.base).toMatchObject({ left: 40, top: 0, right: 239, bottom: 99 });

    const top = await withAppend(`${APPEND}&append-side=top`, red);
    expect(top.size).toEqual({ width: 200, height: 160 });
    expect(top.appended).toMatchObject({ left: 80, top: 0, right: 119, bottom: 59 });
    expect(top.base).toMatchObject({ left: 0, top: 60, right: 199, bottom: 159 });
  });

  it('lines a side append up vertically with append-align', async () => {
    const red = await solid(40, 60, RED);
    const top = await withAppend(`${APPEND}&append-align=top`, red);
    expect(top.appended).toMatchObject({ left: 200, top: 0, right: 239, bottom: 59 });
    const bottom = await withAppend(`${APPEND}&append-align=bottom`, red);
    expect(bottom.appended).toMatchObject({ left: 200, top: 40, right: 239, bottom: 99 });
    const middle = await withAppend(`${APPEND}&append-side=left&append-align=middle`, red);
    expect(middle.appended).toMatchObject({ left: 0, top: 20, right: 39, bottom: 79 });
  });

  it('lines a top or bottom append up horizontally with append-align', async () => {
    const red = await solid(40, 60, RED);
    const left = await withAppend(`${APPEND}&append-side=bottom&append-align=left`, red);
    expect(left.appended).toMatchObject({ left: 0, top: 100, right: 39, bottom: 159 });
    const right = await withAppend(`${APPEND}&append-side=top&append-align=right`, red);
    expect(right.appended).toMatchObject({ left: 160, top: 0, right: 199, bottom: 59 });
  });

  it('leaves the append centred for an append-align value of the other axis', async () => {
    const red = await solid(40, 60, RED);
    const sideways = await withAppend(`${APPEND}&append-align=left`, red);
    expect(sideways.appended).toMatchObject({ left: 200, top: 20, bottom: 79 });
    const below = await withAppend(`${APPEND}&append-side=bottom&append-align=top`, red);
    expect(below.appended).toMatchObject({ left: 80, top: 100, right: 119 });
  });

  it('aligns the base image when the appended image is the longer one', async () => {
    const tall = await solid(40, 160, RED);
    const centred = await withAppend(APPEND, tall);
    expect(centred.size).toEqual({ width: 240, height: 160 });
    expect(centred.base).toMatchObject({ left: 0, top: 30, right: 199, bottom: 129 });
    expect(centred.appended).toMatchObject({ left: 200, top: 0, right: 239, bottom: 159 });
    const bottom = await withAppend(`${APPEND}&append-align=bottom`, tall);
    expect(bottom.base).toMatchObject({ top: 60, bottom: 159 });
  });

  it("keeps the base image's height and clips the appended image with append-preserve", async () => {
    // 160 rows: 80 red over 80 green, on the right of a 100-row base.
    const tall = await redOverGreen(40, 160);
    const green = (result: { body: Buffer }) => inkBox(result.body, near(GREEN));
    const middle = await withAppend(`${APPEND}&append-preserve=true`, tall);
    expect(middle.size).toEqual({ width: 240, height: 100 });
    expect(middle.base).toMatchObject({ left: 0, top: 0, right: 199, bottom: 99 });
    // Rows 30 to 129 show: 50 red, then 50 green.
    expect(middle.appended).toMatchObject({ left: 200, top: 0, right: 239, bottom: 49 });
    expect(await green(middle.result)).toMatchObject({ left: 200, top: 50, bottom: 99 });
    const top = await withAppend(`${APPEND}&append-preserve=true&append-align=top`, tall);
    expect(top.appended).toMatchObject({ top: 0, bottom: 79 });
    expect(await green(top.result)).toMatchObject({ top: 80, bottom: 99 });
    const bottom = await withAppend(`${APPEND}&append-preserve=true&append-align=bottom`, tall);
    expect(bottom.appended).toMatchObject({ top: 0, bottom: 19 });
    expect(await green(bottom.result)).toMatchObject({ top: 20, bottom: 99 });
  });

  it('keeps the width of the base image with append-preserve on a bottom append', async () => {
    const wide = await solid(300, 20, RED);
    const { size, appended } = await withAppend(
      `${APPEND}&append-side=bottom&append-preserve=1`,
      wide,
    );
    expect(size).toEqual({ width: 200, height: 120 });
    expect(appended).toMatchObject({ left: 0, top: 100, right: 199, bottom: 119 });
  });

  it('leaves append-gap pixels, times dpr, between the images', async () => {
    const red = await solid(40, 60, RED);
    const gap = await withAppend(`${APPEND}&append-gap=30&fm=png`, red);
    expect(gap.size).toEqual({ width: 270, height: 100 });
    expect(gap.appended).toMatchObject({ left: 230, right: 269 });
    expect(await pixelAt(gap.result.body, 215, 50)).toMatchObject({ alpha: 0 });
    // dpr doubles the image (w=200), the appended image and the gap alike.
    const dense = await withAppend(`${APPEND}&append-gap=30&w=200&dpr=2`, red);
    expect(dense.size).toEqual({ width: 400 + 60 + 80, height: 200 });
    expect(dense.base).toMatchObject({ right: 399, bottom: 199 });
    expect(dense.appended).toMatchObject({ left: 460, top: 40, right: 539, bottom: 159 });
  });

  it('caps an append-gap in pixels at 4096', async () => {
    const { size } = await withAppend(`${APPEND}&append-gap=9000`, await solid(4, 4, RED));
    expect(size).toEqual({ width: 200 + 4096 + 4, height: 100 });
  });

  it('reads a fractional append-gap as a share of the base image along the append', async () => {
    const red = await solid(40, 60, RED);
    const right = await withAppend(`${APPEND}&append-gap=0.25`, red);
    expect(right.size).toEqual({ width: 200 + 50 + 40, height: 100 });
    expect(right.appended).toMatchObject({ left: 250 });
    const below = await withAppend(`${APPEND}&append-gap=0.5&append-side=bottom`, red);
    expect(below.size).toEqual({ width: 200, height: 100 + 50 + 60 });
    // The base is already twice as large under dpr=2, and so is its share.
    const dense = await withAppend(`${APPEND}&append-gap=0.25&w=200&dpr=2`, red);
    expect(dense.size).toEqual({ width: 400 + 100 + 80, height: 200 });
  });

  it('fills the gap and the uncovered area with the pad fill first, then bg', async () => {
    const red = await solid(40, 60, RED);
    const fit = 'w=200&h=100&fit=fill&fill=solid&fill-color=00ff00';
    const filled = await withAppend(`${APPEND}&append-gap=20&${fit}&bg=ff00ff`, red);
    // The gap, and the area above the shorter appended image.
    expect(await pixelAt(filled.result.body, 210, 50)).toMatchObject({ ...GREEN, alpha: 255 });
    expect(await pixelAt(filled.result.body, 235, 5)).toMatchObject({ ...GREEN, alpha: 255 });
    const background = await withAppend(`${APPEND}&append-gap=20&bg=ff00ff`, red);
    expect(await pixelAt(background.result.body, 210, 50)).toMatchObject({
      r: 255,
      g: 0,
      b: 255,
      alpha: 255,
    });
    expect(await pixelAt(background.result.body, 235, 5)).toMatchObject({ r: 255, g: 0, b: 255 });
  });

  it('leaves the gap transparent without a fill, and white on JPEG', async () => {
    const red = await solid(40, 60, RED);
    const png = await withAppend(`${APPEND}&append-gap=20`, red);
    expect(png.result.format).toBe('png');
    expect(await pixelAt(png.result.body, 210, 50)).toMatchObject({ alpha: 0 });
    expect(await pixelAt(png.result.body, 235, 5)).toMatchObject({ alpha: 0 });
    const jpeg = await withAppend(`${APPEND}&append-gap=20&fm=jpg`, red);
    expect(jpeg.result.format).toBe('jpg');
    const gap = await pixelAt(jpeg.result.body, 210, 50);
    expect(Math.min(gap.r, gap.g, gap.b)).toBeGreaterThan(245);
    const above = await pixelAt(jpeg.result.body, 235, 5);
    expect(Math.min(above.r, above.g, above.b)).toBeGreaterThan(245);
  });

  it('draws the border around the composed canvas, not the base image', async () => {
    const { result } = await withAppend(`${APPEND}&border=4,ff00ff`, await solid(40, 100, RED));
    const magenta = near({ r: 255, g: 0, b: 255 });
    // The canvas' right edge (the appended image's) carries the border ...
    expect(magenta(await pixelAt(result.body, 238, 50))).toBe(true);
    // ... the base image's right edge, now inside the canvas, does not.
    expect(near(BLUE)(await pixelAt(result.body, 198, 50))).toBe(true);
    expect(near(RED)(await pixelAt(result.body, 202, 50))).toBe(true);
  });

  it("puts a watermark in the composed canvas' corner", async () => {
    const markUrl = 'https://cdn.example/mark.png';
    const mark = await solid(10, 10, GREEN);
    const badge = await solid(40, 100, RED);
    const result = await renderQuery(
      await solid(200, 100, BLUE),
      `${APPEND}&mark=${encodeURIComponent(markUrl)}&mark-pad=0`,
      { fetchImage: (url) => Promise.resolve(url === markUrl ? mark : badge) },
    );
    expect(await inkBox(result.body, near(GREEN))).toMatchObject({
      left: 230,
      top: 90,
      right: 239,
      bottom: 99,
    });
  });

  it('appends to every frame of an animation', async () => {
    const animation = await numberedAnimation(3, 20, 10);
    const { result, size } = await withAppend(
      `${APPEND}&append-side=bottom`,
      await solid(20, 5, RED),
      animation,
    );
    // One frame's size: 10 rows of the frame and 5 of the appended image.
    expect(size).toEqual({ width: 20, height: 15 });
    expect((await framesOf(result.body)).pages).toBe(3);
    // Each frame keeps its own colour on top, and has the appended image below it.
    for (const [page, colour] of FRAME_COLOURS.slice(0, 3).entries()) {
      const frame = await sharp(result.body, { page }).png().toBuffer();
      expect(near(colour)(await pixelAt(frame, 10, 5)), `frame ${page}`).toBe(true);
      expect(near(RED)(await pixelAt(frame, 10, 12)), `frame ${page}`).toBe(true);
    }
  });

  it('refuses with 413, before drawing, a canvas past the side limit', async () => {
    const error = await withAppend(APPEND, await solid(8100, 10, RED)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(RenderError);
    expect(error).toMatchObject({ status: 413 });
    expect((error as RenderError).message).toMatch(
      /^append=https:\/\/cdn\.example\/badge\.png would make a canvas of 8300x100 pixels; the limit is 8192 pixels a side/,
    );
  });

  it('counts the gap in the canvas refused past the pixel limit', async () => {
    const base = await solid(100, 100, BLUE);
    const square = await solid(100, 100, RED);
    const limits = { maxInputPixels: 20_000 };
    await expect(
      withAppend(APPEND, square, base, { limits }).then(({ size }) => size),
    ).resolves.toEqual({ width: 200, height: 100 });
    const error = await withAppend(`${APPEND}&append-gap=50`, square, base, { limits }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ status: 413 });
    expect((error as RenderError).message).toContain(
      'append-gap=50 would make a canvas of 250x100 pixels',
    );
  });

  it("fails with the origin's status when the appended image cannot be fetched", async () => {
    const missing = (url: string) =>
      Promise.reject(
        new RenderError(422, `The image "${url}" could not be read from this source.`, {
          originStatus: 404,
        }),
      );
    const base = await solid(20, 20, BLUE);
    const appendError = await renderQuery(base, 'append=/missing.png', {
      fetchImage: missing,
    }).catch((caught: unknown) => caught);
    expect(appendError).toBeInstanceOf(RenderError);
    expect(appendError).toMatchObject({ status: 404 });
    // A mark that cannot be fetched stays a 422.
    await expect(
      renderQuery(base, 'mark=/missing.png', { fetchImage: missing }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it('refuses an appended file that is not an image with 422', async () => {
    const html = new TextEncoder().encode('<html>not an image</html>');
    const error = await withAppend(APPEND, html).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RenderError);
    expect(error).toMatchObject({ status: 422 });
    expect((error as RenderError).message).toBe(
      'The append image is not an image Darkroom can read.',
    );
  });

  it('reads append64, and drops the query of a relative path', async () => {
    const red = await solid(40, 60, RED);
    const encoded = Buffer.from(APPEND_URL).toString('base64url');
    const based = await withAppend(`append64=${encoded}`, red);
    expect(based.fetched).toEqual([APPEND_URL]);
    expect(based.size).toEqual({ width: 240, height: 100 });
    const relative = await withAppend(`append=${encodeURIComponent('/badge.png?h=200')}`, red);
    expect(relative.fetched).toEqual(['/badge.png']);
    const absolute = await withAppend(`append=${encodeURIComponent(`${APPEND_URL}?h=200`)}`, red);
    expect(absolute.fetched).toEqual([`${APPEND_URL}?h=200`]);
  });

  it('ignores the append-* parameters without append', async () => {
    const base = await solid(30, 20, BLUE);
    const result = await renderQuery(base, 'append-side=bottom&append-gap=40');
    expect([result.width, result.height]).toEqual([30, 20]);
  });
});

describe('append layout', () => {
  it('clips the appended image to the base with preserve, keeping the aligned part', () => {
    const layout = planAppend({
      base: { width: 100, height: 50 },
      appended: { width: 10, height: 90 },
      side: 'left',
      align: readAppendAlign('left', 'bottom'),
      gap: 5,
      preserve: true,
    });
    expect(layout.canvas).toEqual({ width: 115, height: 50 });
    expect(layout.base).toEqual({ left: 15, top: 0, right: 0, bottom: 0 });
    expect(layout.appended).toEqual({
      crop: { left: 0, top: 40, width: 10, height: 50 },
      left: 0,
      top: 0,
    });
  });

  it('reads append-align on the axis of the side only', () => {
    expect(readAppendAlign('right', 'top')).toBe('start');
    expect(readAppendAlign('right', 'left')).toBe('centre');
    expect(readAppendAlign('bottom', 'right')).toBe('end');
    expect(readAppendAlign('top', 'bottom')).toBe('centre');
  });
});
