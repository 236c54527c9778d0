import type { Rgba } from '@darkroom/core';
import sharp from 'sharp';
import type { RenderContext } from '../pipeline/context.ts';
import { restartFromPixels } from '../pipeline/context-factory.ts';
import { stepDeadline } from '../pipeline/step-deadline.ts';
import { toSharpColour } from './colour.ts';
import { canCompositeNow, canExtendNow } from './pipeline-order.ts';
import type { Sides } from './sides.ts';

/**
 * Decoded pixels, not premultiplied, as sharp's raw output gives them. For an animation the
 * frames are stacked top to bottom, as sharp stacks them, and `height` counts them all.
 */
export interface RawPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** The pixels as the pipeline so far produces them; leaves a fresh pipeline of them in place. */
export async function currentPixels(context: RenderContext): Promise<RawPixels> {
  // One run of the pipeline whose pixels both the caller and the fresh pipeline read (neither
  // writes them): materializing and then copying held two copies of the image at once.
  const { data, info } = await context.image
    .raw({ depth: 'uchar' })
    .timeout({ seconds: stepDeadline(context).secondsLeft() })
    .toBuffer({ resolveWithObject: true });
  restartFromPixels(context, data, info);
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** The frames of a stack `frameHeight` pixels high each (one frame for a still image). */
export function splitFrames(pixels: RawPixels, frameHeight: number): RawPixels[] {
  const count = Math.max(1, Math.round(pixels.height / frameHeight));
  const bytes = pixels.width * frameHeight * pixels.channels;
  return Array.from({ length: count }, (_, i) => ({
    ...pixels,
    data: pixels.data.subarray(i * bytes, (i + 1) * bytes),
    height: frameHeight,
  }));
}

export function stackFrames(frames: readonly RawPixels[]): RawPixels {
  const [first] = frames;
  if (!first) throw new Error('no frames to stack');
  // A still is its one frame: copying it would hold a second canvas at the render's peak.
  if (frames.length === 1) return first;
  return {
    ...first,
    data: Buffer.concat(frames.map((frame) => frame.data)),
    height: frames.reduce((total, frame) => total + frame.height, 0),
  };
}

/** sharp input options for raw pixels (as a pipeline input or a composite layer). */
export function rawOptions(pixels: RawPixels): {
  raw: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
} {
  return { raw: { width: pixels.width, height: pixels.height, channels: pixels.channels } };
}

export function fromPixels(pixels: RawPixels): sharp.Sharp {
  return sharp(pixels.data, rawOptions(pixels));
}

/** A composite layer of one colour covering `width` x `height`. */
export function solidLayer(width: number, height: number, colour: Rgba): sharp.Create {
  return { width, height, channels: 4, background: toSharpColour(colour) };
}

function everyPixelOpaque(data: Buffer, channels: number): boolean {
  for (let offset = channels - 1; offset < data.length; offset += channels) {
    if (data[offset] !== 255) return false;
  }
  return true;
}

/**
 * Makes `pixels` (frames `frameHeight` high) the context's image. Composites always leave an
 * alpha band; when every pixel came out opaque it is dropped, so `hasAlpha` stays true to the
 * picture (auto=format picks PNG for transparency) and later steps get a clean pipeline.
 */
export async function adopt(
  context: RenderContext,
  pixels: RawPixels,
  frameHeight: number,
): Promise<void> {
  const alpha = pixels.channels === 4 || pixels.channels === 2;
  const opaque = alpha && everyPixelOpaque(pixels.data, pixels.channels);
  const frames = Math.round(pixels.height / frameHeight);
  const image = sharp(pixels.data, {
    raw: { ...rawOptions(pixels).raw, ...(frames > 1 && { pageHeight: frameHeight }) },
  });
  // Dropped in the pipeline rather than copied out: a copy would hold a second canvas at once.
  // sharp removes alpha after compositing, which pipeline-order.ts accounts for.
  context.image = opaque ? image.removeAlpha() : image;
  context.width = pixels.width;
  context.height = frameHeight;
  context.pageHeight = frameHeight;
  context.hasAlpha = alpha && !opaque;
}

/** Runs `pipeline` to pixels and adopts them, frames `frameHeight` high (default: one frame). */
async function settle(
  context: RenderContext,
  pipeline: sharp.Sharp,
  frameHeight?: number,
): Promise<void> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  const pixels: RawPixels = {
    data,
    width: info.width,
    height: info.height,
    channels: info.channels,
  };
  await adopt(context, pixels, frameHeight ?? info.height);
}

/**
 * Image-sized layers repeat down an animation's stacked frames, one copy per frame (sharp's
 * `tile` from the top left); a still image takes them as they are.
 */
export function perFrame(
  context: RenderContext,
  layers: readonly sharp.OverlayOptions[],
): sharp.OverlayOptions[] {
  if (!context.animated) return [...layers];
  return layers.map((layer) => ({ ...layer, tile: true, gravity: 'northwest' }));
}

/**
 * Lays `layers` onto the image as it is now (each with its own blend, e.g. `dest-in` for a
 * mask) and settles the result. The composite joins the current pipeline when sharp would run
 * it last anyway, which saves decoding the image twice.
 */
export async function composeOnto(
  context: RenderContext,
  layers: sharp.OverlayOptions[],
): Promise<void> {
  if (!canCompositeNow(context.image)) await context.materialize();
  await settle(context, context.image.composite(perFrame(context, layers)), context.height);
}

function isChromatic(colour: Rgba): boolean {
  return colour.alpha > 0 && !(colour.r === colour.g && colour.g === colour.b);
}

/**
 * Grows the canvas by `sides` in `colour`, as one `extend` in the current pipeline when sharp
 * would still run it after everything already asked for (the fast path for padding, solid
 * fills and square borders), else after materialising.
 */
export async function extendCanvas(
  context: RenderContext,
  sides: Sides,
  colour: Rgba,
): Promise<void> {
  const ready = canExtendNow(context.image, {
    sourceChannels: context.source.metadata.channels ?? 3,
    coloured: isChromatic(colour),
  });
  if (!ready) await context.materialize();
  context.image = context.image.extend({ ...sides, background: toSharpColour(colour) });
  context.width += sides.left + sides.right;
  context.height += sides.top + sides.bottom;
  // sharp extends each frame of an animation alike, so the frame height grows the same way.
  context.pageHeight = context.height;
  if (colour.alpha < 1) context.hasAlpha = true;
}
