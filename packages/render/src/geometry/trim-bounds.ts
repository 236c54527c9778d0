import type { Rect, Size } from '@darkroom/core';
import { clamp } from './pixels.ts';

/**
 * Where `trim` cuts (docs.imgix.com/apis/rendering/trim/*): each side walks in from its edge,
 * one row or column at a time, for as long as the line still looks like border.
 * - color: every pixel within `trim-tol` (0-255, per channel) of `trim-color`, which defaults to
 *   the top-left pixel;
 * - auto: the line is even (standard deviation at most `trim-sd`) and close to the line before
 *   it (mean difference at most `trim-md`), so noisy or gently graded borders go too;
 * - alpha: every pixel's alpha at most `trim-alpha`.
 */

/** 8-bit interleaved pixels; 4 channels means the last one is alpha. */
export interface RawImage extends Size {
  data: Uint8Array;
  channels: number;
}

export type TrimRule =
  | { kind: 'color'; colour: readonly number[]; tolerance: number }
  | { kind: 'auto'; meanDifference: number; standardDeviation: number }
  | { kind: 'alpha'; threshold: number };

/** One row or column of the image between two bounds (inclusive). */
interface Line {
  axis: 'row' | 'column';
  at: number;
  from: number;
  to: number;
}

/** The part to keep, or null when there is no border, or when all of it would go. */
export function findTrimBounds(image: RawImage, rule: TrimRule): Rect | null {
  if (image.width === 0 || image.height === 0) return null;
  if (rule.kind === 'alpha' && image.channels !== 4) return null;
  const isBorder = borderTest(image, rule);

  // The first side of each axis may find nothing but border (then there is nothing to keep);
  // the opposite side stops at the line the first one kept.
  const row = (at: number): Line => ({ axis: 'row', at, from: 0, to: image.width - 1 });
  const top = walkIn(isBorder, row, 0, image.height - 1, 1);
  if (top === image.height) return null;
  const bottom = walkIn(isBorder, row, image.height - 1, top + 1, -1);

  const column = (at: number): Line => ({ axis: 'column', at, from: top, to: bottom });
  const left = walkIn(isBorder, column, 0, image.width - 1, 1);
  if (left === image.width) return null;
  const right = walkIn(isBorder, column, image.width - 1, left + 1, -1);

  const bounds = { left, top, width: right - left + 1, height: bottom - top + 1 };
  return bounds.width === image.width && bounds.height === image.height ? null : bounds;
}

/**
 * Walks from the edge line `from` towards `to` (inclusive, `step` 1 or -1) while each line is
 * border, compared with the line before it; returns the first line that is not, or the one
 * past `to`.
 */
function walkIn(
  isBorder: BorderTest,
  line: (at: number) => Line,
  from: number,
  to: number,
  step: 1 | -1,
): number {
  let at = from;
  while ((to - at) * step >= 0 && isBorder(line(at), at === from ? null : line(at - step))) {
    at += step;
  }
  return at;
}

/**
 * `trim-pad`: keeps that many pixels of border around what was found (negative values cut
 * further in), never past the image and never below one pixel.
 */
export function padTrimBounds(bounds: Rect, pad: number, image: Size): Rect {
  const left = clamp(bounds.left - pad, 0, image.width - 1);
  const top = clamp(bounds.top - pad, 0, image.height - 1);
  const right = clamp(bounds.left + bounds.width - 1 + pad, left, image.width - 1);
  const bottom = clamp(bounds.top + bounds.height - 1 + pad, top, image.height - 1);
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/** The `trim-color` default: the top-left pixel, all its channels. */
export function topLeftColour(image: RawImage): number[] {
  return Array.from(image.data.subarray(0, image.channels));
}

type BorderTest = (line: Line, previous: Line | null) => boolean;

function borderTest(image: RawImage, rule: TrimRule): BorderTest {
  switch (rule.kind) {
    case 'color':
      return (line) => everyPixel(image, line, (offset) => nearColour(image, offset, rule));
    case 'alpha':
      return (line) =>
        everyPixel(image, line, (offset) => (image.data[offset + 3] ?? 0) <= rule.threshold);
    case 'auto':
      return (line, previous) =>
        standardDeviation(image, line) <= rule.standardDeviation &&
        (previous === null || meanDifference(image, line, previous) <= rule.meanDifference);
  }
}

function nearColour(
  image: RawImage,
  offset: number,
  rule: Extract<TrimRule, { kind: 'color' }>,
): boolean {
  const { data, channels } = image;
  // Fully transparent pixels look alike whatever colour they store.
  if (channels === 4 && rule.colour[3] === 0 && data[offset + 3] === 0) return true;
  const compared = Math.min(channels, rule.colour.length);
  for (let c = 0; c < compared; c += 1) {
    if (Math.abs((data[offset + c] ?? 0) - (rule.colour[c] ?? 0)) > rule.tolerance) return false;
  }
  return true;
}

function everyPixel(image: RawImage, line: Line, test: (offset: number) => boolean): boolean {
  for (let i = line.from; i <= line.to; i += 1) {
    if (!test(pixelOffset(image, line, i))) return false;
  }
  return true;
}

/** Mean over channels of each channel's standard deviation along the line. */
function standardDeviation(image: RawImage, line: Line): number {
  const { data, channels } = image;
  const count = line.to - line.from + 1;
  let total = 0;
  for (let c = 0; c < channels; c += 1) {
    let sum = 0;
    let squares = 0;
    for (let i = line.from; i <= line.to; i += 1) {
      const value = data[pixelOffset(image, line, i) + c] ?? 0;
      sum += value;
      squares += value * value;
    }
    const mean = sum / count;
    total += Math.sqrt(Math.max(0, squares / count - mean * mean));
  }
  return total / channels;
}

/** Mean absolute difference between the pixels of two parallel lines, per channel. */
function meanDifference(image: RawImage, line: Line, other: Line): number {
  const { data, channels } = image;
  let total = 0;
  for (let i = line.from; i <= line.to; i += 1) {
    const a = pixelOffset(image, line, i);
    const b = pixelOffset(image, other, i);
    for (let c = 0; c < channels; c += 1)
      total += Math.abs((data[a + c] ?? 0) - (data[b + c] ?? 0));
  }
  return total / ((line.to - line.from + 1) * channels);
}

function pixelOffset(image: RawImage, line: Line, i: number): number {
  return line.axis === 'row'
    ? (line.at * image.width + i) * image.channels
    : (i * image.width + line.at) * image.channels;
}

/** Copies the pixels inside `rect` into an image of their own. */
export function cropPixels(image: RawImage, rect: Rect): RawImage {
  const rowBytes = rect.width * image.channels;
  const data = new Uint8Array(rowBytes * rect.height);
  for (let y = 0; y < rect.height; y += 1) {
    const start = ((rect.top + y) * image.width + rect.left) * image.channels;
    data.set(image.data.subarray(start, start + rowBytes), y * rowBytes);
  }
  return { data, width: rect.width, height: rect.height, channels: image.channels };
}

/**
 * What `trim` keeps of `image`: the part inside the border `rule` finds, with `pad` pixels of
 * border kept (`padTrimBounds`), as pixels of their own; null when nothing is cut.
 */
export function trimPixels(image: RawImage, rule: TrimRule, pad: number): RawImage | null {
  const found = findTrimBounds(image, rule);
  return found === null ? null : cropPixels(image, padTrimBounds(found, pad, image));
}
