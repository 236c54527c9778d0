import type { Params, Rgba } from '@darkroom/core';
import sharp from 'sharp';
import { composeOntoCanvas } from '../composite/canvas.ts';
import { extendCanvas } from '../composite/layers.ts';
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
 * A frame around the image that grows the canvas like padding, in the border colour. Rounded
 * outer corners leave transparency outside the curve; rounded inner corners let the border
 * colour cut into the image's corners.
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
    // The widths as the size step scaled them to the output's limits, when it has run.
    const { margins } = context;
    if (border && margins) border.sides = margins.border;
    if (stroke && margins) stroke.size = margins.stroke;
    await drawBorder(context, border);
    if (stroke && stroke.size > 0) {
      await drawStroke(context, stroke, border?.outer ?? uniformRadii(0));
    }
  },
};

async function drawBorder(context: RenderContext, border: Border | undefined): Promise<void> {
  if (!border || (isEmpty(border.sides) && !hasRoundedCorner(border.outer))) return;
  const { sides, colour, outer, inner } = border;
  if (!hasRoundedCorner(outer) && !hasRoundedCorner(inner)) {
    await extendCanvas(context, sides, colour);
    return;
  }
  const width = context.width + sides.left + sides.right;
  const height = context.height + sides.top + sides.bottom;
  const hole = { left: sides.left, top: sides.top, width: context.width, height: context.height };
  // An opaque image hides whatever is under it, so the frame can be one solid shape and
  // the image's rounded corners meet it without an antialiasing seam; a transparent image
  // must not show border colour through, so then the frame is a ring around it.
  const frame = context.hasAlpha
    ? ringSvg(width, height, outer, hole, inner, colour)
    : roundedRectSvg(width, height, outer, { colour });
  await composeOntoCanvas(context, {
    width,
    height,
    background: () => sharp(frame),
    imageMask: hasRoundedCorner(inner)
      ? roundedRectSvg(context.width, context.height, inner)
      : undefined,
    left: sides.left,
    top: sides.top,
    clip: roundedRectSvg(width, height, outer),
  });
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
