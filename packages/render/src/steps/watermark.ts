import { gradientFamilyNames, type Params, type Size } from '@darkroom/core';
import { withLayerGradient } from '../composite/gradient-layers.ts';
import type { RenderContext } from '../pipeline/context.ts';
import type { StepModule } from '../pipeline/step.ts';
import { compositeLayers, frameSize } from '../overlay/composite.ts';
import { loadOverlayImage, overlayLocation } from '../overlay/fetch.ts';
import { anchoredPosition, readAnchor } from '../overlay/anchor.ts';
import { isOverlayFit, planFit, scaleFitPlan } from '../overlay/fit.ts';
import { shadowedMark, shadowsBeneath } from '../overlay/mark-shadow.ts';
import { MARK_DROP_SHADOW_PARAMETERS } from '../overlay/shadow-spec.ts';
import { normaliseDegrees, rotatedBounds } from '../geometry/rotation.ts';
import { admitResize, written } from '../pipeline/budget.ts';
import {
  gridOrigins,
  placeLayer,
  readAlignment,
  resolveLength,
  type Alignment,
} from '../overlay/placement.ts';
import { scaleAlpha, type RgbaLayer } from '../overlay/raw.ts';
import {
  applyFit,
  rotateOverlay,
  shrinkInside,
  type SizedOverlay,
} from '../overlay/resize-overlay.ts';

/** imgix puts a mark in the bottom-right corner, 5 px from the edges (docs: watermark-image-url). */
const DEFAULT_ALIGNMENT: Alignment = { horizontal: 'right', vertical: 'bottom' };
const DEFAULT_PAD = 5;

/**
 * The `mark` family: an image (by URL, or by path on the request's source) drawn over the
 * image, sized, faded, turned, placed or tiled.
 */
export const watermarkStep: StepModule = {
  name: 'watermark',
  parameters: [
    'mark',
    'mark-align',
    'mark-alpha',
    'mark-anchor',
    'mark-base',
    'mark-fit',
    'mark-h',
    'mark-if-min-height',
    'mark-if-min-width',
    'mark-pad',
    'mark-rot',
    'mark-scale',
    'mark-tile',
    'mark-w',
    'mark-x',
    'mark-y',
    // mark-gradient* and mark-fade*: the gradient and fade family on the mark itself.
    ...gradientFamilyNames('mark-'),
    // mark-drop-shadow*: the drop-shadow family on the mark (overlay/mark-shadow.ts).
    ...MARK_DROP_SHADOW_PARAMETERS,
  ],
  async run(context) {
    const location = overlayLocation(context.params, 'mark', 'mark-base');
    if (location === undefined || !meetsMinimumSize(context)) return;
    await drawMark(context, location);
  },
};

function meetsMinimumSize(context: RenderContext): boolean {
  const frame = frameSize(context);
  const minWidth = context.params.number('mark-if-min-width') ?? 0;
  const minHeight = context.params.number('mark-if-min-height') ?? 0;
  return frame.width >= minWidth && frame.height >= minHeight;
}

async function drawMark(context: RenderContext, location: string): Promise<void> {
  const { params } = context;
  const frame = frameSize(context);
  const overlay = await loadOverlayImage(context, location, 'watermark');
  const rotation = params.number('mark-rot') ?? 0;
  const planned = planMarkSize(params, overlay.size, frame);
  admitResize(context.budget, planned.resize, written(params, MARK_SIZE), 'a watermark');
  // The mark is shrunk to fit inside the image below anyway: sized that small in the first
  // place, it is never rasterized larger than it is drawn (mark-scale=8000 would otherwise
  // allocate 80 times the image a side).
  let mark = await applyFit(
    overlay,
    scaleFitPlan(planned, insideFactor(planned.output, rotation, frame)),
  );
  // The watermark-gradient page: applied to the mark "after mark-alpha", so it "rotates and
  // transforms with the watermark" and each mark-tile=grid tile has its own.
  mark = await withLayerGradient(params, 'mark-', mark);
  if (rotation % 360 !== 0) mark = await rotateOverlay(mark, rotation);
  // A mark larger than the image is scaled down to fit it, so none of it is cut off at the edges.
  mark = await shrinkInside(mark, frame);
  scaleAlpha(mark.data, (params.number('mark-alpha') ?? 100) / 100);
  const shadowed = await shadowedMark(context, mark, frame);
  const marks = placeMarks(params, shadowed.mark, frame);
  await compositeLayers(context, [...shadowsBeneath(marks, shadowed.beneath), ...marks]);
}

const MARK_SIZE = ['mark-w', 'mark-h', 'mark-scale', 'mark-fit'];

/** The factor (at most 1) that brings `size`, turned `degrees`, inside `frame`. */
function insideFactor(size: Size, degrees: number, frame: Size): number {
  const turned = degrees % 360 === 0 ? size : rotatedBounds(size, normaliseDegrees(degrees));
  return Math.min(1, frame.width / turned.width, frame.height / turned.height);
}

/**
 * The mark's size: `mark-w` / `mark-h` (pixels or fractions of the image) with `mark-fit`;
 * else `mark-scale`, a percentage of the image the mark fits inside; else its own size.
 */
function planMarkSize(params: Params, natural: Size, frame: Size) {
  const width = resolveLength(params.get('mark-w'), frame.width);
  const height = resolveLength(params.get('mark-h'), frame.height);
  const scale = params.number('mark-scale');
  if (width === undefined && height === undefined && scale !== undefined) {
    const box = {
      width: Math.max(1, Math.round((frame.width * scale) / 100)),
      height: Math.max(1, Math.round((frame.height * scale) / 100)),
    };
    return planFit(natural, box, 'clip');
  }
  const fit = params.string('mark-fit');
  return planFit(natural, { width, height }, isOverlayFit(fit) ? fit : 'clip');
}

function placeMarks(params: Params, mark: SizedOverlay, frame: Size): RgbaLayer[] {
  const pad = params.number('mark-pad') ?? DEFAULT_PAD;
  if (params.string('mark-tile') === 'grid') {
    return gridOrigins(frame, mark, pad).map((origin) => ({ ...mark, ...origin }));
  }
  const { left, top } = placeLayer({
    canvas: frame,
    layer: mark,
    alignment: readAlignment(params.strings('mark-align'), DEFAULT_ALIGNMENT),
    pad,
    // mark-anchor is "only read when mark-x or mark-y is set", on the axis each one sets.
    ...anchoredPosition(
      params.number('mark-x'),
      params.number('mark-y'),
      readAnchor(params.list('mark-anchor')),
      mark,
    ),
  });
  return [{ ...mark, left, top }];
}
