/**
 * Decoded 8-bit sRGB pixels, interleaved, with or without a trailing alpha channel. Animation
 * frames are stacked vertically, `frameHeight` rows each, as sharp stacks them.
 */
export interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 3 | 4;
  frameHeight: number;
}

/** Rec. 709 luma weights: what "greyscale" means for every effect in this folder. */
const LUMA_RED = 0.2126;
const LUMA_GREEN = 0.7152;
const LUMA_BLUE = 0.0722;

/** Luma of gamma-encoded channels, in the channels' own scale (0-255 in, 0-255 out). */
export function luma(red: number, green: number, blue: number): number {
  return LUMA_RED * red + LUMA_GREEN * green + LUMA_BLUE * blue;
}

export function clampByte(value: number): number {
  if (value <= 0) return 0;
  if (value >= 255) return 255;
  return Math.round(value);
}

export function clampUnit(value: number): number {
  return value < 0 ? 0 : value > 1 ? 1 : value;
}

/** Clamps a parameter to the range imgix documents, so an out-of-range value saturates. */
export function clampRange(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** The sRGB transfer function (IEC 61966-2-1), 0-1 both ways. */
export function srgbToLinear(value: number): number {
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

export function linearToSrgb(value: number): number {
  return value <= 0.0031308 ? value * 12.92 : 1.055 * value ** (1 / 2.4) - 0.055;
}

/** Calls `visit` with the start and row count of each animation frame (one call for a still). */
export function forEachFrame(
  pixels: Pixels,
  visit: (firstRow: number, rows: number) => void,
): void {
  const frameHeight =
    pixels.frameHeight > 0 && pixels.height % pixels.frameHeight === 0
      ? pixels.frameHeight
      : pixels.height;
  for (let firstRow = 0; firstRow < pixels.height; firstRow += frameHeight) {
    visit(firstRow, frameHeight);
  }
}
