import type sharp from 'sharp';
import type { RenderContext } from '../pipeline/context.ts';
import {
  adopt,
  currentPixels,
  fromPixels,
  rawOptions,
  splitFrames,
  stackFrames,
  type RawPixels,
} from './layers.ts';

/** Where the image goes on a new, larger canvas, and what surrounds it. */
export interface CanvasPlan {
  width: number;
  height: number;
  /** Draws the canvas behind one frame of the image, exactly `width` x `height`. */
  background: (frame: RawPixels) => sharp.Sharp | Promise<sharp.Sharp>;
  left: number;
  top: number;
  /** An image-sized shape the image is cut to (its alpha is kept), e.g. rounded corners. */
  imageMask?: Buffer;
  /** A canvas-sized shape everything is cut to at the end, e.g. a border's outer corners. */
  clip?: Buffer;
  /** The image's pixels when the caller has already read them. */
  pixels?: RawPixels;
}

async function composeFrame(frame: RawPixels, plan: CanvasPlan): Promise<RawPixels> {
  let image = frame;
  if (plan.imageMask) {
    const { data, info } = await fromPixels(frame)
      .ensureAlpha()
      .composite([{ input: plan.imageMask, blend: 'dest-in' }])
      .raw()
      .toBuffer({ resolveWithObject: true });
    image = { data, width: info.width, height: info.height, channels: info.channels };
  }
  const layers: sharp.OverlayOptions[] = [
    { input: image.data, ...rawOptions(image), left: plan.left, top: plan.top },
  ];
  if (plan.clip) layers.push({ input: plan.clip, blend: 'dest-in' });
  const background = await plan.background(frame);
  const { data, info } = await background
    .composite(layers)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/**
 * Places the current image on a new canvas (each frame of an animation on its own copy) and
 * makes the result the context's image.
 */
export async function composeOntoCanvas(context: RenderContext, plan: CanvasPlan): Promise<void> {
  const pixels = plan.pixels ?? (await currentPixels(context));
  const frames = splitFrames(pixels, context.height);
  const composed: RawPixels[] = [];
  for (const frame of frames) composed.push(await composeFrame(frame, plan));
  await adopt(context, stackFrames(composed), plan.height);
}
