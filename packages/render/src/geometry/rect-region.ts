import type { ParamValue, Rect, Size } from '@darkroom/core';
import { clamp } from './pixels.ts';

/**
 * `rect=x,y,w,h` (docs.imgix.com/apis/rendering/size/source-rectangle-region): x and y are
 * pixels, 0-1 fractions or keywords (left/center/right, top/middle/bottom: "center is half the
 * difference of the image width and the rect width"); w and h are pixels, fractions or `full`.
 * The result is clamped to the image, so a rect reaching past an edge keeps what is there.
 */
export function resolveRect(values: readonly ParamValue[], image: Size): Rect | null {
  const [x, y, w, h] = values;
  if (!x || !y || !w || !h) return null;
  const width = clamp(Math.round(extent(w, image.width)), 1, image.width);
  const height = clamp(Math.round(extent(h, image.height)), 1, image.height);
  const left = clamp(Math.round(offset(x, image.width, width)), 0, image.width - 1);
  const top = clamp(Math.round(offset(y, image.height, height)), 0, image.height - 1);
  return {
    left,
    top,
    width: Math.min(width, image.width - left),
    height: Math.min(height, image.height - top),
  };
}

/** True when the rect is the whole image, so there is nothing to cut. */
export function coversWhole(rect: Rect, image: Size): boolean {
  return (
    rect.left === 0 && rect.top === 0 && rect.width === image.width && rect.height === image.height
  );
}

function extent(value: ParamValue, whole: number): number {
  if (value.type === 'unit_scalar') return value.value * whole;
  if (value.type === 'integer' || value.type === 'number') return value.value;
  if (value.type === 'string' && value.value === 'full') return whole;
  return whole;
}

function offset(value: ParamValue, whole: number, extentOfRect: number): number {
  if (value.type === 'unit_scalar') return value.value * whole;
  if (value.type === 'integer' || value.type === 'number') return value.value;
  if (value.type === 'string') {
    const slack = whole - extentOfRect;
    if (value.value === 'center' || value.value === 'middle') return slack / 2;
    if (value.value === 'right' || value.value === 'bottom') return slack;
  }
  return 0;
}
