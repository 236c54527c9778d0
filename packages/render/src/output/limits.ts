import { RenderError, type RenderLimits, type SourceImage } from '../pipeline/context.ts';

/**
 * Refuses, from the header alone, an input whose decoded frames would exceed the pixel budget
 * (50 megapixels by default, animation frames counted together), so a pixel-flood file
 * never reaches a decoder.
 */
export function checkInputPixels(source: SourceImage, framesDecoded: number, limits: RenderLimits) {
  const framePixels = source.width * source.height;
  const total = framePixels * framesDecoded;
  if (total > limits.maxInputPixels) {
    const megapixels = (value: number) => `${Math.round(value / 100_000) / 10} megapixels`;
    const what =
      framesDecoded > 1
        ? `${framesDecoded} frames of ${source.width}x${source.height} (${megapixels(total)})`
        : `${source.width}x${source.height} (${megapixels(total)})`;
    throw new RenderError(
      413,
      `The origin image is too large to render: ${what}; the limit is ${megapixels(limits.maxInputPixels)}.`,
    );
  }
}

// libvips loader and decoder messages for pixel data that is cut short or damaged.
const DECODE_FAILURE =
  /premature end|end of stream|truncat|corrupt|^Vips(?:Jpeg|Png|Webp|Gif|Heif|Tiff|Svg)\b|\b(?:jpeg|png|gif|webp|heif|tiff|svg|jp2k)load(?:_buffer|_source)?:/i;

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
  if (DECODE_FAILURE.test(message)) {
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

  /** Whole seconds left for sharp's `timeout()` (it counts in seconds; never below one). */
  secondsLeft(): number {
    return Math.max(1, Math.ceil((this.endsAt - Date.now()) / 1000));
  }
}
