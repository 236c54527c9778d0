import type sharp from 'sharp';
import { RenderError, type RenderLimits, type SourceImage } from '../pipeline/context.ts';

/**
 * sharp's input options for bytes from outside (the origin, a mark, a blend, a mask): libvips
 * refuses more pixels than the budget before decoding, keeps its decoders' own caps on
 * metadata chunks and SVG/HEIF sizes (`unlimited: false`), and streams rows where the pipeline
 * allows instead of holding the whole decoded image (`sequentialRead`). The last two are
 * sharp's defaults, spelled out because the render budget relies on them.
 */
export function untrustedInput(limits: RenderLimits): sharp.SharpOptions {
  return { limitInputPixels: limits.maxInputPixels, unlimited: false, sequentialRead: true };
}

/** Bytes of one sample in each libvips band format. */
const SAMPLE_BYTES: Readonly<Record<string, number>> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/** The bytes one decoded pixel takes: its bands times their sample size (4 for 8-bit RGBA). */
export function bytesPerPixel(metadata: Pick<sharp.Metadata, 'channels' | 'depth'>): number {
  return Math.max(1, metadata.channels ?? 3) * (SAMPLE_BYTES[metadata.depth ?? 'uchar'] ?? 1);
}

const megapixels = (value: number) => `${Math.round(value / 100_000) / 10} megapixels`;

/**
 * Refuses, from the header alone, an input whose decoded frames would exceed the pixel budget
 * (50 megapixels by default, animation frames counted together), so a pixel-flood file
 * never reaches a decoder. The budget is 8-bit RGBA's worth of bytes: a TIFF of 16-bit,
 * floating-point or many-banded pixels (a decompression bomb's way to fit the pixel count and
 * still decode to gigabytes) counts for the bytes it decodes to.
 */
export function checkInputPixels(source: SourceImage, framesDecoded: number, limits: RenderLimits) {
  const framePixels = source.width * source.height;
  const total = framePixels * framesDecoded;
  const what =
    framesDecoded > 1
      ? `${framesDecoded} frames of ${source.width}x${source.height} (${megapixels(total)})`
      : `${source.width}x${source.height} (${megapixels(total)})`;
  if (total > limits.maxInputPixels) {
    throw new RenderError(
      413,
      `The origin image is too large to render: ${what}; the limit is ${megapixels(limits.maxInputPixels)}.`,
    );
  }
  checkDecodedBytes(source.metadata, total, limits, 'origin image');
}

/** Refuses pixels whose decoded bytes exceed the budget's 8-bit RGBA (`checkInputPixels`). */
export function checkDecodedBytes(
  metadata: Pick<sharp.Metadata, 'channels' | 'depth'>,
  pixels: number,
  limits: RenderLimits,
  role: string,
): void {
  const perPixel = bytesPerPixel(metadata);
  const budget = limits.maxInputPixels * 4;
  if (pixels * perPixel <= budget) return;
  const mb = (bytes: number) => `${Math.ceil(bytes / 1_000_000)} MB`;
  throw new RenderError(
    413,
    `The ${role} is too large to render: ${metadata.channels ?? 3} bands of ${metadata.depth ?? 'uchar'} decode to ${mb(pixels * perPixel)}; the limit is ${mb(budget)} (${megapixels(limits.maxInputPixels)} of 8-bit RGBA).`,
  );
}

// libvips loader and decoder messages for pixel data that is cut short or damaged
// (`VipsJpeg: ...`, `pngload_buffer: ...`, `tiff2vips: read error`).
const DECODE_FAILURE =
  /premature end|end of stream|truncat|corrupt|^Vips(?:Jpeg|Png|Webp|Gif|Heif|Tiff|Svg)\b|\b(?:jpeg|png|gif|webp|heif|tiff|svg|jp2k)load(?:_buffer|_source)?:|^tiff2vips:/im;

/** Whether sharp failed because an image's pixel data is cut short or damaged. */
export function isDecodeFailure(error: unknown): error is Error {
  return error instanceof Error && DECODE_FAILURE.test(error.message);
}

/**
 * Turns what sharp throws while the pipeline runs into the HTTP-facing error: a timeout is 504,
 * a pixel-limit hit 413, damaged pixel data 422 (sharp's default `failOn: 'warning'` makes a
 * truncated file an error, never half an image). Anything else is a bug and stays as it is.
 */
export function asRenderError(error: unknown): unknown {
  if (error instanceof RenderError) return error;
  if (!(error instanceof Error)) return error;
  const { message } = error;
  if (/^timeout: \d+% complete/.test(message)) {
    return new RenderError(504, 'The render took too long and was abandoned.', { cause: error });
  }
  if (/exceeds pixel limit/i.test(message)) {
    return new RenderError(413, 'The origin image is too large to render.', { cause: error });
  }
  if (isDecodeFailure(error)) {
    return new RenderError(422, 'The origin image is truncated or corrupt.', { cause: error });
  }
  return error;
}

/** How long a render may still run: checked between steps, and given to sharp's own timeout. */
export class Deadline {
  private readonly endsAt: number;

  constructor(
    timeoutMs: number,
    private readonly signal: AbortSignal | undefined,
  ) {
    this.endsAt = Date.now() + timeoutMs;
  }

  /** Throws 504 once the time is up or the caller has given up on the render. */
  check(): void {
    if (this.signal?.aborted) {
      throw new RenderError(504, 'The render was cancelled.', { cause: this.signal.reason });
    }
    if (Date.now() >= this.endsAt) {
      throw new RenderError(504, 'The render took too long and was abandoned.');
    }
  }

  /**
   * Whole seconds left for sharp's `timeout()`, rounded down so that libvips stops by the
   * deadline rather than after it (sharp counts whole seconds; never below one).
   */
  secondsLeft(): number {
    return Math.max(1, Math.floor(this.msLeft() / 1000));
  }

  /** Milliseconds until the deadline (negative once it has passed). */
  msLeft(): number {
    return this.endsAt - Date.now();
  }
}
