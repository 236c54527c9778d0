import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import sharp from 'sharp';
import { RenderError } from '../pipeline/context.ts';
import { renderWorkers } from '../workers/pool.ts';
import { DEFAULT_SVG_LIMITS, type SvgFacts, type SvgLimits } from './svg-inspect.ts';
import { looksLikeSvg } from './svg-sanitize.ts';

const inflate = promisify(gunzip);

let configured: SvgLimits = DEFAULT_SVG_LIMITS;

/** Sets the process's SVG limits (the server's SVG_MAX_* settings); unset fields keep defaults. */
export function configureSvgLimits(limits: Partial<SvgLimits>): void {
  configured = { ...DEFAULT_SVG_LIMITS, ...limits };
}

export function svgLimits(): SvgLimits {
  return configured;
}

/** What `admitSvg` learned of an SVG origin, for the checks once its size is known. */
export interface AdmittedSvg {
  /** The SVG text (inflated when the origin was svgz), which the render reads instead. */
  bytes: Uint8Array;
  facts: SvgFacts;
}

const GZIP_MAGIC = [0x1f, 0x8b];

function isGzip(bytes: Uint8Array): boolean {
  return bytes[0] === GZIP_MAGIC[0] && bytes[1] === GZIP_MAGIC[1];
}

/**
 * Before librsvg runs: an SVG origin (or a gzipped one, which librsvg would inflate without
 * bound) is read in a worker thread and refused (413, naming the limit) when it is larger,
 * holds more elements or asks for larger filters than the limits allow. Null for other files.
 */
export async function admitSvg(
  input: Uint8Array,
  signal?: AbortSignal,
  limits: SvgLimits = configured,
  subject = 'origin SVG',
): Promise<AdmittedSvg | null> {
  const bytes = isGzip(input) ? await inflated(input, limits, subject) : input;
  if (bytes === null || !looksLikeSvg(bytes)) return null;
  if (bytes.length > limits.maxBytes) {
    throw new RenderError(
      413,
      `The ${subject} is ${mib(bytes.length)}; this server rasterises SVGs up to ${mib(limits.maxBytes)}.`,
    );
  }
  const facts = await renderWorkers().run('inspectSvg', { bytes, limits, subject }, { signal });
  if (facts.elements > limits.maxElements) {
    throw new RenderError(
      413,
      `The ${subject} draws more than ${limits.maxElements} elements (<use> references counted with what they repeat); this server rasterises at most ${limits.maxElements}.`,
    );
  }
  if (facts.filterRadius > limits.maxFilterRadius) {
    throw new RenderError(
      413,
      `The ${subject}'s filter ${facts.filterRadiusSource} is larger than this server rasterises (at most ${limits.maxFilterRadius}).`,
    );
  }
  if (facts.convolveOrder > limits.maxConvolveOrder) {
    throw new RenderError(
      413,
      `The ${subject}'s feConvolveMatrix of order ${facts.convolveOrder} is larger than this server rasterises (at most ${limits.maxConvolveOrder}).`,
    );
  }
  if (facts.pathCharacters > limits.maxPathCharacters) {
    throw new RenderError(
      413,
      `The ${subject} has ${facts.pathCharacters} characters of path data; this server rasterises at most ${limits.maxPathCharacters}.`,
    );
  }
  await checkEmbeddedImages(facts.embeddedImages, limits, subject);
  return { bytes, facts };
}

/** An svgz origin inflated to at most the byte limit; null when it is not gzipped SVG. */
async function inflated(
  input: Uint8Array,
  limits: SvgLimits,
  subject: string,
): Promise<Uint8Array | null> {
  try {
    return await inflate(input, { maxOutputLength: limits.maxBytes });
  } catch (error) {
    if (
      error instanceof RangeError ||
      (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE'
    ) {
      throw new RenderError(
        413,
        `The compressed ${subject} inflates past ${mib(limits.maxBytes)}, the most this server rasterises.`,
        { cause: error },
      );
    }
    return null;
  }
}

/** Each embedded raster image's header: librsvg decodes it whole, so it counts like an origin. */
async function checkEmbeddedImages(
  payloads: readonly string[],
  limits: SvgLimits,
  subject: string,
) {
  if (payloads.length > limits.maxEmbeddedImages) {
    throw new RenderError(
      413,
      `The ${subject} embeds ${payloads.length} raster images; this server rasterises SVGs with at most ${limits.maxEmbeddedImages}.`,
    );
  }
  for (const payload of payloads) {
    const header = Buffer.from(payload, 'base64');
    const metadata = await sharp(header, { limitInputPixels: false })
      .metadata()
      .catch(() => null);
    const pixels = (metadata?.width ?? 0) * (metadata?.height ?? 0) * (metadata?.pages ?? 1);
    if (pixels > limits.maxPixels) {
      throw new RenderError(
        413,
        `The ${subject} embeds a ${metadata?.width}x${metadata?.height} image; this server rasterises embedded images up to ${megapixels(limits.maxPixels)}.`,
      );
    }
  }
}

/**
 * Once the header gives the drawing's size: its rasterised pixels (width by height at 72 dpi,
 * which librsvg allocates whole) and its filters' surfaces (each primitive may allocate one of
 * the drawing's size) within the limits, else 413.
 */
export function checkSvgRaster(
  source: { width: number; height: number },
  admitted: AdmittedSvg,
  maxCanvasPixels: number,
  limits: SvgLimits = configured,
  subject = 'origin SVG',
): void {
  const pixels = source.width * source.height;
  if (pixels > limits.maxPixels) {
    throw new RenderError(
      413,
      `The ${subject} rasterises to ${source.width}x${source.height} (${megapixels(pixels)}); this server rasterises SVGs up to ${megapixels(limits.maxPixels)}.`,
    );
  }
  const filterPixels = pixels * admitted.facts.filterPrimitives;
  if (filterPixels > maxCanvasPixels) {
    throw new RenderError(
      413,
      `The ${subject}'s ${admitted.facts.filterPrimitives} filter primitives over ${source.width}x${source.height} would allocate ${megapixels(filterPixels)}; the limit is ${megapixels(maxCanvasPixels)}.`,
    );
  }
}

function mib(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
}

function megapixels(pixels: number): string {
  return `${Math.round(pixels / 100_000) / 10} megapixels`;
}
