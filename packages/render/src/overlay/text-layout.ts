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
  /** `txt-fit=max` shrinks the type to fit; otherwise `clip` cuts what overflows. */
  shrinkToFit: boolean;
  clip: TextClip;
  /** The render's deadline: sharp's timeout for each rendering, checked between them. */
  deadline: { secondsLeft(): number; check(): void };
}

// Ink does not scale exactly with the font size (hinting, rounding), so shrinking may need a
// second or third try; a few suffice in practice.
const SHRINK_ATTEMPTS = 4;

/**
 * Renders the text as imgix fits it to its box (docs.imgix.com/apis/rendering/text/txt-fit,
 * text-clipping-mode): as it is when it fits, scaled down with `txt-fit=max`, else clipped.
 * Null when there is nothing to draw.
 */
export async function layoutText(request: TextLayoutRequest): Promise<TextRaster | null> {
  const { room } = request;
  const raster = await render(request, request.text, request.style);
  if (!raster) return null;
  if (request.shrinkToFit) return shrink(request, raster);
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
