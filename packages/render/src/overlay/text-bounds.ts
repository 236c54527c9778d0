import { RenderError } from '../pipeline/context.ts';

/**
 * Bounds on `txt` checked before Pango lays it out: libvips draws the whole block on one cairo
 * surface (at most 32767 pixels a side) before anything is clipped, so the text's length, its
 * lines and the size of that surface are refused (413) up front instead of failing in cairo or
 * filling memory. imgix documents no bound of its own beyond its 8,000-character URLs.
 */
export const TEXT_LIMITS = {
  /** Characters (code points) of `txt`, newlines included. */
  maxCharacters: 2000,
  /** Lines of `txt`. */
  maxLines: 100,
  /** cairo's largest image surface side (cairo-image-surface.c, MAX_IMAGE_SIZE). */
  maxSide: 32767,
  /**
   * Outline width in device pixels (`txt-line` by `dpr`): the disc dilation costs this many
   * passes over the layer.
   */
  maxOutlinePx: 100,
} as const;

/** Line height as a multiple of the font size: generous for the installed faces (1.15-1.17). */
const LINE_HEIGHT = 1.25;

export interface TextExtent {
  /** `txt` as drawn. */
  text: string;
  sizePx: number;
  trackingPx: number;
  leadingPx: number;
}

/**
 * An upper estimate of the surface Pango will draw the text on: each character an em wide
 * (wider than the installed faces' widest letters but for a few symbols, which cairo's own limit
 * then catches) plus its tracking, each line `LINE_HEIGHT` em tall plus the leading.
 */
export function estimatedTextSize(extent: TextExtent): { width: number; height: number } {
  const lines = extent.text.split('\n');
  const longest = Math.max(...lines.map((line) => [...line].length));
  const advance = extent.sizePx + Math.max(0, extent.trackingPx);
  return {
    width: Math.ceil(longest * advance),
    height: Math.ceil(
      lines.length * extent.sizePx * LINE_HEIGHT +
        (lines.length - 1) * Math.max(0, extent.leadingPx),
    ),
  };
}

/** Refuses (413) text too long, of too many lines, or whose surface would pass the limits. */
export function checkTextBounds(extent: TextExtent, maxPixels: number): void {
  const characters = [...extent.text].length;
  if (characters > TEXT_LIMITS.maxCharacters) {
    throw new RenderError(
      413,
      `txt has ${characters} characters; this server draws at most ${TEXT_LIMITS.maxCharacters}.`,
    );
  }
  const lines = extent.text.split('\n').length;
  if (lines > TEXT_LIMITS.maxLines) {
    throw new RenderError(
      413,
      `txt has ${lines} lines; this server draws at most ${TEXT_LIMITS.maxLines}.`,
    );
  }
  // Pango takes the leading in 1/1024ths of a pixel as a 32-bit integer: refused before it
  // could overflow, at the surface's own largest side.
  if (extent.leadingPx > TEXT_LIMITS.maxSide) {
    throw new RenderError(
      413,
      `txt-lead of ${Math.round(extent.leadingPx)} px is more than the ${TEXT_LIMITS.maxSide} pixels a text can span: lower txt-lead.`,
    );
  }
  const size = estimatedTextSize(extent);
  const pixels = size.width * size.height;
  if (size.width > TEXT_LIMITS.maxSide || size.height > TEXT_LIMITS.maxSide || pixels > maxPixels) {
    throw new RenderError(
      413,
      `txt at txt-size ${Math.round(extent.sizePx)} px would be drawn on about ${size.width}x${size.height} pixels; the limit is ${TEXT_LIMITS.maxSide} pixels a side and ${Math.round(maxPixels / 100_000) / 10} megapixels: shorten txt or lower txt-size.`,
    );
  }
}
