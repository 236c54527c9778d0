import sharp from 'sharp';
import type { Pixels } from '../color/pixels.ts';
import { runPixelPasses } from '../color/sharp-pixels.ts';
import type { FeatheredShape } from '../composite/feathered-shape.ts';
import { adopt, composeOnto, solidLayer } from '../composite/layers.ts';
import { untrustedInput } from '../output/limits.ts';
import { cornerRadii } from '../composite/param-values.ts';
import { ellipseSvg, roundedRectSvg, uniformRadii } from '../composite/shapes.ts';
import { RenderError, type RenderContext } from '../pipeline/context.ts';
import type { StepModule } from '../pipeline/step.ts';

/** imgix mask-corner-radius: without `corner-radius`, 20% of the smaller dimension. */
const DEFAULT_CORNER_SHARE = 0.2;

/**
 * An image-sized layer whose alpha is the mask behind `mask=<url>`: stretched to the image,
 * white shows and black hides, and the mask's own transparency hides too (imgix mask-type:
 * "its luminance values and existing transparency data define the visible pixels").
 */
async function imageMask(context: RenderContext, url: string): Promise<sharp.OverlayOptions> {
  const bytes = await context.request.fetchImage(url);
  let mask: { data: Buffer; info: sharp.OutputInfo };
  try {
    mask = await sharp(bytes, untrustedInput(context.limits))
      .resize(context.width, context.height, { fit: 'fill' })
      .toColourspace('srgb')
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw new RenderError(422, 'The mask image could not be read.', { cause: error });
  }
  const { data, info } = mask;
  const alpha = Buffer.alloc(info.width * info.height * 4, 255);
  for (let i = 0; i < info.width * info.height; i += 1) {
    const offset = i * info.channels;
    // Rec. 709 luma of the gamma-encoded values, the "luminance" an image editor shows.
    const luma =
      0.2126 * (data[offset] ?? 0) +
      0.7152 * (data[offset + 1] ?? 0) +
      0.0722 * (data[offset + 2] ?? 0);
    alpha[i * 4 + 3] = Math.round((luma * (data[offset + 3] ?? 255)) / 255);
  }
  return { input: alpha, raw: { width: info.width, height: info.height, channels: 4 } };
}

async function maskLayer(context: RenderContext): Promise<sharp.OverlayOptions | undefined> {
  const mask = context.params.get('mask');
  if (!mask || (mask.type !== 'string' && mask.type !== 'url' && mask.type !== 'path')) {
    return undefined;
  }
  const { width, height } = context;
  if (mask.type === 'string' && mask.value === 'ellipse') {
    return { input: ellipseSvg(width, height) };
  }
  if (mask.type === 'string' && mask.value === 'corners') {
    const radii =
      cornerRadii(context.params, 'corner-radius') ??
      uniformRadii(Math.min(width, height) * DEFAULT_CORNER_SHARE);
    return { input: roundedRectSvg(width, height, radii) };
  }
  return imageMask(context, mask.value);
}

/**
 * Cuts the image to a shape: an ellipse filling it, rounded corners, or a mask image. The
 * masked-out area is transparent, or `mask-bg` when given.
 */
export const maskStep: StepModule = {
  name: 'mask',
  parameters: ['mask', 'corner-radius', 'mask-bg'],
  async run(context) {
    const feathered = featheredMask(context);
    if (feathered) {
      await applyFeatheredMask(context, feathered);
      await drawMaskBackground(context, []);
      return;
    }
    const layer = await maskLayer(context);
    if (!layer) return;
    await drawMaskBackground(context, [{ ...layer, blend: 'dest-in' }]);
  },
};

/**
 * The masked-out area takes `mask-bg` when given (drawn behind what the mask keeps), after the
 * `cuts` that make it transparent.
 */
async function drawMaskBackground(
  context: RenderContext,
  cuts: sharp.OverlayOptions[],
): Promise<void> {
  const layers = [...cuts];
  const background = context.params.color('mask-bg');
  if (background) {
    layers.push({
      input: { create: solidLayer(context.width, context.height, background) },
      blend: 'dest-over',
    });
  }
  if (layers.length > 0) await composeOnto(context, layers);
}

/**
 * `mask=ellipse` or `mask=corners` with a bare `fade`: "a bare fade feathers the mask's edge
 * instead, blending into mask-bg" (docs.imgix.com/apis/rendering/gradient-overlay/fade). The
 * width is pixels times dpr, or a fraction of the image's shorter side (the page names no axis
 * for a shape's edge). The per-side fades still fade the picture's edges (steps/gradient.ts).
 */
function featheredMask(context: RenderContext): FeatheredShape | undefined {
  const { params, width, height } = context;
  const mask = params.string('mask');
  if (mask !== 'ellipse' && mask !== 'corners') return undefined;
  const fade = params.get('fade');
  const feather =
    fade?.type === 'integer'
      ? fade.value * (params.number('dpr') ?? 1)
      : fade?.type === 'number'
        ? fade.value * Math.min(width, height)
        : 0;
  if (feather <= 0) return undefined;
  if (mask === 'ellipse') return { kind: 'ellipse', width: feather };
  const radii =
    cornerRadii(params, 'corner-radius') ??
    uniformRadii(Math.min(width, height) * DEFAULT_CORNER_SHARE);
  return { kind: 'corners', radii, width: feather };
}

/** The feathered shape cut out of the pixels, per pixel, in a worker past a megapixel. */
async function applyFeatheredMask(context: RenderContext, shape: FeatheredShape): Promise<void> {
  const frameHeight = context.height;
  // Fixed first, so ensureAlpha() comes after every earlier step whatever order sharp keeps.
  await context.materialize();
  const { data, info } = await context.image
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels: Pixels = { data, width: info.width, height: info.height, channels: 4, frameHeight };
  await runPixelPasses(pixels, [{ kind: 'feather', shape }]);
  const bytes = pixels.data;
  await adopt(
    context,
    {
      data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      width: info.width,
      height: info.height,
      channels: 4,
    },
    frameHeight,
  );
}
