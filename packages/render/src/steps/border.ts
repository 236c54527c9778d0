import type { Params, Rect, Rgba, Size } from '@darkroom/core';
import sharp from 'sharp';
import { composeOntoCanvas } from '../composite/canvas.ts';
import { composeOnto, extendCanvas, solidLayer } from '../composite/layers.ts';
import { cornerRadii, numberOf } from '../composite/param-values.ts';
import {
  hasRoundedCorner,
  ringSvg,
  roundedRectSvg,
  uniformRadii,
  type CornerRadii,
} from '../composite/shapes.ts';
import { isEmpty, resolveSides, type Sides } from '../composite/sides.ts';
import type { RenderContext } from '../pipeline/context.ts';
import type { StepModule } from '../pipeline/step.ts';

interface Border {
  sides: Sides;
  colour: Rgba;
  outer: CornerRadii;
  inner: CornerRadii;
}

/** `border=size,color` with the one-side overrides and the two radius families. */
export function readBorder(params: Params): Border | undefined {
  const [size, colour] = params.list('border') ?? [];
  if (!size || colour?.type !== 'color') return undefined;
  const sides = resolveSides(numberOf(size) ?? 0, {
    top: params.number('border-top'),
    right: params.number('border-right'),
    bottom: params.number('border-bottom'),
    left: params.number('border-left'),
  });
  return {
    sides,
    colour: colour.value,
    outer: cornerRadii(params, 'border-radius') ?? uniformRadii(0),
    inner: cornerRadii(params, 'border-radius-inner') ?? uniformRadii(0),
  };
}

/** imgix's default stroke colour: transparent white (0FFF). */
const DEFAULT_STROKE_COLOUR: Rgba = { r: 255, g: 255, b: 255, alpha: 0 };

/** `border-stroke-size` and `border-stroke-color`: an outline drawn around the border's outside. */
export function readStroke(params: Params): { size: number; colour: Rgba } | undefined {
  const size = Math.round(params.number('border-stroke-size') ?? 0);
  if (size <= 0) return undefined;
  return { size, colour: params.color('border-stroke-color') ?? DEFAULT_STROKE_COLOUR };
}

/**
 * A band of the border colour drawn over the edge of the image, which keeps its size: imgix
 * documents that the border "overlays the image without resizing it"
 * (docs.imgix.com/apis/rendering/border-and-padding/border-size-color). It is drawn after the
 * padding, so it frames the padded canvas. Rounded outer corners leave transparency outside the
 * curve; rounded inner corners let the border colour cut into the image's corners.
 */
export const borderStep: StepModule = {
  name: 'border',
  parameters: [
    'border',
    'border-top',
    'border-right',
    'border-bottom',
    'border-left',
    'border-radius',
    'border-radius-inner',
    'border-stroke-size',
    'border-stroke-color',
  ],
  async run(context) {
    const border = readBorder(context.params);
    const stroke = readStroke(context.params);
    // The stroke's width as the size step scaled it to the output's limits, when it has run.
    if (stroke && context.margins) stroke.size = context.margins.stroke;
    await drawBorder(context, border);
    if (stroke && stroke.size > 0) {
      await drawStroke(context, stroke, border?.outer ?? uniformRadii(0));
    }
  },
};

async function drawBorder(context: RenderContext, border: Border | undefined): Promise<void> {
  if (!border || (isEmpty(border.sides) && !hasRoundedCorner(border.outer))) return;
  const { colour, outer, inner } = border;
  const { width, height } = context;
  // A border wider than the image covers all of it: the band never reaches past the far edge.
  const left = Math.min(width, border.sides.left);
  const top = Math.min(height, border.sides.top);
  const hole = {
    left,
    top,
    width: Math.max(0, width - left - border.sides.right),
    height: Math.max(0, height - top - border.sides.bottom),
  };
  const square = !hasRoundedCorner(outer) && !hasRoundedCorner(inner);
  // A still's square border is four solid bands, never a canvas-sized layer; an animation's
  // layers repeat down its frames (composeOnto), so they are one frame's size.
  const layers: sharp.OverlayOptions[] =
    square && !context.animated
      ? bands({ width, height }, hole, colour)
      : [{ input: ringSvg(width, height, outer, hole, inner, colour), left: 0, top: 0 }];
  if (hasRoundedCorner(outer)) {
    layers.push({ input: roundedRectSvg(width, height, outer), left: 0, top: 0, blend: 'dest-in' });
  }
  if (layers.length > 0) await composeOnto(context, layers);
}

/** The parts of `canvas` around `hole`, as solid layers of `colour` (empty ones left out). */
function bands(canvas: Size, hole: Rect, colour: Rgba): sharp.OverlayOptions[] {
  const below = hole.top + hole.height;
  const right = hole.left + hole.width;
  const parts: Rect[] = [
    { left: 0, top: 0, width: canvas.width, height: hole.top },
    { left: 0, top: below, width: canvas.width, height: canvas.height - below },
    { left: 0, top: hole.top, width: hole.left, height: hole.height },
    { left: right, top: hole.top, width: canvas.width - right, height: hole.height },
  ];
  return parts
    .filter((part) => part.width > 0 && part.height > 0)
    .map((part) => ({
      input: { create: solidLayer(part.width, part.height, colour) },
      left: part.left,
      top: part.top,
    }));
}

/**
 * The stroke follows the outside of the border (or of the image when there is none), so with
 * rounded outer corners it is a rounded ring whose radii grow by the stroke's width.
 */
async function drawStroke(
  context: RenderContext,
  stroke: { size: number; colour: Rgba },
  outline: CornerRadii,
): Promise<void> {
  const { size, colour } = stroke;
  if (!hasRoundedCorner(outline)) {
    await extendCanvas(context, { top: size, right: size, bottom: size, left: size }, colour);
    return;
  }
  const width = context.width + 2 * size;
  const height = context.height + 2 * size;
  const grown = {
    topLeft: outline.topLeft + size,
    topRight: outline.topRight + size,
    bottomRight: outline.bottomRight + size,
    bottomLeft: outline.bottomLeft + size,
  };
  const hole = { left: size, top: size, width: context.width, height: context.height };
  await composeOntoCanvas(context, {
    width,
    height,
    background: () => sharp(ringSvg(width, height, grown, hole, outline, colour)),
    left: size,
    top: size,
    clip: roundedRectSvg(width, height, grown),
  });
}
