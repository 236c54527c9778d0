import type { Params, Rgba, Size } from '@darkroom/core';
import type { Sides } from '../composite/sides.ts';
import { castGeometry, type CastGeometry } from './cast-projection.ts';

// What the drop-shadow parameters ask for (docs.imgix.com/apis/rendering/drop-shadow and its
// pages; the watermark's in .../watermark/watermark-drop-shadow*), read into pixels, and the
// room the shadow needs around its layer: pure arithmetic, shared by the budget (before any
// pixel is decoded) and the steps.

/** The image's family and the watermark's; each reads its own names. */
export type ShadowFamily = 'drop-shadow' | 'mark-drop-shadow';

const SUFFIXES = [
  '',
  '-type',
  '-x',
  '-y',
  '-color',
  '-spread',
  '-softness',
  '-falloff',
  '-azimuth',
  '-elevation',
  '-pose',
] as const;

/** The image's parameters; `-mode` is the image's alone (the watermark page: "no mark-drop-shadow-mode"). */
export const DROP_SHADOW_PARAMETERS: readonly string[] = [
  ...SUFFIXES.map((suffix) => `drop-shadow${suffix}`),
  'drop-shadow-mode',
];
export const MARK_DROP_SHADOW_PARAMETERS: readonly string[] = SUFFIXES.map(
  (suffix) => `mark-drop-shadow${suffix}`,
);

/** imgix's default shadow colour, BF000000: black at 75%. */
export const DEFAULT_SHADOW_COLOUR: Rgba = { r: 0, g: 0, b: 0, alpha: 0xbf / 255 };

/**
 * The drop-shadow-type values. Each type reads only its own parameters and "silently ignores
 * the rest" (drop-shadow-type page): flat and inset the offsets and the spread, float the hover
 * gap (`-y`), cast the light and pose.
 */
export type ShadowSpec =
  | ({ type: 'flat' } & OffsetShadow)
  | ({ type: 'inset' } & OffsetShadow)
  | { type: 'float'; blur: number; colour: Rgba; gap: number }
  | { type: 'cast'; blur: number; colour: Rgba; light: CastLight };

/** What flat and inset shadows read. */
export interface OffsetShadow {
  /** Gaussian standard deviation in pixels ("as in CSS ... fades over about 3x the value"). */
  blur: number;
  colour: Rgba;
  x: number;
  y: number;
  /** Pixels the shape grows (negative: shrinks) before it is blurred. */
  spread: number;
}

/** The cast shadow's light and subject, as the URL gives them (degrees, 0-100 scales). */
export interface CastLight {
  azimuth: number;
  elevation: number;
  pose: number;
  softness: number;
  falloff: number;
}

const TYPES = ['flat', 'cast', 'float', 'inset'] as const;

/**
 * The shadow `family` asks of a layer of `layer` size (the image as composed so far, or the
 * watermark as drawn: the size the -1-1 fractions of `-x` and `-y` are of), in its pixels;
 * undefined when none is drawn. Whole pixels are CSS pixels, times `dpr` ("dpr multiplies the
 * blur, the offsets, the spread and the growth").
 */
export function readShadow(
  params: Params,
  family: ShadowFamily,
  layer: Size,
): ShadowSpec | undefined {
  const blur = params.number(family);
  // "A negative or non-numeric value draws no shadow" (the parser holds above 100 at 100).
  if (blur === undefined || blur < 0) return undefined;
  const dpr = params.number('dpr') ?? 1;
  const named = (suffix: string) => `${family}${suffix}`;
  const number = (suffix: string, fallback: number) => params.number(named(suffix)) ?? fallback;
  // "A color that cannot be parsed falls back to the default"; unknown types are flat.
  const colour = params.color(named('-color')) ?? DEFAULT_SHADOW_COLOUR;
  const type = TYPES.find((name) => name === params.string(named('-type'))) ?? 'flat';
  const offset = (suffix: string, whole: number) => {
    const value = params.get(named(suffix));
    if (value?.type === 'integer') return value.value * dpr;
    return value?.type === 'number' ? value.value * whole : 0;
  };
  const common = { blur: blur * dpr, colour };
  switch (type) {
    case 'flat':
    case 'inset': {
      const offsets = {
        ...common,
        x: offset('-x', layer.width),
        y: offset('-y', layer.height),
        spread: number('-spread', 0) * dpr,
      };
      return type === 'flat' ? { type, ...offsets } : { type, ...offsets };
    }
    case 'float':
      return { type, ...common, gap: offset('-y', layer.height) };
    case 'cast':
      // drop-shadow-mode=ai asks a depth model Darkroom does not ship for the subject's shape;
      // imgix itself "falls back to the standard cast shadow" when the model is unavailable.
      return {
        type,
        ...common,
        light: {
          azimuth: number('-azimuth', 215),
          elevation: number('-elevation', 45),
          pose: number('-pose', 90),
          softness: number('-softness', 50),
          falloff: number('-falloff', 0),
        },
      };
  }
}

/** How far a gaussian of standard deviation `blur` visibly reaches: "about 3x the value". */
export function blurReach(blur: number): number {
  return 3 * blur;
}

/** A float shadow's pool: half as wide as the subject, its height this share of that width. */
export const POOL_HEIGHT_SHARE = 0.12;

/**
 * The pixels the shadow needs on each side of a `layer`-sized layer (whole pixels, none
 * negative); inset shadows stay inside. The budget and the steps read the same numbers, so the
 * canvas is known before decoding: "each side grows by 3 x the blur, plus or minus the offset"
 * (the spread counting with the blur), a float shadow's pool below the layer, a cast shadow's
 * longest reach. They assume the subject fills its layer, which bounds any smaller subject.
 */
export function shadowGrowth(spec: ShadowSpec, layer: Size): Sides {
  const side = (value: number) => Math.max(0, Math.ceil(value - 1e-9));
  switch (spec.type) {
    case 'inset':
      return { top: 0, right: 0, bottom: 0, left: 0 };
    case 'flat': {
      const reach = blurReach(spec.blur) + spec.spread;
      return {
        top: side(reach - spec.y),
        right: side(reach + spec.x),
        bottom: side(reach + spec.y),
        left: side(reach - spec.x),
      };
    }
    case 'float': {
      const reach = blurReach(spec.blur);
      const pool = POOL_HEIGHT_SHARE * (layer.width / 2);
      return {
        top: side(reach),
        right: side(reach),
        bottom: side(reach + spec.gap + pool),
        left: side(reach),
      };
    }
    case 'cast':
      return castGrowth(castGeometry(spec.light), spec, layer);
  }
}

/** A cast shadow's reach for a subject as tall as its layer, standing on the layer's bottom. */
function castGrowth(
  geometry: CastGeometry,
  spec: ShadowSpec & { type: 'cast' },
  layer: Size,
): Sides {
  const height = layer.height;
  const reach = blurReach(castTipBlur(geometry, spec, height));
  const shear = geometry.shear * height;
  const rise = geometry.depth * height;
  const side = (value: number) => Math.max(0, Math.ceil(value - 1e-9));
  return {
    left: side(reach - Math.min(0, shear)),
    right: side(reach + Math.max(0, shear)),
    top: side(reach + Math.max(0, rise - height)),
    bottom: side(reach + Math.max(0, -rise)),
  };
}

/**
 * How much a cast shadow's blur grows from contact to tip, per pixel of shadow length, at
 * softness 100: "0 is a point light, a crisp edge the whole way; 100 is an overcast sky, sharp
 * at contact and blurring with distance" (drop-shadow-softness). imgix gives no unit: Darkroom's.
 */
const SOFTNESS_PER_PIXEL = 0.1;

/** The blur at the tip of a cast shadow of a subject `height` pixels tall. */
export function castTipBlur(
  geometry: CastGeometry,
  spec: ShadowSpec & { type: 'cast' },
  height: number,
): number {
  const length = Math.hypot(geometry.shear, geometry.depth) * height;
  return spec.blur + (spec.light.softness / 100) * SOFTNESS_PER_PIXEL * length;
}

/**
 * `growth` cut so the canvas stays within `side` pixels a side: "Past the 8192 px limit the
 * shadow is cut off" (drop-shadow page), never the picture. Each axis keeps the same share of
 * its growth on either side.
 */
export function clipGrowth(growth: Sides, layer: Size, side: number): Sides {
  const axis = (before: number, after: number, length: number): [number, number] => {
    const room = Math.max(0, side - length);
    if (before + after <= room) return [before, after];
    const kept = Math.floor((before * room) / (before + after));
    return [kept, room - kept];
  };
  const [left, right] = axis(growth.left, growth.right, layer.width);
  const [top, bottom] = axis(growth.top, growth.bottom, layer.height);
  return { top, right, bottom, left };
}
