import { textMarkup, type TextStyle } from './markup.ts';
import type { Size } from '@darkroom/core';
import { clipWindows, graphemes, shortenWithEllipsis, type TextClip } from './text-clip.ts';
import { keepColumns, renderMarkup, type RenderOptions, type TextRaster } from './text-raster.ts';

export interface TextLayoutRequest {
  text: string;
  style: TextStyle;
  options: RenderOptions;
  /** Room for the ink: `txt-width` (or the image less its pads) by the image less its pads. */
  room: Size;
  /**
   * `txt-fit`: `max` shrinks the type to fit; `wrap` wraps the lines to the room's width and cuts
   * what is taller than it, ending with an ellipsis; `wrapmax` wraps and shrinks the paragraph
   * until it fits. Without one, `clip` cuts what overflows.
   */
  fit: TextFit | undefined;
  clip: TextClip;
  /** The render's deadline: sharp's timeout for each rendering, checked between them. */
  deadline: { secondsLeft(): number; check(): void };
}

export type TextFit = 'max' | 'wrap' | 'wrapmax';

// Ink does not scale exactly with the font size (hinting, rounding), so shrinking may need a
// second or third try; a few suffice in practice.
const SHRINK_ATTEMPTS = 4;

/**
 * Renders the text as imgix fits it to its box (docs.imgix.com/apis/rendering/text/txt-fit,
 * text-clipping-mode, text-height): as it is when it fits, scaled down with `txt-fit=max`,
 * wrapped with `wrap` and `wrapmax`, else clipped. Null when there is nothing to draw.
 */
export async function layoutText(request: TextLayoutRequest): Promise<TextRaster | null> {
  const { room } = request;
  if (request.fit === 'wrap' || request.fit === 'wrapmax') {
    const wrapped = { ...request, options: { ...request.options, wrapWidth: room.width } };
    return request.fit === 'wrap' ? cutToHeight(wrapped) : shrinkWrapped(wrapped);
  }
  const raster = await render(request, request.text, request.style);
  if (!raster) return null;
  if (request.fit === 'max') return shrink(request, raster);
  if (raster.width <= room.width) return raster;
  const shortened = request.clip.ellipsis ? await withEllipsis(request) : raster;
  if (!shortened || shortened.width <= room.width) return shortened;
  const windows = clipWindows(shortened.width, room.width, request.clip.region);
  return windows.length === 0 ? null : keepColumns(shortened, windows);
}

function render(request: TextLayoutRequest, text: string, style: TextStyle) {
  request.deadline.check();
  return renderMarkup(textMarkup(text, style), request.options, request.deadline.secondsLeft());
}

async function shrink(request: TextLayoutRequest, first: TextRaster): Promise<TextRaster | null> {
  const { room } = request;
  let raster: TextRaster | null = first;
  let style = request.style;
  for (let attempt = 0; attempt < SHRINK_ATTEMPTS && raster; attempt += 1) {
    const scale = Math.min(room.width / raster.width, room.height / raster.height);
    if (scale >= 1) return raster;
    const sizePx = Math.max(1, Math.floor(style.sizePx * scale * 100) / 100);
    if (sizePx === style.sizePx) break;
    style = { ...style, sizePx, trackingPx: style.trackingPx * scale };
    raster = await render(request, request.text, style);
  }
  return raster;
}

/**
 * txt-fit=wrap (docs.imgix.com/apis/rendering/text/text-height): "Lines that do not fit are cut,
 * and the visible text ends with an ellipsis". The longest start of the text that, wrapped and
 * followed by an ellipsis, fits the room's height is found by a binary search of renderings.
 */
async function cutToHeight(request: TextLayoutRequest): Promise<TextRaster | null> {
  const whole = await render(request, request.text, request.style);
  if (!whole || whole.height <= request.room.height) return whole;
  const characters = graphemes(request.text);
  const shortened = (count: number) => `${characters.slice(0, count).join('').trimEnd()}\u2026`;
  const fits = async (count: number) =>
    ((await render(request, shortened(count), request.style))?.height ?? 0) <= request.room.height;
  let low = 0;
  let high = characters.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (await fits(middle)) low = middle;
    else high = middle - 1;
  }
  // Not even the ellipsis fits: nothing is drawn, as a clipped line that shows nothing.
  if (low === 0 && !(await fits(0))) return null;
  return render(request, shortened(low), request.style);
}

// A binary search of font sizes this many steps long lands within 1/256 of the best size.
const WRAPMAX_STEPS = 8;

/**
 * txt-fit=wrapmax: "The whole wrapped paragraph is scaled down until it fits". Rewrapping at a
 * smaller size changes the line breaks, so the largest size that fits is searched for.
 */
async function shrinkWrapped(request: TextLayoutRequest): Promise<TextRaster | null> {
  const whole = await render(request, request.text, request.style);
  if (!whole || whole.height <= request.room.height) return whole;
  const at = (factor: number) => ({
    ...request.style,
    sizePx: Math.max(1, request.style.sizePx * factor),
    trackingPx: request.style.trackingPx * factor,
  });
  let low = 0;
  let high = 1;
  let best: TextRaster | null = null;
  for (let step = 0; step < WRAPMAX_STEPS; step += 1) {
    const middle = (low + high) / 2;
    const raster = await render(request, request.text, at(middle));
    if (raster && raster.height <= request.room.height) {
      low = middle;
      best = raster;
    } else {
      high = middle;
    }
  }
  return best ?? render(request, request.text, at(low || 1 / 2 ** WRAPMAX_STEPS));
}

/** Each line too wide loses characters to an ellipsis until it fits (or only the ellipsis is left). */
async function withEllipsis(request: TextLayoutRequest): Promise<TextRaster | null> {
  // One line at a time: each is a binary search of renderings, and together they would flood
  // libvips' threads.
  const lines: string[] = [];
  for (const line of request.text.split('\n')) lines.push(await fitLine(request, line));
  return render(request, lines.join('\n'), request.style);
}

async function fitLine(request: TextLayoutRequest, line: string): Promise<string> {
  const fits = async (text: string) =>
    ((await render(request, text, request.style))?.width ?? 0) <= request.room.width;
  if (await fits(line)) return line;
  const characters = graphemes(line);
  const { region } = request.clip;
  // Binary search for the most characters that still fit beside the ellipsis.
  let low = 0;
  let high = characters.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (await fits(shortenWithEllipsis(characters, middle, region))) low = middle;
    else high = middle - 1;
  }
  return shortenWithEllipsis(characters, low, region);
}
