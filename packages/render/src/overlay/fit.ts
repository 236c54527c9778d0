import type { Rect, Size } from '@darkroom/core';

/** How an overlay image meets its target box (`mark-fit`, `blend-fit`), as imgix's `fit` does. */
export type OverlayFit = 'clamp' | 'clip' | 'crop' | 'fill' | 'max' | 'scale';

export function isOverlayFit(value: string | undefined): value is OverlayFit {
  return (
    value === 'clamp' ||
    value === 'clip' ||
    value === 'crop' ||
    value === 'fill' ||
    value === 'max' ||
    value === 'scale'
  );
}

/** Which edges a crop keeps (`blend-crop`); an axis left unnamed is cropped evenly. */
export interface CropGravity {
  horizontal: 'left' | 'center' | 'right';
  vertical: 'top' | 'middle' | 'bottom';
}

const CENTRE: CropGravity = { horizontal: 'center', vertical: 'middle' };

/**
 * Reads `blend-crop` (top, bottom, left, right, faces). Without face detection, `faces` keeps
 * the fallback imgix documents for an image with no faces: the other values, else the centre.
 */
export function readCropGravity(values: readonly string[]): CropGravity {
  const gravity = { ...CENTRE };
  for (const value of values) {
    if (value === 'left' || value === 'right') gravity.horizontal = value;
    if (value === 'top' || value === 'bottom') gravity.vertical = value;
  }
  return gravity;
}

/**
 * The operations that bring an overlay of `source` size to its target: resize to `resize`
 * exactly, then cut `extract` out of it (crop) or add `extend` around it (fill, clamp).
 * `output` is the final size.
 */
export interface FitPlan {
  resize: Size;
  extract: Rect | null;
  extend: {
    top: number;
    bottom: number;
    left: number;
    right: number;
    edge: 'transparent' | 'copy';
  } | null;
  output: Size;
}

/**
 * Plans an overlay fit. With neither target side the overlay keeps its size; with one side it
 * scales proportionally to it, whatever the mode (crop, fill and clamp need both sides).
 */
export function planFit(
  source: Size,
  target: { width?: number | undefined; height?: number | undefined },
  fit: OverlayFit,
  gravity: CropGravity = CENTRE,
): FitPlan {
  const { width, height } = target;
  if (width === undefined && height === undefined) return unchanged(source);
  if (width === undefined || height === undefined) {
    const scale = width !== undefined ? width / source.width : (height ?? 0) / source.height;
    if (fit === 'max' && scale > 1) return unchanged(source);
    return unchanged(scaled(source, scale));
  }
  switch (fit) {
    case 'scale':
      return unchanged({ width, height });
    case 'max': {
      const scale = Math.min(1, width / source.width, height / source.height);
      return unchanged(scaled(source, scale));
    }
    case 'crop': {
      const scale = Math.max(width / source.width, height / source.height);
      const resize = scaled(source, scale);
      const extract = {
        left: offset(
          resize.width - width,
          gravity.horizontal === 'left',
          gravity.horizontal === 'right',
        ),
        top: offset(
          resize.height - height,
          gravity.vertical === 'top',
          gravity.vertical === 'bottom',
        ),
        width: Math.min(width, resize.width),
        height: Math.min(height, resize.height),
      };
      return {
        resize,
        extract,
        extend: null,
        output: { width: extract.width, height: extract.height },
      };
    }
    case 'fill':
    case 'clamp': {
      const resize = scaled(source, Math.min(width / source.width, height / source.height));
      const spareX = Math.max(0, width - resize.width);
      const spareY = Math.max(0, height - resize.height);
      const left = Math.floor(spareX / 2);
      const top = Math.floor(spareY / 2);
      return {
        resize,
        extract: null,
        extend: {
          left,
          right: spareX - left,
          top,
          bottom: spareY - top,
          edge: fit === 'clamp' ? 'copy' : 'transparent',
        },
        output: { width: resize.width + spareX, height: resize.height + spareY },
      };
    }
    case 'clip':
      return unchanged(scaled(source, Math.min(width / source.width, height / source.height)));
  }
}

function unchanged(size: Size): FitPlan {
  return { resize: size, extract: null, extend: null, output: size };
}

function scaled(size: Size, scale: number): Size {
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

function offset(excess: number, keepStart: boolean, keepEnd: boolean): number {
  if (excess <= 0 || keepStart) return 0;
  if (keepEnd) return excess;
  return Math.floor(excess / 2);
}

/**
 * The plan scaled by `factor` (a mark that will be shrunk to fit inside the image is sized
 * smaller in the first place, so it is never rasterized larger than it is drawn).
 */
export function scaleFitPlan(plan: FitPlan, factor: number): FitPlan {
  if (factor >= 1) return plan;
  const length = (value: number) => Math.max(1, Math.round(value * factor));
  const offset = (value: number) => Math.round(value * factor);
  const resize = { width: length(plan.resize.width), height: length(plan.resize.height) };
  const extract = plan.extract && {
    left: Math.min(offset(plan.extract.left), resize.width - 1),
    top: Math.min(offset(plan.extract.top), resize.height - 1),
    width: length(plan.extract.width),
    height: length(plan.extract.height),
  };
  if (extract) {
    extract.width = Math.min(extract.width, resize.width - extract.left);
    extract.height = Math.min(extract.height, resize.height - extract.top);
  }
  const extend = plan.extend && {
    ...plan.extend,
    top: offset(plan.extend.top),
    bottom: offset(plan.extend.bottom),
    left: offset(plan.extend.left),
    right: offset(plan.extend.right),
  };
  const inner = extract ?? resize;
  const output = extend
    ? {
        width: inner.width + extend.left + extend.right,
        height: inner.height + extend.top + extend.bottom,
      }
    : { width: inner.width, height: inner.height };
  return { resize, extract, extend, output };
}

/**
 * The plan cut to `part` of its output (the part of a layer the image shows), so only that part
 * is rasterized; null when that part is wholly transparent. sharp cuts (after a resize) before
 * it extends, so a filled plan cuts the resized overlay to what shows of it and extends that by
 * the margins that show; a clamped one copies the nearest edge pixels into them.
 */
export function visibleFitPlan(plan: FitPlan, part: Rect): FitPlan | null {
  const output = { width: part.width, height: part.height };
  const { extend } = plan;
  if (!extend) {
    const origin = plan.extract ?? { left: 0, top: 0 };
    const extract = { left: origin.left + part.left, top: origin.top + part.top, ...output };
    return { ...plan, extract, output };
  }
  const copy = extend.edge === 'copy';
  const x = shownOnAxis(part.left, part.width, extend.left, plan.resize.width, copy);
  const y = shownOnAxis(part.top, part.height, extend.top, plan.resize.height, copy);
  if (!x || !y) return null;
  return {
    resize: plan.resize,
    extract: { left: x.from, top: y.from, width: x.length, height: y.length },
    extend: { left: x.before, right: x.after, top: y.before, bottom: y.after, edge: extend.edge },
    output,
  };
}

/**
 * On one axis: which pixels of the resized overlay (at `imageStart`, `imageLength` long) a
 * window from `start`, `length` long shows, and how much margin lies before and after them.
 * A window wholly in the margin shows nothing, or, copying edges, the nearest edge pixel.
 */
function shownOnAxis(
  start: number,
  length: number,
  imageStart: number,
  imageLength: number,
  copy: boolean,
): { from: number; length: number; before: number; after: number } | null {
  const from = Math.max(start, imageStart);
  const to = Math.min(start + length, imageStart + imageLength);
  if (to > from) {
    return {
      from: from - imageStart,
      length: to - from,
      before: from - start,
      after: start + length - to,
    };
  }
  if (!copy) return null;
  const edge = start >= imageStart + imageLength ? imageLength - 1 : 0;
  return { from: edge, length: 1, before: 0, after: length - 1 };
}
