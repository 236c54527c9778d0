import type { Params } from '@darkroom/core';
import type sharp from 'sharp';
import type { AiModels, GenerativeEditor } from '../ai/types.ts';
import type { Margins } from '../geometry/margins.ts';
import type { RenderBudget } from './budget.ts';
import type { PdfFacts } from '../input/pdf.ts';

/** Client hints sent with the request (`ch=Width,DPR,Save-Data`); null when not sent. */
export interface ClientHints {
  width: number | null;
  viewportWidth: number | null;
  dpr: number | null;
  saveData: boolean;
}

/**
 * The resource budget of one render (RENDER_MAX_SIDE, RENDER_MAX_MEGAPIXELS, RENDER_MAX_FRAMES),
 * checked against the parameters and the origin's header before any pixel is decoded
 * (pipeline/budget.ts).
 */
export interface RenderLimits {
  /**
   * The pixel budget (50 MP), animation frames counted together: the largest input decoded
   * (pixel-flood guard; 8-bit RGBA's worth of bytes, so deep or many-channel files count more),
   * and the largest canvas any step allocates, output included.
   */
  maxInputPixels: number;
  /** Largest side in pixels of the output and of every canvas on the way to it (8192). */
  maxOutputSide: number;
  /** Most animation frames one render decodes (1000). */
  maxFrames: number;
  /**
   * Bytes of decoded pixels all renders of this process may hold together (512 MB): larger
   * renders wait for one another rather than run side by side (pipeline/memory-gate.ts).
   */
  maxMemoryBytes: number;
  /** Longest a render may take before it is abandoned, in milliseconds. */
  timeoutMs: number;
}

export const DEFAULT_RENDER_LIMITS: RenderLimits = {
  maxInputPixels: 50_000_000,
  maxOutputSide: 8192,
  maxFrames: 1000,
  maxMemoryBytes: 320 * 1024 * 1024,
  timeoutMs: 30_000,
};

/** Everything a render needs; the server fills it in, the engine knows nothing of HTTP. */
export interface RenderRequest {
  /** The origin file's bytes, whole (the storage layer never hands over a partial object). */
  input: Uint8Array;
  params: Params;
  /** The Accept header, for `auto=format`; null when absent. */
  accept: string | null;
  clientHints: ClientHints;
  /**
   * Fetches the image behind a `mark`, `blend`, `mask` or `append` URL. The server passes a
   * fetch that goes through the SSRF guard, caps bytes and refuses the request's own source; it
   * throws `RenderError` (status 400, 413 or 422) on failure, with the `originStatus` of an
   * origin that answered but did not give the image.
   */
  fetchImage: (url: string) => Promise<Uint8Array>;
  limits?: Partial<RenderLimits>;
  signal?: AbortSignal;
  /**
   * The AI models (`ai/types.ts`). Without them, face-aware parameters render as if no face were
   * found and premium operations fail (falling back when their `*-fallback` allows).
   */
  ai?: AiModels;
  /** The generative provider for fill=gen, bg-replace and object replacement; absent: none. */
  generative?: GenerativeEditor;
  /** Whether image to video (fm=mp4 of a still) is granted to the source; refused (403) if not. */
  imageToVideo?: boolean;
}

export type OutputFormat =
  'avif' | 'gif' | 'jp2' | 'jpg' | 'pjpg' | 'png' | 'png8' | 'png32' | 'webp' | 'json' | 'blurhash';

export interface RenderResult {
  body: Buffer;
  contentType: string;
  /**
   * The encoded format (json and css palettes report 'json'; image to video 'mp4'; an SVG
   * passed through 'svg').
   */
  format: OutputFormat | 'css' | 'mp4' | 'svg';
  /** Output pixel size; null for JSON, CSS and blurhash answers. */
  width: number | null;
  height: number | null;
  /** True when the Accept header chose the format (`auto=format`): the answer needs Vary. */
  variesOnAccept: boolean;
  /** True when a premium (AI) operation ran, for metering. */
  premium: boolean;
  /**
   * Premium operations that were skipped (their fallback allowed it) and why, and those applied
   * with a warning; keyed by operation (`bg-remove`, `upscale`, `object-removal`).
   */
  aiFailures?: Readonly<Record<string, string>>;
  aiWarnings?: Readonly<Record<string, string>>;
}

/** Facts about the origin image, read once from its header before any pixel is decoded. */
export interface SourceImage {
  bytes: Uint8Array;
  metadata: sharp.Metadata;
  /** sharp's format name: jpeg, png, webp, gif, avif, heif, tiff, svg, jp2. */
  format: string;
  /** Size as displayed, after EXIF orientation; for animations, one frame. */
  width: number;
  height: number;
  /** Frames in an animation (1 for a still). */
  pages: number;
  hasAlpha: boolean;
  /** For a PDF origin, the document behind `bytes` (one page rasterised to PNG: input/pdf.ts). */
  pdf?: PdfFacts;
}

/**
 * Where fit=fill / fillmax leaves room around the resized image: the size step records the
 * canvas and the image's place on it, the fill step paints the rest (solid, blur, gradient).
 */
export interface PendingFill {
  canvasWidth: number;
  canvasHeight: number;
  left: number;
  top: number;
}

/**
 * The one mutable object the steps share. `image` is the sharp pipeline built so far, and
 * `width`/`height` are the size it will produce: steps keep them true so the next step can
 * plan with arithmetic instead of decoding. A step that needs the pixels as they are now (to
 * measure or composite them) calls `materialize()`.
 */
export interface RenderContext {
  readonly request: RenderRequest;
  readonly params: Params;
  readonly source: SourceImage;
  readonly limits: RenderLimits;
  /** What the canvases and the output may hold (pipeline/budget.ts). */
  readonly budget: RenderBudget;
  image: sharp.Sharp;
  width: number;
  height: number;
  /** The pipeline output carries an alpha channel. */
  hasAlpha: boolean;
  /** The pipeline holds every frame of an animation (sharp `animated: true`). */
  animated: boolean;
  /** Frame height when animated (frames are stacked vertically in sharp). */
  pageHeight: number;
  pendingFill: PendingFill | null;
  /**
   * The padding, border and stroke widths, scaled with the image by the size step when the
   * output would otherwise pass the budget; null until it has run (read them from the URL).
   */
  margins: Margins | null;
  /** Set by a premium (AI) step. */
  premium: boolean;
  /**
   * Pixels of the image the steps see per pixel of the origin the URL's pixel values refer to:
   * above 1 when super resolution enlarged the origin before the pipeline (a `rect` in pixels
   * still means the same part of the picture).
   */
  sourceScale: number;
  /** Premium operations a step skipped (their fallback allowed it) and why, by operation. */
  aiFailures: Record<string, string>;
  /**
   * Runs the pipeline so far into raw pixels and starts a fresh pipeline from them, so later
   * operations apply after earlier ones whatever order sharp would use inside one pipeline.
   */
  materialize(): Promise<void>;
}

/**
 * Why an overlay image's origin could not give it, as delivery answers an origin of its own:
 * 403 refused, 404 missing, 502 failing, 504 too slow.
 */
export type OriginStatus = 403 | 404 | 502 | 504;

/** A render that cannot go ahead; `status` is the HTTP status the delivery layer answers. */
export class RenderError extends Error {
  readonly status: 400 | 403 | 404 | 413 | 415 | 422 | 500 | 502 | 504;
  /**
   * Set by `fetchImage` when an overlay image could not be fetched because of its origin: what
   * the origin answered. A mark, blend or mask still fails with `status` (422); an append fails
   * the whole request with this (docs.imgix.com/apis/rendering/append/append-image).
   */
  readonly originStatus: OriginStatus | undefined;

  constructor(
    status: RenderError['status'],
    message: string,
    options?: { cause?: unknown; originStatus?: OriginStatus },
  ) {
    super(message, options);
    this.name = 'RenderError';
    this.status = status;
    this.originStatus = options?.originStatus;
  }
}
