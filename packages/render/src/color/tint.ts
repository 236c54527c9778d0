import type { Rgba } from '@darkroom/core';
import { clampByte, luma, type Pixels } from './pixels.ts';

/**
 * `monochrome`: the image in shades of one colour, black staying black and white becoming the
 * colour. The colour's alpha (the AA of AARRGGBB) is the strength of the effect.
 */
export function applyMonochrome(pixels: Pixels, colour: Rgba): void {
  const { data, channels } = pixels;
  const strength = colour.alpha;
  for (let offset = 0; offset < data.length; offset += channels) {
    const red = data[offset] ?? 0;
    const green = data[offset + 1] ?? 0;
    const blue = data[offset + 2] ?? 0;
    const level = luma(red, green, blue) / 255;
    data[offset] = clampByte(red + (colour.r * level - red) * strength);
    data[offset + 1] = clampByte(green + (colour.g * level - green) * strength);
    data[offset + 2] = clampByte(blue + (colour.b * level - blue) * strength);
  }
}

/**
 * `duotone=dark,light`: greyscale mapped onto the gradient from the first colour (shadows) to
 * the second (highlights), then laid over the original at `opacity` (`duotone-alpha` / 100).
 */
export function applyDuotone(pixels: Pixels, dark: Rgba, light: Rgba, opacity: number): void {
  const { data, channels } = pixels;
  for (let offset = 0; offset < data.length; offset += channels) {
    const red = data[offset] ?? 0;
    const green = data[offset + 1] ?? 0;
    const blue = data[offset + 2] ?? 0;
    const level = luma(red, green, blue) / 255;
    const toneRed = dark.r + (light.r - dark.r) * level;
    const toneGreen = dark.g + (light.g - dark.g) * level;
    const toneBlue = dark.b + (light.b - dark.b) * level;
    data[offset] = clampByte(red + (toneRed - red) * opacity);
    data[offset + 1] = clampByte(green + (toneGreen - green) * opacity);
    data[offset + 2] = clampByte(blue + (toneBlue - blue) * opacity);
  }
}
