import type { Params, ParamValue, Size } from '@darkroom/core';
import { readCropStrategy, type CropStrategy, type FocalPoint } from '../geometry/crop-window.ts';
import type { Dimension, FitMode, SizeRequest } from '../geometry/fit.ts';
import type { CanvasLimit, Growth, Margins } from '../geometry/margins.ts';
import { normaliseDegrees } from '../geometry/rotation.ts';
import { readStroke } from './border.ts';
import { readWrittenFit } from './fit-param.ts';
import { paddingSides } from './padding.ts';

/** Turns the size parameters into the pure request of geometry/fit.ts. */
export function readSizeRequest(
  params: Params,
  source: Size,
  limit: CanvasLimit,
  crop: CropStrategy,
  fit: FitMode,
): SizeRequest {
  // `ar` applies "only when either fit=crop or fit=fill" (imgix aspect-ratio doc): a face area
  // is neither, so fit=facearea,fill keeps it for its fill fallback alone.
  const faceArea = fit === 'crop' && readWrittenFit(params).mode === 'facearea';
  const ratio = faceArea ? undefined : params.ratio('ar');
  return {
    source,
    fit,
    width: dimension(params.get('w')),
    height: dimension(params.get('h')),
    dpr: params.number('dpr') ?? 1,
    aspectRatio: ratio && ratio.height > 0 ? ratio.width / ratio.height : null,
    bounds: {
      minWidth: params.number('min-w') ?? null,
      maxWidth: params.number('max-w') ?? null,
      minHeight: params.number('min-h') ?? null,
      maxHeight: params.number('max-h') ?? null,
    },
    zoom: crop.kind === 'focalpoint' ? Math.max(1, crop.zoom) : 1,
    maxOutputSide: limit.side,
    maxOutputPixels: limit.pixels,
    reserved: reservedFrame(readMargins(params)),
    // docs.imgix.com/apis/rendering/fill/fill-max: "source" (any case) caps the fillmax canvas
    // at the source's size; "Any other value is ignored".
    fillMaxSource: params.string('fill-max')?.toLowerCase() === 'source',
  };
}

/**
 * The padding and stroke the later steps put around the image, as the URL gives them. The
 * border is not among them: it is drawn over the image's edge (border.ts).
 */
export function readMargins(params: Params): Margins {
  return {
    padding: paddingSides(params),
    stroke: readStroke(params)?.size ?? 0,
  };
}

/** Everything after the size step that grows the canvas: a pivot rotation and the margins. */
export function readGrowth(params: Params): Growth {
  const pivot = params.string('rot-type') === 'pivot';
  return {
    pivot: pivot ? normaliseDegrees(params.number('rot') ?? 0) : 0,
    margins: readMargins(params),
  };
}

/** The padding and stroke the later steps put around the image, per axis. */
function reservedFrame({ padding, stroke }: Margins): Size {
  return {
    width: padding.left + padding.right + 2 * stroke,
    height: padding.top + padding.bottom + 2 * stroke,
  };
}

/** `crop` read without detecting anything (crop-chain.ts resolves the detecting modes). */
export function readCrop(params: Params): CropStrategy {
  return readCropStrategy(params.strings('crop'), readFocalPoint(params));
}

export function readFocalPoint(params: Params): FocalPoint {
  return {
    x: params.number('fp-x') ?? 0.5,
    y: params.number('fp-y') ?? 0.5,
    zoom: params.number('fp-z') ?? 1,
  };
}

function dimension(value: ParamValue | undefined): Dimension | null {
  if (!value || (value.type !== 'integer' && value.type !== 'unit_scalar')) return null;
  if (value.value <= 0) return null;
  return value.type === 'unit_scalar'
    ? { unit: 'fraction', value: value.value }
    : { unit: 'pixels', value: value.value };
}
