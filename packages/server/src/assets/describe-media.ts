import sharp, { type Metadata } from 'sharp';
import type { AssetColor, MediaKind } from '@darkroom/core';
import {
  DEFAULT_RENDER_LIMITS,
  describeVideo,
  isPdf,
  rasterSize,
  rasterisePdf,
} from '@darkroom/render';
import { dominantColors } from './dominant-colors.ts';
import { iccProfileName } from './icc-profile-name.ts';
import { sniffMedia } from './sniff-media.ts';

/** What the indexer records about one image, animation or video (spec platform section 3). */
export interface MediaDescription {
  contentType: string;
  mediaKind: MediaKind;
  width: number | null;
  height: number | null;
  dpiWidth: number | null;
  dpiHeight: number | null;
  imageMode: string | null;
  colorProfileName: string | null;
  colors: AssetColor[];
  hasFrames: boolean;
  frameCount: number | null;
  hasColors: boolean;
  isRenderable: boolean;
  /** What ffprobe read of a video; null for images and animations. */
  video: { durationMs: number; codec: string; frameRate: number | null } | null;
  /** Why a file that looks like an image could not be decoded; null when it could. */
  error: string | null;
}

const EMPTY: Omit<MediaDescription, 'contentType' | 'mediaKind'> = {
  width: null,
  height: null,
  dpiWidth: null,
  dpiHeight: null,
  imageMode: null,
  colorProfileName: null,
  colors: [],
  hasFrames: false,
  frameCount: null,
  hasColors: false,
  isRenderable: false,
  video: null,
  error: null,
};

/** The image mode in the words of the asset attributes: RGB, RGBA, CMYK, Grayscale, ... */
function imageModeOf(metadata: Pick<Metadata, 'space' | 'hasAlpha' | 'channels'>): string {
  const alpha = metadata.hasAlpha;
  switch (metadata.space) {
    case 'cmyk':
      return alpha ? 'CMYKA' : 'CMYK';
    case 'b-w':
    case 'grey16':
      return alpha ? 'GrayscaleAlpha' : 'Grayscale';
    case 'lab':
    case 'labq':
    case 'labs':
      return 'LAB';
    default:
      if (metadata.channels <= 2) return alpha ? 'GrayscaleAlpha' : 'Grayscale';
      return alpha ? 'RGBA' : 'RGB';
  }
}

async function describeImage(bytes: Uint8Array, contentType: string): Promise<MediaDescription> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { failOn: 'none' }).metadata();
  } catch (error) {
    return { ...EMPTY, contentType, mediaKind: 'IMAGE', error: messageOf(error) };
  }
  const frameCount = metadata.pages ?? 1;
  const description: MediaDescription = {
    ...EMPTY,
    contentType,
    mediaKind: frameCount > 1 ? 'ANIMATION' : 'IMAGE',
    // Width and height as the image is shown: EXIF orientations 5 to 8 swap them.
    width: metadata.autoOrient.width,
    height: metadata.autoOrient.height,
    // sharp reports density in pixels per inch whatever unit the file stores.
    dpiWidth: metadata.density ?? null,
    dpiHeight: metadata.density ?? null,
    imageMode: imageModeOf(metadata),
    colorProfileName: metadata.icc === undefined ? null : iccProfileName(metadata.icc),
    hasFrames: frameCount > 1,
    frameCount: frameCount > 1 ? frameCount : null,
  };
  try {
    // Decoding the pixels for the colours is also the proof that the image renders.
    const summary = await dominantColors(bytes);
    return {
      ...description,
      colors: summary.colors,
      hasColors: summary.hasColors,
      isRenderable: true,
    };
  } catch (error) {
    return { ...description, error: messageOf(error) };
  }
}

// Colours are read from a small rendering of the page: the swatches need no more pixels.
const PDF_SWATCH_PIXELS = 250_000;
// Indexing has no request deadline of its own; poppler gets as long as a render would.
const PDF_TIMEOUT_MS = DEFAULT_RENDER_LIMITS.timeoutMs;

/**
 * A PDF, as delivery renders it by default: its first page, one pixel per point within the
 * render budget (render's input/pdf.ts), so the size recorded is the size a URL without `w`
 * or `h` gets. A PDF poppler cannot open is recorded, not renderable, with the reason.
 */
async function describePdf(bytes: Uint8Array): Promise<MediaDescription> {
  const contentType = 'application/pdf';
  try {
    const { png, facts } = await rasterisePdf(bytes, {
      page: 1,
      annotations: true,
      maxPixels: PDF_SWATCH_PIXELS,
      signal: AbortSignal.timeout(PDF_TIMEOUT_MS),
    });
    const size = rasterSize({ ...facts, rotation: 0 }, DEFAULT_RENDER_LIMITS.maxInputPixels);
    const summary = await dominantColors(png);
    return {
      ...EMPTY,
      contentType,
      mediaKind: 'IMAGE',
      width: size.width,
      height: size.height,
      dpiWidth: 72,
      dpiHeight: 72,
      imageMode: 'RGB',
      colors: summary.colors,
      hasColors: summary.hasColors,
      isRenderable: true,
    };
  } catch (error) {
    return { ...EMPTY, contentType, mediaKind: 'IMAGE', error: messageOf(error) };
  }
}

function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? '').slice(0, 500);
}

/**
 * Describes a file from its bytes: the type is sniffed (never taken from `path` or the
 * origin's content type, which only break ties), images are measured and their colours
 * quantised with sharp, videos are measured with ffprobe. Null for anything else.
 */
export async function describeMedia(
  bytes: Uint8Array,
  contentTypeHint: string | null,
  path: string,
): Promise<MediaDescription | null> {
  const sniffed = sniffMedia(bytes);
  if (sniffed === null) return null;
  if (sniffed.kind === 'VIDEO') {
    return describeVideoFile(bytes, videoContentType(sniffed.contentType, contentTypeHint, path));
  }
  if (isPdf(bytes)) return describePdf(bytes);
  return describeImage(bytes, sniffed.contentType);
}

/**
 * A video measured by ffprobe: its displayed size, length, codec and frame rate. A container
 * ffprobe cannot read is recorded, not renderable, with ffprobe's reason.
 */
async function describeVideoFile(
  bytes: Uint8Array,
  contentType: string,
): Promise<MediaDescription> {
  try {
    const info = await describeVideo(bytes);
    return {
      ...EMPTY,
      contentType,
      mediaKind: 'VIDEO',
      width: info.width,
      height: info.height,
      hasFrames: true,
      isRenderable: true,
      video: { durationMs: info.durationMs, codec: info.codec, frameRate: info.frameRate },
    };
  } catch (error) {
    return { ...EMPTY, contentType, mediaKind: 'VIDEO', error: messageOf(error) };
  }
}

const VIDEO_EXTENSIONS: Readonly<Record<string, string>> = {
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
};

/**
 * MP4, M4V and QuickTime share one container, so the bytes alone cannot always tell them
 * apart: once the bytes prove a video, the origin's video type, then the extension, decide.
 */
function videoContentType(sniffed: string, hint: string | null, path: string): string {
  const containerOf = (type: string) => (/webm|matroska/.test(type) ? 'matroska' : 'iso');
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  const candidates = [hint?.split(';')[0]?.trim().toLowerCase(), VIDEO_EXTENSIONS[extension]];
  const named = candidates.find(
    (type) => type?.startsWith('video/') === true && containerOf(type) === containerOf(sniffed),
  );
  return named ?? sniffed;
}
