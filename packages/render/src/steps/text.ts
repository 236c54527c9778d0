import type { Params, Rect, Rgba, Size } from '@darkroom/core';
import type { RenderContext } from '../pipeline/context.ts';
import type { StepModule } from '../pipeline/step.ts';
import { compositeLayers, frameSize } from '../overlay/composite.ts';
import { resolveFont } from '../overlay/fonts.ts';
import { cropRgba } from '../overlay/raw.ts';
import { checkTextBounds, TEXT_LIMITS } from '../overlay/text-bounds.ts';
import { written } from '../pipeline/budget.ts';
import { RenderError } from '../pipeline/context.ts';
import { currentDeadline } from '../pipeline/render-deadline.ts';
import { placeLayer, readAlignment, type Alignment } from '../overlay/placement.ts';
import { readTextClip } from '../overlay/text-clip.ts';
import { layoutText, type TextFit } from '../overlay/text-layout.ts';
import { effectMargin, withEffects, type TextEffects } from '../overlay/text-raster.ts';

/** imgix's defaults for `txt` (docs.imgix.com/apis/rendering/text/txt): 12 px black text, 10 px from the bottom-right corner. */
const DEFAULT_ALIGNMENT: Alignment = { horizontal: 'right', vertical: 'bottom' };
const DEFAULT_COLOUR: Rgba = { r: 0, g: 0, b: 0, alpha: 1 };
const DEFAULT_OUTLINE_COLOUR: Rgba = { r: 255, g: 255, b: 255, alpha: 1 };
const DEFAULT_SIZE = 12;
const DEFAULT_PAD = 10;

function hex({ r, g, b }: Rgba): string {
  return `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

function numberOr(params: Params, name: string, fallback: number): number {
  const value = params.getOrDefault(name);
  return value?.type === 'integer' || value?.type === 'number' ? value.value : fallback;
}

/**
 * The `txt` family: one line (or, with newlines, a block) of text drawn over the image. Sizes
 * are device-independent pixels as imgix documents (`txt-pad`, `txt-width`), so they scale with
 * `dpr` like the image does.
 */
export const textStep: StepModule = {
  name: 'text',
  parameters: [
    'txt',
    'txt-align',
    'txt-clip',
    'txt-color',
    'txt-fit',
    'txt-font',
    'txt-h',
    'txt-lead',
    'txt-line',
    'txt-line-color',
    'txt-pad',
    'txt-shad',
    'txt-size',
    'txt-track',
    'txt-width',
    'txt-x',
    'txt-y',
  ],
  async run(context) {
    const text = context.params.string('txt');
    if (text === undefined || text === '') return;
    await drawText(context, text);
  },
};

async function drawText(context: RenderContext, text: string): Promise<void> {
  const { params } = context;
  const deadline = currentDeadline();
  const dpr = numberOr(params, 'dpr', 1);
  const frame = frameSize(context);
  const pad = numberOr(params, 'txt-pad', DEFAULT_PAD) * dpr;
  const colour = params.color('txt-color') ?? DEFAULT_COLOUR;
  const alignment = readAlignment(params.strings('txt-align'), DEFAULT_ALIGNMENT);
  const lineWidth = numberOr(params, 'txt-line', 0) * dpr;
  const effects: TextEffects = {
    outline:
      lineWidth > 0
        ? { width: lineWidth, colour: params.color('txt-line-color') ?? DEFAULT_OUTLINE_COLOUR }
        : null,
    // imgix documents txt-shad from 0 to 10; a larger strength is drawn as 10.
    shadow: Math.min(10, Math.max(0, numberOr(params, 'txt-shad', 0))),
    scale: dpr,
  };
  const style = {
    font: resolveFont(params.string('txt-font')),
    sizePx: numberOr(params, 'txt-size', DEFAULT_SIZE) * dpr,
    trackingPx: numberOr(params, 'txt-track', 0) * dpr,
    colourHex: hex(colour),
  };
  const leading = numberOr(params, 'txt-lead', 0) * dpr;
  checkOutline(params, lineWidth);
  // Before Pango lays anything out: the text and the surface it is drawn on fit the limits.
  checkTextBounds({ text, ...style, leadingPx: leading }, context.limits.maxInputPixels);
  const width = params.number('txt-width');
  const fill = await layoutText({
    text,
    style,
    options: {
      align: alignment.horizontal === 'center' ? 'centre' : alignment.horizontal,
      leading,
    },
    room: {
      // imgix treats txt-width=0 as no width.
      width: Math.max(1, width === undefined || width <= 0 ? frame.width - 2 * pad : width * dpr),
      height: Math.max(1, textHeight(params, frame, dpr) ?? frame.height - 2 * pad),
    },
    fit: readTextFit(params.string('txt-fit')),
    clip: readTextClip(params.strings('txt-clip')),
    deadline,
  });
  if (!fill) return;
  const margin = effectMargin(effects);
  const x = params.number('txt-x');
  const y = params.number('txt-y');
  // The ink aligns to the image; the outline and shadow spill around it, as CSS text-shadow does.
  const { left, top } = placeLayer({
    canvas: frame,
    layer: { width: fill.width, height: fill.height },
    alignment,
    pad,
    x: x === undefined ? undefined : x * dpr,
    y: y === undefined ? undefined : y * dpr,
  });
  // Only ink within reach of the frame (its effects included) is drawn: the effects' work is
  // bounded by the image, however tall or wide the text.
  const reach = inkWithinReach(fill, { left, top }, frame, margin);
  if (reach === null) return;
  const ink = isWhole(reach, fill)
    ? fill
    : { data: cropRgba(fill.data, fill.width, reach), ...size(reach) };
  const layer = await withEffects(ink, effects, colour.alpha, deadline);
  deadline.check();
  await compositeLayers(context, [
    { ...layer, left: left + reach.left - margin, top: top + reach.top - margin },
  ]);
}

function readTextFit(value: string | undefined): TextFit | undefined {
  return value === 'max' || value === 'wrap' || value === 'wrapmax' ? value : undefined;
}

/**
 * `txt-h` (docs.imgix.com/apis/rendering/text/text-height): the most height the text block may
 * take, "measured in CSS pixels multiplied by dpr, or given as a decimal fraction of the image
 * height"; read only with txt-fit (its catalogue dependency): max and wrapmax scale the block
 * down to fit it, wrap cuts the lines past it. Undefined when absent or 0, which leaves the image less its pads.
 */
function textHeight(params: Params, frame: Size, dpr: number): number | undefined {
  const value = params.get('txt-h');
  if (value?.type === 'unit_scalar' && value.value > 0) return value.value * frame.height;
  if (value?.type === 'integer' && value.value > 0) return value.value * dpr;
  return undefined;
}

function size(rect: Rect): Size {
  return { width: rect.width, height: rect.height };
}

function isWhole(rect: Rect, raster: Size): boolean {
  return rect.width === raster.width && rect.height === raster.height;
}

/**
 * The part of the ink (in its own pixels) that lies within `margin` of the frame once placed at
 * `at`: farther ink neither shows nor casts an outline or shadow onto the image. Null when none.
 */
export function inkWithinReach(
  ink: Size,
  at: { left: number; top: number },
  frame: Size,
  margin: number,
): Rect | null {
  const left = Math.max(0, -at.left - margin);
  const top = Math.max(0, -at.top - margin);
  const right = Math.min(ink.width, frame.width - at.left + margin);
  const bottom = Math.min(ink.height, frame.height - at.top + margin);
  if (right <= left || bottom <= top) return null;
  return { left, top, width: right - left, height: bottom - top };
}

/** Refuses (413) an outline wider than the disc dilation may grow (txt-line by dpr). */
function checkOutline(params: Params, widthPx: number): void {
  if (widthPx <= TEXT_LIMITS.maxOutlinePx) return;
  throw new RenderError(
    413,
    `${written(params, ['txt-line', 'dpr'])} is an outline of ${Math.round(widthPx)} pixels; this server draws text outlines up to ${TEXT_LIMITS.maxOutlinePx} pixels.`,
  );
}
