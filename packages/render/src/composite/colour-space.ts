import type { Rgba } from '@darkroom/core';

/** The colour spaces `fill-gradient-cs` names (imgix catalogue: linear, srgb, oklab, hsl, lch). */
export type GradientColourSpace = 'srgb' | 'linear' | 'oklab' | 'hsl' | 'lch';

export const GRADIENT_COLOUR_SPACES: readonly GradientColourSpace[] = [
  'srgb',
  'linear',
  'oklab',
  'hsl',
  'lch',
];

/**
 * Every space a gradient interpolates in: fill's five, and oklch and hsv, which the gradient
 * overlay adds (docs.imgix.com/apis/rendering/gradient-overlay/gradient-color-space).
 */
export type InterpolationSpace = GradientColourSpace | 'oklch' | 'hsv';

type Triple = [number, number, number];

/** How one space is reached from sRGB (0-1 channels) and left again; `hue` names a polar angle. */
interface Space {
  from(rgb: Triple): Triple;
  to(coords: Triple): Triple;
  /** Index of the hue coordinate (degrees), for spaces that are polar. */
  hue?: 0 | 1 | 2;
  /** Index of the coordinate that makes the hue meaningless when it is near zero. */
  chroma?: 0 | 1 | 2;
}

function toLinear(channel: number): number {
  return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
}

function fromLinear(channel: number): number {
  return channel <= 0.0031308 ? channel * 12.92 : 1.055 * channel ** (1 / 2.4) - 0.055;
}

// Oklab: Björn Ottosson, "A perceptual color space for image processing" (2020), the matrices
// CSS Color 4 uses for `in oklab` interpolation.
function linearToOklab([r, g, b]: Triple): Triple {
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

function oklabToLinear([lightness, a, b]: Triple): Triple {
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

// CIE Lab with the D65 white of sRGB, then its polar form LCh (CSS Color 4 uses D50 for lch();
// D65 avoids a chromatic adaptation step and differs only slightly in the hues passed through).
const WHITE: Triple = [0.95047, 1, 1.08883];
const EPSILON = (6 / 29) ** 3;

function labF(t: number): number {
  return t > EPSILON ? Math.cbrt(t) : t / (3 * (6 / 29) ** 2) + 4 / 29;
}

function labFInverse(t: number): number {
  return t > 6 / 29 ? t ** 3 : 3 * (6 / 29) ** 2 * (t - 4 / 29);
}

function linearToLch([r, g, b]: Triple): Triple {
  const x = labF((0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / WHITE[0]);
  const y = labF((0.2126729 * r + 0.7151522 * g + 0.072175 * b) / WHITE[1]);
  const z = labF((0.0193339 * r + 0.119192 * g + 0.9503041 * b) / WHITE[2]);
  const a = 500 * (x - y);
  const bb = 200 * (y - z);
  return [116 * y - 16, Math.hypot(a, bb), degrees(Math.atan2(bb, a))];
}

function lchToLinear([lightness, chroma, hue]: Triple): Triple {
  const a = chroma * Math.cos((hue * Math.PI) / 180);
  const b = chroma * Math.sin((hue * Math.PI) / 180);
  const fy = (lightness + 16) / 116;
  const x = WHITE[0] * labFInverse(fy + a / 500);
  const y = WHITE[1] * labFInverse(fy);
  const z = WHITE[2] * labFInverse(fy - b / 200);
  return [
    3.2404542 * x - 1.5371385 * y - 0.4985314 * z,
    -0.969266 * x + 1.8760108 * y + 0.041556 * z,
    0.0556434 * x - 0.2040259 * y + 1.0572252 * z,
  ];
}

function rgbToHsl([r, g, b]: Triple): Triple {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const delta = max - min;
  if (delta === 0) return [0, 0, lightness];
  const saturation = delta / (1 - Math.abs(2 * lightness - 1));
  let hue: number;
  if (max === r) hue = ((g - b) / delta) % 6;
  else if (max === g) hue = (b - r) / delta + 2;
  else hue = (r - g) / delta + 4;
  return [(hue * 60 + 360) % 360, saturation, lightness];
}

function hslToRgb([hue, saturation, lightness]: Triple): Triple {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const h = (((hue % 360) + 360) % 360) / 60;
  const x = chroma * (1 - Math.abs((h % 2) - 1));
  const m = lightness - chroma / 2;
  const sector: Triple[] = [
    [chroma, x, 0],
    [x, chroma, 0],
    [0, chroma, x],
    [0, x, chroma],
    [x, 0, chroma],
    [chroma, 0, x],
  ];
  const [r, g, b] = sector[Math.min(5, Math.floor(h))] ?? [0, 0, 0];
  return [r + m, g + m, b + m];
}

function rgbToHsv([r, g, b]: Triple): Triple {
  const max = Math.max(r, g, b);
  const delta = max - Math.min(r, g, b);
  // The hue is HSL's: both read it off the same hexagon.
  const [hue] = rgbToHsl([r, g, b]);
  return [hue, max === 0 ? 0 : delta / max, max];
}

function hsvToRgb([hue, saturation, value]: Triple): Triple {
  const lightness = value * (1 - saturation / 2);
  const hslSaturation =
    lightness === 0 || lightness === 1
      ? 0
      : (value - lightness) / Math.min(lightness, 1 - lightness);
  return hslToRgb([hue, hslSaturation, lightness]);
}

function toPolar([lightness, a, b]: Triple): Triple {
  return [lightness, Math.hypot(a, b), degrees(Math.atan2(b, a))];
}

function fromPolar([lightness, chroma, hue]: Triple): Triple {
  const radians = (hue * Math.PI) / 180;
  return [lightness, chroma * Math.cos(radians), chroma * Math.sin(radians)];
}

function degrees(radians: number): number {
  return ((radians * 180) / Math.PI + 360) % 360;
}

const mapEach = (f: (c: number) => number) => (rgb: Triple) => rgb.map(f) as Triple;

const SPACES: Record<InterpolationSpace, Space> = {
  srgb: { from: (rgb) => rgb, to: (rgb) => rgb },
  linear: { from: mapEach(toLinear), to: mapEach(fromLinear) },
  oklab: {
    from: (rgb) => linearToOklab(mapEach(toLinear)(rgb)),
    to: (lab) => mapEach(fromLinear)(oklabToLinear(lab)),
  },
  hsl: { from: rgbToHsl, to: hslToRgb, hue: 0, chroma: 1 },
  lch: {
    from: (rgb) => linearToLch(mapEach(toLinear)(rgb)),
    to: (lch) => mapEach(fromLinear)(lchToLinear(lch)),
    hue: 2,
    chroma: 1,
  },
  // OKLCh: Oklab's polar form (CSS Color 4 section 9.3).
  oklch: {
    from: (rgb) => toPolar(linearToOklab(mapEach(toLinear)(rgb))),
    to: (lch) => mapEach(fromLinear)(oklabToLinear(fromPolar(lch))),
    hue: 2,
    chroma: 1,
  },
  hsv: { from: rgbToHsv, to: hsvToRgb, hue: 0, chroma: 1 },
};

/**
 * Below this chroma (or saturation) a colour is grey and its hue is "powerless" (CSS Color 4
 * section 4.4): interpolation takes the other colour's hue instead.
 */
const POWERLESS_BELOW: Readonly<Record<InterpolationSpace, number>> = {
  srgb: 0,
  linear: 0,
  oklab: 0,
  hsl: 1e-4,
  hsv: 1e-4,
  lch: 0.5,
  oklch: 4e-4,
};

/** How a gradient reaches `space` from sRGB and back, and which coordinate is its hue. */
export interface SpaceConversion {
  /** sRGB (0-1 channels) to the space's coordinates. */
  from(rgb: readonly [number, number, number]): [number, number, number];
  /** The space's coordinates to sRGB, 0-1 but not clamped. */
  to(coords: readonly [number, number, number]): [number, number, number];
  /** The hue coordinate's index (degrees), for the polar spaces. */
  hue?: 0 | 1 | 2;
  /** The chroma (or saturation) below which the hue is powerless. */
  powerlessBelow: number;
  chroma?: 0 | 1 | 2;
}

export function spaceConversion(space: InterpolationSpace): SpaceConversion {
  const { from, to, hue, chroma } = SPACES[space];
  return {
    from: (rgb) => from([rgb[0], rgb[1], rgb[2]]),
    to: (coords) => to([coords[0], coords[1], coords[2]]),
    ...(hue !== undefined && { hue }),
    ...(chroma !== undefined && { chroma }),
    powerlessBelow: POWERLESS_BELOW[space],
  };
}

/** Hue is meaningless for greys; CSS Color 4 calls it "powerless" and takes the other end's. */
const POWERLESS_CHROMA = { hsl: 1e-4, lch: 0.5 } as const;

/**
 * A function from t (0-1) to the colour that far from `start` to `end`, interpolated in `space`
 * (CSS Color 4 section 12: polar spaces take the shorter arc; alpha is interpolated linearly).
 */
export function colourInterpolator(
  start: Rgba,
  end: Rgba,
  space: GradientColourSpace,
): (t: number) => Rgba {
  const { from, to, hue, chroma } = SPACES[space];
  const a = from([start.r / 255, start.g / 255, start.b / 255]);
  const b = from([end.r / 255, end.g / 255, end.b / 255]);
  if (hue !== undefined && chroma !== undefined) {
    const threshold = space === 'hsl' ? POWERLESS_CHROMA.hsl : POWERLESS_CHROMA.lch;
    const aGrey = a[chroma] < threshold;
    const bGrey = b[chroma] < threshold;
    if (aGrey && !bGrey) a[hue] = b[hue];
    if (bGrey && !aGrey) b[hue] = a[hue];
    const turn = b[hue] - a[hue];
    if (turn > 180) a[hue] += 360;
    else if (turn < -180) b[hue] += 360;
  }
  return (t) => {
    const mixed = a.map((value, i) => value + ((b[i] ?? value) - value) * t) as Triple;
    const [r, g, bl] = to(mixed);
    return {
      r: clampChannel(r),
      g: clampChannel(g),
      b: clampChannel(bl),
      alpha: start.alpha + (end.alpha - start.alpha) * t,
    };
  };
}

function clampChannel(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 255);
}

/** HSL of an sRGB colour: hue in degrees, saturation and lightness 0-1 (for palette scoring). */
export function toHsl(colour: Rgba): { hue: number; saturation: number; lightness: number } {
  const [hue, saturation, lightness] = rgbToHsl([colour.r / 255, colour.g / 255, colour.b / 255]);
  return { hue, saturation, lightness };
}

export function fromHsl(hue: number, saturation: number, lightness: number, alpha = 1): Rgba {
  const [r, g, b] = hslToRgb([hue, saturation, lightness]);
  return { r: clampChannel(r), g: clampChannel(g), b: clampChannel(b), alpha };
}
