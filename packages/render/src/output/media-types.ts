import type { OutputFormat } from '../pipeline/context.ts';

/** What an SVG origin is served as when it is passed through (`rasterize-bypass`). */
export const SVG_MEDIA_TYPE = 'image/svg+xml';

// sharp names input formats by decoder; HTTP speaks media types.
const SOURCE_MEDIA_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  heif: 'image/heif',
  tiff: 'image/tiff',
  svg: SVG_MEDIA_TYPE,
  jp2k: 'image/jp2',
  jp2: 'image/jp2',
  jxl: 'image/jxl',
};

/** The origin's media type (HEIF with AV1 inside is AVIF); undefined for a format not listed. */
export function sourceMediaType(format: string, compression?: string): string | undefined {
  if (format === 'heif' && compression === 'av1') return 'image/avif';
  return SOURCE_MEDIA_TYPES[format];
}

export const OUTPUT_MEDIA_TYPES: Record<OutputFormat, string> = {
  avif: 'image/avif',
  gif: 'image/gif',
  jp2: 'image/jp2',
  jpg: 'image/jpeg',
  pjpg: 'image/jpeg',
  png: 'image/png',
  png8: 'image/png',
  png32: 'image/png',
  webp: 'image/webp',
  json: 'application/json',
  blurhash: 'text/plain; charset=utf-8',
};
