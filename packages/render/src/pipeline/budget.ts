import type { Params, Size } from '@darkroom/core';
import type { CanvasLimit } from '../geometry/margins.ts';
import type { ImageFormat } from '../output/format.ts';
import { RenderError, type RenderLimits } from './context.ts';

/**
 * The resource budget of one render, decided from the parameters and the origin's header before
 * any pixel is decoded: every canvas a step allocates and the output stay within
 * RENDER_MAX_SIDE a side and RENDER_MAX_MEGAPIXELS, the frames of an animation sharing the
 * pixels. Growth imgix sizes down (w/h past 8192, padding, a stroke, a pivot) is scaled down
 * before it is built; what cannot be (an image that would shrink to nothing) is refused with 413
 * naming the parameter.
 *
 * Some steps build no canvas of their own and so add nothing here: the gradient and fade
 * (steps/gradient.ts) work on a 4-channel copy of the output's pixels, the size the output
 * already counts, and `mark-gradient*` and `blend-gradient*` on the watermark and blend layer
 * after those were admitted at the size they show (admitResize); a colour ramp of 4096 entries
 * is their only other allocation.
 */
export interface RenderBudget {
  /** Largest side of any canvas, the output included. */
  side: number;
  /** Most pixels of one frame of any canvas: the pixel budget shared by the frames decoded. */
  pixels: number;
  /** Most pixels of one output frame: fewer than `pixels` for encoders that need more memory. */
  outputPixels: number;
  /** Frames decoded (1 for a still). */
  frames: number;
  /** The limits as configured, for messages. */
  limits: RenderLimits;
}

/**
 * Peak bytes each output pixel costs its encoder, measured with sharp 0.34.5 (libvips 8.17)
 * encoding 8192x5461 at q=100, resident memory less the process's own: progressive JPEG and
 * WebP about 6, PNG 1 to 2, palette PNG 5, GIF 11 (libimagequant), AVIF 35 to 45 (libaom).
 * JPEG 2000 (absent from sharp's prebuilt libvips) is put at OpenJPEG's 32-bit samples.
 */
const ENCODER_BYTES_PER_PIXEL: Readonly<Record<ImageFormat, number>> = {
  jpg: 6,
  pjpg: 6,
  webp: 6,
  png: 2,
  png32: 2,
  png8: 5,
  gif: 11,
  avif: 40,
  jp2: 16,
};
/** The pixel budget is sized for the JPEG and WebP encoders; costlier ones get fewer pixels. */
const BUDGETED_BYTES_PER_PIXEL = 6;

/**
 * Megapixels a second of the encoders too slow to write a whole budget inside the render
 * timeout, at the effort they are given (output/encode.ts), measured on a 2-core machine with
 * another render running: GIF (libimagequant, effort 7, dithered) 9 megapixels in 5.4 s, AVIF
 * (effort 0 past 4 megapixels) at q=100 16.8 megapixels in 5.7 s. JPEG, PNG and WebP write
 * 50 megapixels in 1.5 to 8 s and are bounded by the pixel budget alone.
 */
const ENCODER_MEGAPIXELS_PER_SECOND: Partial<Readonly<Record<ImageFormat, number>>> = {
  gif: 1.7,
  avif: 3,
};
/**
 * The share of the render timeout an encode may take: decoding and the steps need the rest,
 * and another render shares the cores. An output past it is sized down like any output past
 * the budget, instead of ending in a 504 after the timeout.
 */
const ENCODE_SHARE_OF_TIMEOUT = 0.25;

/** Output pixels of all frames the slowest of `formats` encodes within its share of `timeoutMs`. */
function encodablePixels(formats: readonly ImageFormat[], timeoutMs: number): number {
  const rates = formats.flatMap((format) => ENCODER_MEGAPIXELS_PER_SECOND[format] ?? []);
  if (rates.length === 0) return Number.POSITIVE_INFINITY;
  return Math.min(...rates) * 1_000_000 * (timeoutMs / 1000) * ENCODE_SHARE_OF_TIMEOUT;
}

/** The budget of a render decoding `frames` frames into one of `formats`. */
export function renderBudget(
  limits: RenderLimits,
  frames: number,
  formats: readonly ImageFormat[] = [],
): RenderBudget {
  const pixels = Math.max(1, Math.floor(limits.maxInputPixels / Math.max(1, frames)));
  const cost = Math.max(
    BUDGETED_BYTES_PER_PIXEL,
    ...formats.map((f) => ENCODER_BYTES_PER_PIXEL[f]),
  );
  return {
    side: limits.maxOutputSide,
    pixels,
    outputPixels: Math.max(
      1,
      Math.floor(
        Math.min(
          (pixels * BUDGETED_BYTES_PER_PIXEL) / cost,
          encodablePixels(formats, limits.timeoutMs) / Math.max(1, frames),
        ),
      ),
    ),
    frames,
    limits,
  };
}

/** The limit the output (and the size step's plan) must fit. */
export function outputLimit(budget: RenderBudget): CanvasLimit {
  return { side: budget.side, pixels: budget.outputPixels };
}

/** The limit any intermediate canvas must fit. */
export function canvasLimit(budget: RenderBudget): CanvasLimit {
  return { side: budget.side, pixels: budget.pixels };
}

function megapixels(pixels: number): string {
  const value = pixels / 1_000_000;
  return `${value >= 1 ? Math.round(value * 10) / 10 : Number(value.toPrecision(2))} megapixels`;
}

/** "the limit is 8192 pixels a side and 50 megapixels" (frames counted together). */
export function limitText(limits: RenderLimits): string {
  return `the limit is ${limits.maxOutputSide} pixels a side and ${megapixels(limits.maxInputPixels)}`;
}

export function canvasText(size: Size, frames: number): string {
  return frames > 1 ? `${frames} frames of ${sizeText(size)}` : `a canvas of ${sizeText(size)}`;
}

/**
 * The hook for a step that sizes a layer of its own (a mark, a blend, a text block): refuses
 * with 413 a layer past the budget before it is allocated. `cause` names the parameters as the
 * URL wrote them ("mark-w=8000"), `what` the layer ("a blend image").
 */
export function admitCanvas(budget: RenderBudget, size: Size, cause: string, what?: string): void {
  const fits =
    size.width <= budget.side &&
    size.height <= budget.side &&
    size.width * size.height <= budget.pixels;
  if (fits) return;
  const named =
    what === undefined ? canvasText(size, budget.frames) : `${what} of ${sizeText(size)}`;
  throw new RenderError(413, `${cause} would make ${named}; ${limitText(budget.limits)}.`);
}

/**
 * libvips' largest coordinate (VIPS_MAX_COORD, ten million): an overlay may be resized past the
 * image (only the part the image shows is rasterized), but never past what libvips addresses.
 */
const LARGEST_COORDINATE = 10_000_000;

/** Refuses an overlay resize libvips cannot address, before it is attempted. */
export function admitResize(budget: RenderBudget, size: Size, cause: string, what: string): void {
  if (Math.max(size.width, size.height) <= LARGEST_COORDINATE) return;
  throw new RenderError(
    413,
    `${cause} would make ${what} of ${sizeText(size)}; ${limitText(budget.limits)}.`,
  );
}

function sizeText(size: Size): string {
  return `${Math.round(size.width)}x${Math.round(size.height)} pixels`;
}

/** The parameters as the URL wrote them ("pad=8000", "border=8000,ff0000"). */
export function written(params: Params, names: readonly string[]): string {
  return names
    .filter((name) => params.has(name))
    .map((name) => `${name}=${params.raw(name) ?? ''}`)
    .join('&');
}

/**
 * Peak bytes per origin pixel of the decoders that hold more than the decoded image, measured
 * with sharp 0.34.5 decoding a 4096x4096 origin to w=256, peak resident memory less the
 * process's own: AVIF and HEIF 18.6 (libheif holds the YUV planes and the RGB image together),
 * where PNG and TIFF take 1.3 to 1.5 and JPEG and WebP, shrunk on load, almost nothing. Three
 * 16.8-megapixel AVIF origins decoding together took a server past 1 GiB while the estimate
 * below counted them at 8 bytes a pixel.
 */
const DECODER_BYTES_PER_PIXEL: Readonly<Record<string, number>> = { avif: 20, heif: 20 };

/** Peak bytes per pixel decoding an image of sharp's `format`, beyond what it streams. */
export function decoderBytesPerPixel(format: string | undefined): number {
  return DECODER_BYTES_PER_PIXEL[format ?? ''] ?? 0;
}

/** Bytes of one decoded pixel as the steps hold it (8-bit RGBA). */
const CANVAS_BYTES_PER_PIXEL = 4;
/** Canvases a step holds at once at its peak: the one it reads and the one it builds. */
const CANVASES_AT_ONCE = 2;

/** The largest canvases a render will hold, in pixels of all its frames. */
export interface CanvasPixels {
  /** The origin decoded (its frames counted). */
  decoded: number;
  /** The largest canvas the steps build, output included (its frames counted). */
  canvas: number;
  /** The output (its frames counted), for the encoder's own memory. */
  output: number;
}

/**
 * The bytes a render may hold at its peak, from what the budget check planned: the canvases
 * times what a step keeps of them at once, plus the encoder's working memory for the output
 * (ENCODER_BYTES_PER_PIXEL). An estimate from above, to share RenderLimits.maxMemoryBytes
 * among the renders running together (memory-gate.ts).
 */
export function memoryEstimate(
  pixels: CanvasPixels,
  formats: readonly ImageFormat[] = [],
  sourceFormat = '',
): number {
  const encoder = Math.max(
    BUDGETED_BYTES_PER_PIXEL,
    ...formats.map((f) => ENCODER_BYTES_PER_PIXEL[f]),
  );
  const largest = Math.max(pixels.decoded, pixels.canvas, pixels.output);
  const decoding = pixels.decoded * decoderBytesPerPixel(sourceFormat);
  return (
    Math.max(largest * CANVAS_BYTES_PER_PIXEL * CANVASES_AT_ONCE, decoding) +
    pixels.output * encoder
  );
}
