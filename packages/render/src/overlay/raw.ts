import type { Rect } from '@darkroom/core';

/**
 * Small operations on raw RGBA pixel buffers (4 bytes a pixel, rows top to bottom). Overlays
 * are small, and doing these in place spares a sharp pipeline for each.
 */

/** An RGBA overlay in raw pixels, placed with its top-left corner at `left`, `top`. */
export interface RgbaLayer extends Rect {
  data: Buffer;
}

/** The `rect` part of a raw RGBA image `width` pixels wide. */
export function cropRgba(data: Uint8Array, width: number, rect: Rect): Buffer {
  const out = Buffer.alloc(rect.width * rect.height * 4);
  for (let row = 0; row < rect.height; row += 1) {
    const from = ((rect.top + row) * width + rect.left) * 4;
    out.set(data.subarray(from, from + rect.width * 4), row * rect.width * 4);
  }
  return out;
}

/** Copies `source` over `target` at `left`, `top` (replacing, not blending); `source` must fit. */
export function pasteRgba(
  target: Uint8Array,
  targetWidth: number,
  source: Uint8Array,
  sourceWidth: number,
  left: number,
  top: number,
): void {
  const rows = source.length / 4 / sourceWidth;
  for (let row = 0; row < rows; row += 1) {
    const from = row * sourceWidth * 4;
    target.set(
      source.subarray(from, from + sourceWidth * 4),
      ((top + row) * targetWidth + left) * 4,
    );
  }
}

/** Scales every pixel's alpha by `factor` (0-1), in place (`mark-alpha`, `blend-alpha`, ARGB colours). */
export function scaleAlpha(data: Uint8Array, factor: number): void {
  if (factor >= 1) return;
  for (let i = 3; i < data.length; i += 4) data[i] = Math.round((data[i] ?? 0) * factor);
}

/** A single-channel image of the alpha of an RGBA image. */
export function alphaOf(data: Uint8Array): Buffer {
  const alpha = Buffer.alloc(data.length / 4);
  for (let i = 0; i < alpha.length; i += 1) alpha[i] = data[i * 4 + 3] ?? 0;
  return alpha;
}

/** An RGBA image of one colour whose alpha is `mask` (one byte a pixel) times `opacity` (0-1). */
export function colourThroughMask(
  mask: Uint8Array,
  colour: { r: number; g: number; b: number },
  opacity: number,
): Buffer {
  const out = Buffer.alloc(mask.length * 4);
  for (let i = 0; i < mask.length; i += 1) {
    out[i * 4] = colour.r;
    out[i * 4 + 1] = colour.g;
    out[i * 4 + 2] = colour.b;
    out[i * 4 + 3] = Math.round(Math.min(255, (mask[i] ?? 0) * opacity));
  }
  return out;
}
