import sharp from 'sharp';
import { composeOnto, solidLayer } from '../composite/layers.ts';
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
    const layer = await maskLayer(context);
    if (!layer) return;
    const layers: sharp.OverlayOptions[] = [{ ...layer, blend: 'dest-in' }];
    const background = context.params.color('mask-bg');
    if (background) {
      layers.push({
        input: { create: solidLayer(context.width, context.height, background) },
        blend: 'dest-over',
      });
    }
    await composeOnto(context, layers);
  },
};
