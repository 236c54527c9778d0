import type { ParamValue, Rect, Size } from '@darkroom/core';

/**
 * Where an overlay (text, watermark, blend image) lands on the image: pure arithmetic shared by
 * the text, watermark and blend steps, so each step only turns pixels into layers.
 */

type HorizontalAlign = 'left' | 'center' | 'right';
type VerticalAlign = 'top' | 'middle' | 'bottom';

export interface Alignment {
  horizontal: HorizontalAlign;
  vertical: VerticalAlign;
}

/**
 * Reads an imgix alignment list (`txt-align`, `mark-align`, `blend-align`: any of top, middle,
 * bottom, left, center, right). An axis the list does not name keeps the fallback's value.
 */
export function readAlignment(values: readonly string[], fallback: Alignment): Alignment {
  let { horizontal, vertical } = fallback;
  for (const value of values) {
    if (value === 'left' || value === 'center' || value === 'right') horizontal = value;
    if (value === 'top' || value === 'middle' || value === 'bottom') vertical = value;
  }
  return { horizontal, vertical };
}

export interface PlacementRequest {
  canvas: Size;
  layer: Size;
  alignment: Alignment;
  /** Gap kept between the layer and the canvas edges it is aligned to. */
  pad: number;
  /** An explicit position overrides the alignment on its axis (imgix `*-x`, `*-y`). */
  x?: number | undefined;
  y?: number | undefined;
}

/** The top-left corner of an aligned layer; it may fall outside the canvas (see `visiblePart`). */
export function placeLayer(request: PlacementRequest): { left: number; top: number } {
  const { canvas, layer, alignment, pad } = request;
  const left =
    request.x ?? alignOnAxis(alignment.horizontal, canvas.width, layer.width, pad, 'left', 'right');
  const top =
    request.y ?? alignOnAxis(alignment.vertical, canvas.height, layer.height, pad, 'top', 'bottom');
  return { left, top };
}

function alignOnAxis(
  align: string,
  canvasLength: number,
  layerLength: number,
  pad: number,
  start: string,
  end: string,
): number {
  if (align === start) return pad;
  if (align === end) return canvasLength - layerLength - pad;
  // Centred layers ignore the pad: it would push them off centre.
  return Math.round((canvasLength - layerLength) / 2);
}

/**
 * The part of a layer placed at `layer.left/top` that the canvas shows: which rectangle of the
 * layer to keep and where it goes. Null when nothing of it is visible. sharp refuses to
 * composite an overlay larger than its base, so every layer is cut to this first.
 */
export function visiblePart(
  layer: Rect,
  canvas: Size,
): { crop: Rect; left: number; top: number } | null {
  const left = Math.max(0, layer.left);
  const top = Math.max(0, layer.top);
  const right = Math.min(canvas.width, layer.left + layer.width);
  const bottom = Math.min(canvas.height, layer.top + layer.height);
  if (right <= left || bottom <= top) return null;
  return {
    crop: {
      left: left - layer.left,
      top: top - layer.top,
      width: right - left,
      height: bottom - top,
    },
    left,
    top,
  };
}

/**
 * A size parameter that takes pixels or, as a 0-1 unit scalar, a fraction of the base image
 * (`mark-w`, `mark-h`, `blend-w`, `blend-h`). Undefined when the parameter is absent.
 */
export function resolveLength(value: ParamValue | undefined, whole: number): number | undefined {
  if (value === undefined) return undefined;
  if (value.type === 'unit_scalar') return Math.max(1, Math.round(value.value * whole));
  if (value.type === 'integer' || value.type === 'number')
    return Math.max(1, Math.round(value.value));
  return undefined;
}

/** Scales `size` down, keeping its aspect ratio, until it fits inside `bounds`; never up. */
export function shrinkToFit(size: Size, bounds: Size): Size {
  const scale = Math.min(1, bounds.width / size.width, bounds.height / size.height);
  if (scale === 1) return size;
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/**
 * Top-left corners of a grid of `tile`-sized copies covering the canvas from its top-left
 * corner, `gap` pixels apart (`mark-tile=grid`, where `mark-pad` is the gap).
 */
export function gridOrigins(
  canvas: Size,
  tile: Size,
  gap: number,
): { left: number; top: number }[] {
  const stepX = tile.width + Math.max(0, gap);
  const stepY = tile.height + Math.max(0, gap);
  const origins: { left: number; top: number }[] = [];
  for (let top = 0; top < canvas.height; top += stepY) {
    for (let left = 0; left < canvas.width; left += stepX) origins.push({ left, top });
  }
  return origins;
}
