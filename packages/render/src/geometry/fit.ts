import type { Size } from '@darkroom/core';
import { fitFactor, scaledWithin } from './margins.ts';
import { toPixels } from './pixels.ts';

/**
 * The size arithmetic of imgix's `w`, `h`, `dpr`, `ar`, `min-*`/`max-*` and `fit`
 * (docs.imgix.com/apis/rendering/size/*): which size the image is scaled to, which part of it is
 * kept and which canvas it sits on. No pixels here; the size step turns a plan into sharp calls.
 */

export type FitMode = 'clamp' | 'clip' | 'crop' | 'fill' | 'fillmax' | 'max' | 'min' | 'scale';

export const FIT_MODES: readonly FitMode[] = [
  'clamp',
  'clip',
  'crop',
  'fill',
  'fillmax',
  'max',
  'min',
  'scale',
];

/** `w` or `h` as given: whole pixels, or a 0-1 fraction of the image as it stands. */
export type Dimension = { unit: 'pixels'; value: number } | { unit: 'fraction'; value: number };

/** `min-w`, `max-w`, `min-h`, `max-h`: imgix applies them with fit=crop only. */
export interface SizeBounds {
  minWidth: number | null;
  maxWidth: number | null;
  minHeight: number | null;
  maxHeight: number | null;
}

export const NO_BOUNDS: SizeBounds = {
  minWidth: null,
  maxWidth: null,
  minHeight: null,
  maxHeight: null,
};

export interface SizeRequest {
  /** The image before resizing (after orientation, trim and rect). */
  source: Size;
  fit: FitMode;
  width: Dimension | null;
  height: Dimension | null;
  /** Device pixel ratio; multiplies `w` and `h`, and does nothing without them (imgix dpr doc). */
  dpr: number;
  /** `ar` as width / height; used by fit=crop, fill and fillmax. */
  aspectRatio: number | null;
  bounds: SizeBounds;
  /** `fp-z`: extra zoom of a focal-point crop (1 = none). */
  zoom: number;
  /** Longest output side (8192): larger results are scaled down whole, as imgix does. */
  maxOutputSide: number;
  /** Most pixels of the output (RENDER_MAX_MEGAPIXELS per frame); larger results shrink alike. */
  maxOutputPixels?: number;
  /**
   * A further factor (at most 1) for the whole result: what the padding, stroke or a pivot
   * rotation will add around it would otherwise grow the output past its limits (margins.ts).
   */
  scale?: number;
  /**
   * `fill-max=source` (docs.imgix.com/apis/rendering/fill/fill-max): each side of a fit=fillmax
   * canvas is at most the source's, so a small image is not padded past its own size.
   */
  fillMaxSource?: boolean;
  /**
   * Padding and stroke the later steps add around the result. imgix sizes "the image (including
   * the padding) to fit within the requested dimensions", so they come off a requested side.
   */
  reserved?: Size;
}

/** A canvas larger than the image (fit=fill, fillmax, clamp) and where the image sits on it. */
export interface Canvas extends Size {
  imageLeft: number;
  imageTop: number;
}

export interface ResizePlan {
  /** The whole current image is scaled to this size (equal to the source when nothing changes). */
  scaled: Size;
  /** The part of `scaled` that is kept (fit=crop, fit=min); where it lies is the crop mode's call. */
  cropTo: Size | null;
  /** The canvas around the kept image, or null when the image is the whole output. */
  canvas: Canvas | null;
  output: Size;
}

/**
 * Plans the resize; the output never exceeds `maxOutputSide` on either side nor
 * `maxOutputPixels` in all, and is scaled by `scale` besides.
 */
export function planResize(request: SizeRequest): ResizePlan {
  const plan = planWithoutLimit(request);
  const limit = {
    side: request.maxOutputSide,
    pixels: request.maxOutputPixels ?? Number.POSITIVE_INFINITY,
  };
  const factor = fitFactor(plan.output, limit) * Math.min(1, request.scale ?? 1);
  if (factor >= 1) return plan;
  // imgix: "All output images will be sized down to accommodate this limit". The long side
  // lands on the limit exactly; the short side is rounded once, at the end (rounding it before
  // planning again let it bind a fit=clip: 9000x30 came out 8100x27, not 8192x27).
  // A plain resize is just made smaller.
  if (!plan.cropTo && !plan.canvas) return image(scaledWithin(plan.output, factor, limit));
  // The same request shrunk whole, so a crop keeps its window and a fill its proportions;
  // rounded down where the pixel limit binds, which rounding up could pass.
  const whole = (length: number) =>
    plan.output.width * plan.output.height * factor * factor > limit.pixels * 0.999
      ? Math.max(1, Math.floor(length))
      : length;
  return planWithoutLimit({
    ...request,
    width: { unit: 'pixels', value: whole(plan.output.width * factor) },
    height: { unit: 'pixels', value: whole(plan.output.height * factor) },
    dpr: 1,
    aspectRatio: null,
    bounds: NO_BOUNDS,
    // The first plan already took the padding and stroke off.
    reserved: { width: 0, height: 0 },
  });
}

interface Target {
  width: number | null;
  height: number | null;
}

/** The requested box in pixels (fractional until the plan rounds), null for an open side. */
function resolveTarget(request: SizeRequest): Target {
  const { source } = request;
  const scale = request.dpr > 0 ? request.dpr : 1;
  let width = request.width ? length(request.width, source.width) * scale : null;
  let height = request.height ? length(request.height, source.height) * scale : null;

  const ratio = request.aspectRatio;
  if (ratio !== null && ratio > 0 && usesAspectRatio(request.fit)) {
    if (width !== null && height !== null) {
      // Both sides and a ratio: the largest box of that ratio inside them (imgix video `ar` doc).
      if (width / height > ratio) width = height * ratio;
      else height = width / ratio;
    } else if (width !== null) {
      height = width / ratio;
    } else if (height !== null) {
      width = height * ratio;
    } else {
      ({ width, height } = reframe(source, ratio, request.fit === 'crop' ? 'inside' : 'around'));
    }
  }

  if (request.fit === 'crop' && hasBounds(request.bounds)) {
    if (width === null && height === null) {
      width = source.width;
      height = source.height;
    } else if (width === null && height !== null) {
      width = (height * source.width) / source.height;
    } else if (height === null && width !== null) {
      height = (width * source.height) / source.width;
    }
    const { minWidth, maxWidth, minHeight, maxHeight } = request.bounds;
    width = bound(width ?? source.width, minWidth, maxWidth);
    height = bound(height ?? source.height, minHeight, maxHeight);
  }
  const reserved = request.reserved ?? { width: 0, height: 0 };
  return {
    width: width === null ? null : Math.max(1, width - reserved.width),
    height: height === null ? null : Math.max(1, height - reserved.height),
  };
}

function planWithoutLimit(request: SizeRequest): ResizePlan {
  const { source, fit } = request;
  const { width, height } = resolveTarget(request);
  if (width === null && height === null) return unchanged(source);

  const widthScale = width === null ? Infinity : width / source.width;
  const heightScale = height === null ? Infinity : height / source.height;
  const containScale = Math.min(widthScale, heightScale);

  switch (fit) {
    case 'scale':
      return image({
        width: toPixels(width ?? source.width * heightScale),
        height: toPixels(height ?? source.height * widthScale),
      });
    case 'max':
      return image(scaleBy(source, Math.min(containScale, 1)));
    case 'crop':
      if (width === null || height === null) return image(scaleBy(source, containScale));
      return cover(source, { width, height }, request.zoom);
    case 'min':
      if (width === null || height === null) {
        return image(scaleBy(source, Math.min(containScale, 1)));
      }
      return coverWithoutEnlarging(source, { width, height });
    case 'fill':
    case 'clamp':
      return onCanvas(source, width, height, containScale);
    case 'fillmax':
      return fillMax(source, width, height, request.fillMaxSource === true);
    case 'clip':
      return image(scaleBy(source, containScale));
  }
}

/** Scales to cover the box, then keeps a box-sized window (the crop mode places it). */
function cover(source: Size, box: Size, zoom: number): ResizePlan {
  const output = { width: toPixels(box.width), height: toPixels(box.height) };
  const factor = Math.max(output.width / source.width, output.height / source.height) * zoom;
  const scaled = {
    width: Math.max(output.width, Math.round(source.width * factor)),
    height: Math.max(output.height, Math.round(source.height * factor)),
  };
  return { scaled, cropTo: output, canvas: null, output };
}

/**
 * fit=min: "Resizes and crops the image to match the aspect ratio of the requested width and
 * height. Will not exceed the original width and height of the image." When covering the box
 * would enlarge, keep the largest window of the box's shape at the original scale instead.
 */
function coverWithoutEnlarging(source: Size, box: Size): ResizePlan {
  const factor = Math.max(box.width / source.width, box.height / source.height);
  if (factor <= 1) return cover(source, box, 1);
  const output = {
    width: Math.min(source.width, toPixels(box.width / factor)),
    height: Math.min(source.height, toPixels(box.height / factor)),
  };
  return { scaled: { ...source }, cropTo: output, canvas: null, output };
}

function onCanvas(
  source: Size,
  width: number | null,
  height: number | null,
  factor: number,
): ResizePlan {
  const scaled = scaleBy(source, factor);
  const canvasSize = {
    width: Math.max(scaled.width, width === null ? scaled.width : toPixels(width)),
    height: Math.max(scaled.height, height === null ? scaled.height : toPixels(height)),
  };
  if (canvasSize.width === scaled.width && canvasSize.height === scaled.height) {
    return image(scaled);
  }
  const canvas: Canvas = {
    ...canvasSize,
    imageLeft: Math.floor((canvasSize.width - scaled.width) / 2),
    imageTop: Math.floor((canvasSize.height - scaled.height) / 2),
  };
  return { scaled, cropTo: null, canvas, output: canvasSize };
}

/**
 * fit=fillmax (docs.imgix.com/apis/rendering/size/resize-fit-mode, and the canvas table of
 * docs.imgix.com/apis/rendering/fill/fill-max): the image is never enlarged, and the canvas is
 * the requested box. With one side requested, the box has the source's aspect ratio (a 300x200
 * source with w=400 sits on a 400x267 canvas); with both, it is w x h. When the image is larger
 * than the box it shrinks to fit it and needs no canvas. `fill-max=source` caps each side of the
 * box at the source's own, in output pixels (w and h already carry dpr here).
 */
function fillMax(
  source: Size,
  width: number | null,
  height: number | null,
  capAtSource: boolean,
): ResizePlan {
  let box = {
    width: width ?? ((height ?? source.height) * source.width) / source.height,
    height: height ?? ((width ?? source.width) * source.height) / source.width,
  };
  if (capAtSource) {
    box = { width: Math.min(box.width, source.width), height: Math.min(box.height, source.height) };
  }
  const factor = Math.min(1, box.width / source.width, box.height / source.height);
  return onCanvas(source, box.width, box.height, factor);
}

/**
 * The frame of `ratio` drawn from the source alone (`ar` without `w`/`h`): the largest one
 * inside it for a crop, the smallest one around it for a fill (imgix `ar` doc).
 */
function reframe(source: Size, ratio: number, mode: 'inside' | 'around'): Size {
  const sourceIsWider = source.width / source.height > ratio;
  const keepsHeight = mode === 'inside' ? sourceIsWider : !sourceIsWider;
  return keepsHeight
    ? { width: source.height * ratio, height: source.height }
    : { width: source.width, height: source.width / ratio };
}

function length(dimension: Dimension, whole: number): number {
  return dimension.unit === 'fraction' ? dimension.value * whole : dimension.value;
}

function usesAspectRatio(fit: FitMode): boolean {
  return fit === 'crop' || fit === 'fill' || fit === 'fillmax';
}

function hasBounds(bounds: SizeBounds): boolean {
  return (
    bounds.minWidth !== null ||
    bounds.maxWidth !== null ||
    bounds.minHeight !== null ||
    bounds.maxHeight !== null
  );
}

function bound(value: number, min: number | null, max: number | null): number {
  const atLeast = min === null ? value : Math.max(value, min);
  return max === null ? atLeast : Math.min(atLeast, max);
}

function scaleBy(source: Size, factor: number): Size {
  return { width: toPixels(source.width * factor), height: toPixels(source.height * factor) };
}

function image(size: Size): ResizePlan {
  return { scaled: size, cropTo: null, canvas: null, output: size };
}

function unchanged(source: Size): ResizePlan {
  return image({ ...source });
}
