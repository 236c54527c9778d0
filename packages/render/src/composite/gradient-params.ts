import {
  GRADIENT_HUE_METHODS,
  GRADIENT_SPACES,
  type GradientLayer,
  type ParamValue,
  type Params,
  type Rect,
  type Rgba,
  type Size,
} from '@darkroom/core';
import { isBlendMode, type BlendMode } from '../overlay/blend-modes.ts';
import type { InterpolationSpace } from './colour-space.ts';
import type { Side } from './gradient.ts';
import type { GradientPaint, Shading } from './gradient-paint.ts';
import { colourStops, gradientRamp, type HueMethod } from './gradient-ramp.ts';
import {
  linearShape,
  radialShape,
  type GradientShape,
  type LinearDirection,
  type RadialExtent,
  type RadialKeyword,
} from './gradient-shape.ts';
import type { Sides } from './sides.ts';

// Reads the gradient and fade family of one layer (the picture's `gradient*` and `fade*`, or the
// `mark-` and `blend-` ones) into a GradientPaint. The parser has checked every value against
// the catalogue (core gradient-overlay-catalogue.ts); this turns them into geometry and colours.

/** The CSS spellings gradient-mode takes besides blend-mode's words. */
const CSS_MODE_NAMES: Readonly<Record<string, BlendMode>> = {
  'color-dodge': 'dodge',
  'color-burn': 'burn',
  'hard-light': 'hardlight',
  'soft-light': 'softlight',
};

export interface GradientPlace {
  /** The gradient's box (the picture, the watermark, the blend layer) in the pixels' frame. */
  box: Rect;
  /** The part of the frame painted; the whole box when omitted. */
  region?: Rect;
  /** `dpr`: pixel lengths in the URL are CSS pixels. */
  dpr: number;
  /**
   * False when the bare `fade` belongs to something else: with mask=corners or mask=ellipse it
   * feathers the mask (fade page), and only the sides fade the picture's edges.
   */
  bareFade?: boolean;
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly (string | undefined)[]).includes(value) ? (value as T) : fallback;
}

/** A length in pixels (an integer, times dpr) or a fraction of `whole` (a decimal). */
function length(value: ParamValue | undefined, whole: number, dpr: number): number | undefined {
  if (value?.type === 'integer') return value.value * dpr;
  if (value?.type === 'number') return value.value * whole;
  return undefined;
}

function colourList(values: readonly ParamValue[]): Rgba[] {
  return values.flatMap((value) => (value.type === 'color' ? [value.value] : []));
}

function linearDirectionOf(params: Params, layer: GradientLayer): LinearDirection {
  const angle = params.getOrDefault(`${layer}gradient-angle`);
  if (angle?.type === 'number' || angle?.type === 'integer') return { degrees: angle.value };
  const words = params.string(`${layer}gradient-angle`)?.toLowerCase().split(',') ?? ['bottom'];
  return { towards: words as Side[] };
}

function radialExtentOf(params: Params, layer: GradientLayer, box: Size, dpr: number) {
  const size = params.getOrDefault(`${layer}gradient-radial-size`);
  // An explicit length decides the shape (gradient-radial-shape page): one is a circle.
  if (size?.type === 'integer') return { radius: size.value * dpr };
  if (size?.type === 'list') {
    const [rx, ry] = size.value;
    return {
      rx: length(rx, box.width, dpr) ?? box.width / 2,
      ry: length(ry, box.height, dpr) ?? box.height / 2,
    };
  }
  const keyword = (size?.type === 'string' ? size.value : 'farthest-corner') as RadialKeyword;
  const circle = params.string(`${layer}gradient-radial-shape`) === 'circle';
  return { keyword, circle } satisfies RadialExtent;
}

function shapeOf(params: Params, layer: GradientLayer, box: Size, dpr: number): GradientShape {
  if (params.string(`${layer}gradient-type`) !== 'radial') {
    return linearShape(linearDirectionOf(params, layer), box);
  }
  const cx = length(params.get(`${layer}gradient-radial-x`), box.width, dpr) ?? box.width / 2;
  const cy = length(params.get(`${layer}gradient-radial-y`), box.height, dpr) ?? box.height / 2;
  return radialShape(radialExtentOf(params, layer, box, dpr), cx, cy, box);
}

function shadingOf(params: Params, layer: GradientLayer, box: Size, dpr: number): Shading | null {
  const colours = colourList(params.list(`${layer}gradient`) ?? []);
  if (colours.length < 2) return null;
  const positions = params
    .list(`${layer}gradient-stops`)
    ?.flatMap((value) =>
      value.type === 'number' || value.type === 'integer' ? [value.value] : [],
    );
  const stops = colourStops(colours, positions?.length === colours.length ? positions : undefined);
  const mask = params.boolean(`${layer}gradient-mask`) === true;
  // With a mask only the colours' alpha matters: cs, hue, mode and alpha are not read
  // (gradient-mask page). The alpha interpolates the same in every space.
  const space: InterpolationSpace = mask
    ? 'srgb'
    : oneOf(params.string(`${layer}gradient-cs`), GRADIENT_SPACES, 'srgb');
  const hue: HueMethod = oneOf(
    params.string(`${layer}gradient-hue`),
    GRADIENT_HUE_METHODS,
    'shorter',
  );
  const modeName = params.string(`${layer}gradient-mode`) ?? 'normal';
  const mode = CSS_MODE_NAMES[modeName] ?? (isBlendMode(modeName) ? modeName : 'normal');
  return {
    ramp: gradientRamp(stops, space, hue),
    shape: shapeOf(params, layer, box, dpr),
    mode: mask ? 'normal' : mode,
    opacity: mask ? 1 : (params.number(`${layer}gradient-alpha`) ?? 100) / 100,
    mask,
  };
}

/**
 * The fade widths on each side of `box`: the bare `fade` unless a side overrides it, pixels
 * times dpr or a fraction of that side's axis; two opposing fades wider than the box shrink to
 * fit it, "so the middle is never faded away entirely" (fade page).
 */
function fadeOf(params: Params, layer: GradientLayer, box: Size, place: GradientPlace): Sides {
  const bare = place.bareFade === false ? undefined : params.get(`${layer}fade`);
  const side = (name: keyof Sides, whole: number) =>
    Math.max(0, length(params.get(`${layer}fade-${name}`) ?? bare, whole, place.dpr) ?? 0);
  const fade = {
    top: side('top', box.height),
    right: side('right', box.width),
    bottom: side('bottom', box.height),
    left: side('left', box.width),
  };
  const across = fade.left + fade.right;
  if (across > box.width) {
    fade.left *= box.width / across;
    fade.right *= box.width / across;
  }
  const down = fade.top + fade.bottom;
  if (down > box.height) {
    fade.top *= box.height / down;
    fade.bottom *= box.height / down;
  }
  return fade;
}

/** The gradient and fade `layer`'s parameters ask for at `place`, or null when there are none. */
export function readGradientPaint(
  params: Params,
  layer: GradientLayer,
  place: GradientPlace,
): GradientPaint | null {
  const { box, dpr } = place;
  if (box.width <= 0 || box.height <= 0) return null;
  const shading = shadingOf(params, layer, box, dpr);
  const fade = fadeOf(params, layer, box, place);
  const fades = fade.top > 0 || fade.right > 0 || fade.bottom > 0 || fade.left > 0;
  if (!shading && !fades) return null;
  return { box, region: place.region ?? box, shading, fade };
}
