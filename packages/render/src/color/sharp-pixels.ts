import sharp from 'sharp';
import type { RenderContext } from '../pipeline/context.ts';
import { restartFromPixels } from '../pipeline/context-factory.ts';
import { currentDeadline } from '../pipeline/render-deadline.ts';
import { renderWorkers } from '../workers/pool.ts';
import { copyForWorker } from '../workers/worker-memory.ts';
import { applyPixelPasses, type PixelPass } from './pixel-passes.ts';
import type { Pixels } from './pixels.ts';

/**
 * The bridge between the render context's sharp pipeline and the pure pixel functions of this
 * folder. Reading runs the pipeline so far (so later work sees the earlier steps' result
 * whatever order sharp would use), in sRGB, 8 bits, with alpha when there is any.
 */
export async function readPixels(context: RenderContext): Promise<Pixels> {
  const { data, info } = await context.image
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data,
    width: info.width,
    height: info.height,
    channels: info.channels === 4 ? 4 : 3,
    frameHeight: context.animated ? context.pageHeight : info.height,
  };
}

/** Starts a fresh pipeline from `pixels`, so the next step builds on exactly these. */
export function writePixels(context: RenderContext, pixels: Pixels): void {
  restartFromPixels(context, pixels.data, pixels);
}

/**
 * Up to this many pixels the passes run where they are called: a few milliseconds of the event
 * loop, less than a trip to a worker thread and back costs. Larger images (up to the 50-megapixel
 * budget, times their frames) would hold every other request for hundreds of milliseconds.
 */
export const INLINE_PASS_PIXELS = 1_000_000;

/**
 * Runs JavaScript passes over `pixels` (their data replaced by the result) in a worker thread
 * when the image is large, cancelled with the render (architecture: the event loop never runs
 * pixel work).
 */
export async function runPixelPasses(pixels: Pixels, passes: readonly PixelPass[]): Promise<void> {
  if (passes.length === 0) return;
  if (pixels.width * pixels.height <= INLINE_PASS_PIXELS) {
    applyPixelPasses(pixels, passes);
    return;
  }
  // The pixels and every buffer a pass reads cross to the worker transferred, never
  // serialised (worker-memory.ts); the pass works in place and its result comes back the same way.
  const transfer: ArrayBuffer[] = [];
  const moved = async (bytes: Uint8Array) => {
    const copy = await copyForWorker(bytes);
    transfer.push(copy.buffer);
    return copy;
  };
  const carried = await Promise.all(
    passes.map(async (pass): Promise<PixelPass> => {
      switch (pass.kind) {
        case 'unsharp':
        case 'noise':
          return { ...pass, blurred: await moved(pass.blurred) };
        case 'blend':
          return { ...pass, layer: await moved(pass.layer) };
        default:
          return pass;
      }
    }),
  );
  const data = await moved(pixels.data);
  pixels.data = await renderWorkers().run(
    'pixelPasses',
    { pixels: { ...pixels, data }, passes: carried },
    { signal: currentDeadline().signal, transfer },
  );
}

/**
 * Runs a sharp filter (blur, sharpen) over each animation frame on its own, so no frame bleeds
 * into its neighbours, and returns the filtered pixels in the same layout.
 */
export async function filterFrames(
  pixels: Pixels,
  filter: (frame: sharp.Sharp, width: number, height: number) => Promise<Uint8Array>,
): Promise<Uint8Array> {
  const { width, height, channels } = pixels;
  const frameHeight =
    pixels.frameHeight > 0 && height % pixels.frameHeight === 0 ? pixels.frameHeight : height;
  const frameBytes = width * frameHeight * channels;
  // One frame: the filter's result is the answer, without a copy on the event loop.
  if (frameBytes >= pixels.data.length) {
    return filter(sharp(pixels.data, { raw: { width, height, channels } }), width, height);
  }
  const output = new Uint8Array(pixels.data.length);
  for (let start = 0; start < pixels.data.length; start += frameBytes) {
    const frame = sharp(pixels.data.subarray(start, start + frameBytes), {
      raw: { width, height: frameHeight, channels },
    });
    output.set(await filter(frame, width, frameHeight), start);
  }
  return output;
}

/** The raw bytes of a pipeline built on raw input, same size and channel count. */
export function rawBytes(image: sharp.Sharp): Promise<Buffer> {
  return image.raw().toBuffer();
}

// Past this sigma a Gaussian is computed on a reduced copy: the result is indistinguishable
// (the blur removes the detail the reduction loses) and the kernel stays small.
const DIRECT_BLUR_SIGMA = 12;

/** A Gaussian blur of a raw frame with any sigma, in bounded time. */
export async function gaussianBlur(
  frame: sharp.Sharp,
  width: number,
  height: number,
  requestedSigma: number,
): Promise<Uint8Array> {
  // A Gaussian twice as wide as the frame already spreads every pixel over all of it: a wider one
  // draws the same, and past sharp's largest sigma (10,000) it would be refused.
  const sigma = Math.min(requestedSigma, 2 * Math.max(width, height));
  if (sigma <= DIRECT_BLUR_SIGMA) return rawBytes(frame.blur(Math.max(0.3, sigma)));
  const reduction = sigma / DIRECT_BLUR_SIGMA;
  const smallWidth = Math.max(1, Math.round(width / reduction));
  const smallHeight = Math.max(1, Math.round(height / reduction));
  // sharp resizes before it blurs within one pipeline: the order wanted here.
  const { data, info } = await frame
    .resize(smallWidth, smallHeight, { fit: 'fill' })
    .blur(Math.max(0.3, (sigma * smallWidth) / width))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return rawBytes(
    sharp(data, {
      raw: { width: info.width, height: info.height, channels: info.channels },
    }).resize(width, height, { fit: 'fill', kernel: 'cubic' }),
  );
}
