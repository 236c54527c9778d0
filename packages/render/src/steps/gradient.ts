import { gradientFamilyNames, type Params, type Rect, type Size } from '@darkroom/core';
import type { Pixels } from '../color/pixels.ts';
import { adopt } from '../composite/layers.ts';
import { runGradientPaint } from '../composite/gradient-layers.ts';
import { paintNeedsAlpha } from '../composite/gradient-paint.ts';
import { readGradientPaint } from '../composite/gradient-params.ts';
import type { Sides } from '../composite/sides.ts';
import { frameSize } from '../overlay/composite.ts';
import type { RenderContext } from '../pipeline/context.ts';
import type { StepModule } from '../pipeline/step.ts';
import { readBorder, readStroke } from './border.ts';
import { paddingSides } from './padding.ts';

function inset(rect: Rect, sides: Sides): Rect {
  return {
    left: rect.left + sides.left,
    top: rect.top + sides.top,
    width: Math.max(0, rect.width - sides.left - sides.right),
    height: Math.max(0, rect.height - sides.top - sides.bottom),
  };
}

function intersect(a: Rect, b: Rect): Rect {
  const left = Math.max(a.left, b.left);
  const top = Math.max(a.top, b.top);
  const right = Math.min(a.left + a.width, b.left + b.width);
  const bottom = Math.min(a.top + a.height, b.top + b.height);
  return { left, top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

function all(width: number): Sides {
  return { top: width, right: width, bottom: width, left: width };
}

/**
 * Where the picture is on the frame, and the part of it the border leaves showing. imgix draws
 * the gradient and the fade before the border and the padding (gradient-overlay page: "the
 * gradient is drawn, then the fade, then the border, padding, watermarks and text"); Darkroom
 * draws padding and border earlier, so this step paints the picture inside them only, as if
 * they had come after it.
 */
export function pictureArea(context: RenderContext): { box: Rect; region: Rect } {
  const { params } = context;
  const frame: Rect = { left: 0, top: 0, ...frameSize(context) };
  // As the size step scaled them to the output's limits, else as the URL gives them.
  const stroke = context.margins?.stroke ?? readStroke(params)?.size ?? 0;
  const padding = context.margins?.padding ?? paddingSides(params);
  const padded = inset(frame, all(stroke));
  const box = inset(padded, padding);
  const border = readBorder(params)?.sides;
  return { box, region: border ? intersect(box, inset(padded, border)) : box };
}

/** mask=corners and mask=ellipse take the bare `fade` to feather their edge (steps/mask.ts). */
export function fadeFeathersMask(params: Params): boolean {
  const mask = params.string('mask');
  return mask === 'corners' || mask === 'ellipse';
}

async function readPixels(context: RenderContext, alpha: boolean): Promise<Pixels> {
  const frame: Size = frameSize(context);
  // The pixels as every step so far left them; sRGB with alpha when the pass makes transparency.
  await context.materialize();
  const converted = context.image.toColourspace('srgb');
  const { data, info } = await (alpha ? converted.ensureAlpha() : converted)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data,
    width: info.width,
    height: info.height,
    channels: info.channels === 4 ? 4 : 3,
    frameHeight: frame.height,
  };
}

/**
 * imgix's gradient overlay and fade (docs.imgix.com/apis/rendering/gradient-overlay): `gradient`
 * paints 2 to 16 colours over the picture, linear or radial, interpolated in one of seven colour
 * spaces and composited with a blend mode, or with `gradient-mask` fades the picture out along
 * it; `fade` softens the picture's edges to transparent. Both work per pixel on typed arrays,
 * in a worker thread past a megapixel (color/sharp-pixels.ts), on the output's own pixels: the
 * pass allocates no canvas larger than the output the budget already counts.
 */
export const gradientStep: StepModule = {
  name: 'gradient',
  parameters: gradientFamilyNames(''),
  async run(context) {
    const { params } = context;
    const { box, region } = pictureArea(context);
    const paint = readGradientPaint(params, '', {
      box,
      region,
      dpr: params.number('dpr') ?? 1,
      bareFade: !fadeFeathersMask(params),
    });
    if (!paint || region.width <= 0 || region.height <= 0) return;
    const pixels = await readPixels(context, paintNeedsAlpha(paint));
    const data = await runGradientPaint(pixels, paint);
    const { width, height, channels } = pixels;
    // A fade over an opaque picture leaves transparency: adopt() keeps the alpha channel then,
    // and drops it when every pixel stayed opaque.
    await adopt(context, { data, width, height, channels }, pixels.frameHeight);
  },
};
