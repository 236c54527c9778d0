/**
 * imgix's blend modes (docs.imgix.com/apis/rendering/blending/blend-mode). libvips composites
 * the separable ones natively with the W3C Compositing formulas; the four non-separable ones
 * (hue, saturation, color, luminosity) it lacks, so they are computed here on raw pixels with
 * the same specification (W3C Compositing and Blending Level 1, section 10.2).
 */

export const BLEND_MODES = [
  'normal',
  'darken',
  'multiply',
  'burn',
  'lighten',
  'screen',
  'dodge',
  'overlay',
  'softlight',
  'hardlight',
  'difference',
  'exclusion',
  'color',
  'hue',
  'saturation',
  'luminosity',
] as const;

export type BlendMode = (typeof BLEND_MODES)[number];

export type NonSeparableMode = 'color' | 'hue' | 'saturation' | 'luminosity';

export function isBlendMode(value: string | undefined): value is BlendMode {
  return (BLEND_MODES as readonly string[]).includes(value ?? '');
}

/** sharp's composite `blend` for each mode libvips implements; null for the non-separable ones. */
export const SHARP_BLEND = {
  normal: 'over',
  darken: 'darken',
  multiply: 'multiply',
  burn: 'colour-burn',
  lighten: 'lighten',
  screen: 'screen',
  dodge: 'colour-dodge',
  overlay: 'overlay',
  softlight: 'soft-light',
  hardlight: 'hard-light',
  difference: 'difference',
  exclusion: 'exclusion',
  color: null,
  hue: null,
  saturation: null,
  luminosity: null,
} as const satisfies Record<BlendMode, string | null>;

export function isNonSeparable(mode: BlendMode): mode is NonSeparableMode {
  return SHARP_BLEND[mode] === null;
}

/** An RGB colour with 0-1 channels. */
export type Rgb = readonly [number, number, number];

function lum([r, g, b]: Rgb): number {
  return 0.3 * r + 0.59 * g + 0.11 * b;
}

function clipColour(colour: Rgb): Rgb {
  const l = lum(colour);
  const low = Math.min(...colour);
  const high = Math.max(...colour);
  let channels = [...colour];
  if (low < 0) channels = channels.map((c) => l + ((c - l) * l) / (l - low));
  if (high > 1) channels = channels.map((c) => l + ((c - l) * (1 - l)) / (high - l));
  return [channels[0] ?? 0, channels[1] ?? 0, channels[2] ?? 0];
}

function setLum(colour: Rgb, l: number): Rgb {
  const d = l - lum(colour);
  return clipColour([colour[0] + d, colour[1] + d, colour[2] + d]);
}

function sat(colour: Rgb): number {
  return Math.max(...colour) - Math.min(...colour);
}

function setSat(colour: Rgb, s: number): Rgb {
  const order = [0, 1, 2].sort((a, b) => (colour[a] ?? 0) - (colour[b] ?? 0));
  const [minIndex = 0, midIndex = 1, maxIndex = 2] = order;
  const low = colour[minIndex] ?? 0;
  const high = colour[maxIndex] ?? 0;
  const result = [0, 0, 0];
  if (high > low) {
    result[midIndex] = (((colour[midIndex] ?? 0) - low) * s) / (high - low);
    result[maxIndex] = s;
  }
  return [result[0] ?? 0, result[1] ?? 0, result[2] ?? 0];
}

/** B(Cb, Cs) for a non-separable mode: `backdrop` is the image, `source` the blend layer. */
export function blendNonSeparable(mode: NonSeparableMode, backdrop: Rgb, source: Rgb): Rgb {
  switch (mode) {
    case 'hue':
      return setLum(setSat(source, sat(backdrop)), lum(backdrop));
    case 'saturation':
      return setLum(setSat(backdrop, sat(source)), lum(backdrop));
    case 'color':
      return setLum(source, lum(backdrop));
    case 'luminosity':
      return setLum(backdrop, lum(source));
  }
}

/**
 * Blends an RGBA `layer` into `image` (RGB or RGBA, same pixel count) in place:
 * source-over of the blended colour, as W3C section 5.3 composites any blend mode.
 */
export function blendPixelsInPlace(
  image: Uint8Array,
  channels: 3 | 4,
  layer: Uint8Array,
  mode: NonSeparableMode,
): void {
  const pixels = image.length / channels;
  for (let i = 0; i < pixels; i += 1) {
    const sourceAlpha = (layer[i * 4 + 3] ?? 0) / 255;
    if (sourceAlpha === 0) continue;
    const at = i * channels;
    const backdropAlpha = channels === 4 ? (image[at + 3] ?? 0) / 255 : 1;
    const backdrop: Rgb = [
      (image[at] ?? 0) / 255,
      (image[at + 1] ?? 0) / 255,
      (image[at + 2] ?? 0) / 255,
    ];
    const source: Rgb = [
      (layer[i * 4] ?? 0) / 255,
      (layer[i * 4 + 1] ?? 0) / 255,
      (layer[i * 4 + 2] ?? 0) / 255,
    ];
    const blended = blendNonSeparable(mode, backdrop, source);
    const outAlpha = sourceAlpha + backdropAlpha * (1 - sourceAlpha);
    for (let c = 0; c < 3; c += 1) {
      // Where the backdrop is transparent the source shows unblended (W3C 5.3).
      const mixed = (1 - backdropAlpha) * (source[c] ?? 0) + backdropAlpha * (blended[c] ?? 0);
      const premultiplied =
        sourceAlpha * mixed + (1 - sourceAlpha) * backdropAlpha * (backdrop[c] ?? 0);
      image[at + c] = Math.round(Math.min(1, Math.max(0, premultiplied / outAlpha)) * 255);
    }
    if (channels === 4) image[at + 3] = Math.round(outAlpha * 255);
  }
}
