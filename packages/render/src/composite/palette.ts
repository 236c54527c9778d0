import type { Rgba } from '@darkroom/core';
import {
  dominanceCandidates,
  dominantColours,
  idealLightness,
  type DominantName,
} from '../color/dominant-colours.ts';
import type { Pixels } from '../color/pixels.ts';
import { colourHistogram, type Swatch } from '../color/quantize.ts';
import { fromHsl, toHsl } from './colour-space.ts';

/** The two swatches imgix's `fill=gradient` starts from when no colours are given. */
export interface VividPair {
  dark: Rgba;
  light: Rgba;
}

const MID_GREY: Swatch = { red: 128, green: 128, blue: 128, population: 0 };

function rgbaOf(swatch: Swatch): Rgba {
  const { red, green, blue } = swatch;
  return { r: Math.round(red), g: Math.round(green), b: Math.round(blue), alpha: 1 };
}

/**
 * The vibrant dark and vibrant light colours of an image's palette, the ones `palette=json`
 * names (docs.imgix.com/apis/rendering/fill/fill-gradient-linear: "vibrant dark" and "vibrant
 * light" by default). A missing one is made, as Vibrant.js makes it, from the vibrant colour
 * at the target lightness; an image with no vibrant colour at all (a grey one) uses its
 * commonest colour instead, so a gradient always results.
 */
export function vividColours(pixels: Pixels): VividPair {
  const candidates = dominanceCandidates(colourHistogram(pixels));
  const named = dominantColours(candidates);
  const base = toHsl(rgbaOf(named.vibrant ?? candidates[0] ?? MID_GREY));
  const pick = (name: DominantName) => {
    const swatch = named[name];
    return swatch ? rgbaOf(swatch) : fromHsl(base.hue, base.saturation, idealLightness(name));
  };
  return { dark: pick('vibrant_dark'), light: pick('vibrant_light') };
}
