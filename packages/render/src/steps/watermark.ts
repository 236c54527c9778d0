import type { Params, Size } from '@darkroom/core';
import type { RenderContext } from '../pipeline/context.ts';
import type { StepModule } from '../pipeline/step.ts';
import { compositeLayers, frameSize } from '../overlay/composite.ts';
import { loadOverlayImage, overlayLocation } from '../overlay/fetch.ts';
import { isOverlayFit, planFit } from '../overlay/fit.ts';
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
  let mark = await applyFit(overlay, planMarkSize(params, overlay.size, frame));
  const rotation = params.number('mark-rot') ?? 0;
  if (rotation % 360 !== 0) mark = await rotateOverlay(mark, rotation);
  // A mark larger than the image is scaled down to fit it, so none of it is cut off at the edges.
  mark = await shrinkInside(mark, frame);
  scaleAlpha(mark.data, (params.number('mark-alpha') ?? 100) / 100);
  await compositeLayers(context, placeMarks(params, mark, frame));
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
    x: params.number('mark-x'),
    y: params.number('mark-y'),
  });
  return [{ ...mark, left, top }];
}
