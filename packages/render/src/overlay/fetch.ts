import type { Params, Size } from '@darkroom/core';
import sharp from 'sharp';
import { checkDecodedBytes, untrustedInput } from '../output/limits.ts';
import { admitSvg, checkSvgRaster } from '../output/svg-admission.ts';
import { decoderBytesPerPixel } from '../pipeline/budget.ts';
import { RenderError, type RenderContext, type RenderLimits } from '../pipeline/context.ts';

export type OverlayRole = 'watermark' | 'blend' | 'append';

/**
 * Where a `mark` (or `blend`) points: an absolute URL, or a path on the request's own source,
 * which the server's `fetchImage` resolves. With `mark-base`, a relative value resolves against
 * the base the way a browser resolves a link (docs.imgix.com/apis/rendering/watermark/mark-base).
 */
export function overlayLocation(
  params: Params,
  name: string,
  baseName?: string,
): string | undefined {
  const value = params.get(name);
  if (value?.type !== 'url' && value?.type !== 'path') return undefined;
  const base = baseName === undefined ? undefined : params.get(baseName);
  // The parser stores paths with a leading slash; a base needs the value as it was written.
  const written = params.raw(name) ?? value.value;
  if (base?.type === 'url') return resolveAgainst(written, base.value, name);
  if (base?.type === 'path') {
    const resolved = new URL(resolveAgainst(written, `http://source.invalid${base.value}`, name));
    return resolved.origin === 'http://source.invalid'
      ? resolved.pathname + resolved.search
      : resolved.href;
  }
  return value.value;
}

function resolveAgainst(reference: string, base: string, name: string): string {
  try {
    return new URL(reference, base).href;
  } catch {
    throw new RenderError(400, `The value for "${name}" cannot be resolved against its base URL.`);
  }
}

/** The share of RENDER_MAX_MEMORY_MB one overlay's decoder may take. */
const OVERLAY_DECODER_SHARE = 0.25;

/**
 * An overlay is decoded inside a render that the memory gate admitted before the overlay was
 * fetched, so what its decoder holds beyond the pixels (libheif's planes for AVIF and HEIF, 20
 * bytes a pixel) is bounded here instead: a mark or blend is a logo or a texture, and an AVIF
 * of many megapixels as one took a server rendering three of them past 1 GiB.
 */
function checkOverlayDecoder(
  format: string | undefined,
  pixels: number,
  limits: RenderLimits,
  role: OverlayRole,
): void {
  const perPixel = decoderBytesPerPixel(format);
  if (perPixel === 0) return;
  const allowed = Math.floor((limits.maxMemoryBytes * OVERLAY_DECODER_SHARE) / perPixel);
  if (pixels <= allowed) return;
  throw new RenderError(
    413,
    `The ${role} image is too large: an AVIF or HEIF ${role} may have at most ${(allowed / 1_000_000).toFixed(1)} megapixels; use a smaller one or another format.`,
  );
}

export interface OverlayImage {
  /** A pipeline reading the overlay upright (EXIF orientation applied), first frame only. */
  open: () => sharp.Sharp;
  size: Size;
}

/**
 * Fetches and checks an overlay image. Its pixels count with the origin image's towards the
 * input limit (`RenderLimits.maxInputPixels`): a small origin must not smuggle in a pixel flood
 * as a mark.
 */
export async function loadOverlayImage(
  context: RenderContext,
  location: string,
  role: OverlayRole,
): Promise<OverlayImage> {
  const fetched = await context.request.fetchImage(location);
  const { source, limits } = context;
  // An SVG overlay meets the limits an SVG origin does before librsvg sees it: a mark is
  // rasterised as whole as an origin is.
  const subject = `${role} SVG`;
  const svg = await admitSvg(fetched, context.request.signal, undefined, subject);
  const bytes = svg === null ? fetched : svg.bytes;
  let metadata: sharp.Metadata;
  try {
    // The header only; the pixel budget is checked against it right below.
    metadata = await sharp(bytes, {
      ...untrustedInput(limits),
      limitInputPixels: false,
    }).metadata();
  } catch (error) {
    throw new RenderError(422, `The ${role} image is not an image Darkroom can read.`, {
      cause: error,
    });
  }
  const { width, height, pages = 1 } = metadata;
  if (width === undefined || height === undefined) {
    throw new RenderError(422, `The ${role} image has no dimensions.`);
  }
  if (svg !== null)
    checkSvgRaster({ width, height }, svg, limits.maxInputPixels, undefined, subject);
  const originPixels = source.width * source.height * source.pages;
  if (originPixels + width * height * pages > limits.maxInputPixels) {
    throw new RenderError(
      413,
      `The ${role} image is too large: with the origin image it exceeds ${limits.maxInputPixels} pixels.`,
    );
  }
  // Only the first frame is decoded; deep or many-banded pixels count for their bytes.
  checkDecodedBytes(metadata, width * height, limits, `${role} image`);
  checkOverlayDecoder(metadata.format, width * height, limits, role);
  const turned = (metadata.orientation ?? 1) >= 5;
  return {
    open: () => sharp(bytes, untrustedInput(limits)).autoOrient(),
    size: turned ? { width: height, height: width } : { width, height },
  };
}
