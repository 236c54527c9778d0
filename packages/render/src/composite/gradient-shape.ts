import type { Size } from '@darkroom/core';
import { linearDirection, type Side } from './gradient.ts';

/**
 * Where a gradient's colours fall over its box, as CSS Images 3 lays out linear-gradient() and
 * radial-gradient(): a pixel centre (x, y), in the box's own coordinates, is at
 * `gradientPosition(shape, x, y)` along the gradient line, 0 at the first colour's end and 1 at
 * the last's (outside 0-1 the end colours hold).
 */
export type GradientShape =
  | {
      kind: 'linear';
      /** The unit vector the gradient runs along (y down). */
      ux: number;
      uy: number;
      /** The gradient line's length, through the box's centre. */
      length: number;
      cx: number;
      cy: number;
    }
  | { kind: 'radial'; cx: number; cy: number; rx: number; ry: number };

export function gradientPosition(shape: GradientShape, x: number, y: number): number {
  if (shape.kind === 'linear') {
    return ((x - shape.cx) * shape.ux + (y - shape.cy) * shape.uy) / shape.length + 0.5;
  }
  return Math.hypot((x - shape.cx) / shape.rx, (y - shape.cy) / shape.ry);
}

/** A linear gradient's direction: CSS degrees (0 up, clockwise) or the sides it runs toward. */
export type LinearDirection = { degrees: number } | { towards: readonly Side[] };

/**
 * The linear gradient of CSS Images 3 section 3.1 over `box`: the gradient line passes through
 * the centre, as long as the box's extent along it, so the end colours touch the far corners. A
 * corner is the CSS "magic corner": the line runs perpendicular to the diagonal between the two
 * other corners, so its angle follows the box's aspect ratio (gradient-angle page).
 */
export function linearShape(direction: LinearDirection, box: Size): GradientShape {
  let ux: number;
  let uy: number;
  if ('degrees' in direction) {
    const radians = (direction.degrees * Math.PI) / 180;
    ux = Math.sin(radians);
    uy = -Math.cos(radians);
  } else {
    [ux, uy] = linearDirection(direction.towards, box.width, box.height);
  }
  const length = Math.abs(box.width * ux) + Math.abs(box.height * uy);
  return {
    kind: 'linear',
    ux,
    uy,
    length: Math.max(length, Number.EPSILON),
    cx: box.width / 2,
    cy: box.height / 2,
  };
}

export type RadialKeyword = 'farthest-corner' | 'farthest-side' | 'closest-corner' | 'closest-side';

/** How far a radial gradient reaches: a CSS keyword, one radius (a circle) or two (an ellipse). */
export type RadialExtent =
  { keyword: RadialKeyword; circle: boolean } | { radius: number } | { rx: number; ry: number };

/** Smallest radius drawn: CSS draws a zero-size gradient as its last colour, as this nearly does. */
const SMALLEST_RADIUS = 1e-3;

/**
 * The radial gradient of CSS Images 3 section 3.2 centred on (`cx`, `cy`) of `box`: the ending
 * shape the keyword names (an ellipse keeps the closest or farthest side's proportions, as CSS
 * scales it for the corner keywords), or the radii given.
 */
export function radialShape(
  extent: RadialExtent,
  cx: number,
  cy: number,
  box: Size,
): GradientShape {
  let rx: number;
  let ry: number;
  if ('radius' in extent) {
    rx = ry = extent.radius;
  } else if ('rx' in extent) {
    ({ rx, ry } = extent);
  } else {
    const near = { x: Math.min(Math.abs(cx), Math.abs(box.width - cx)), y: 0 };
    near.y = Math.min(Math.abs(cy), Math.abs(box.height - cy));
    const far = {
      x: Math.max(Math.abs(cx), Math.abs(box.width - cx)),
      y: Math.max(Math.abs(cy), Math.abs(box.height - cy)),
    };
    const sides = extent.keyword.endsWith('side');
    const { x, y } = extent.keyword.startsWith('closest') ? near : far;
    if (extent.circle) {
      // A circle reaches the nearer (or farther) side, or the corner itself.
      rx = ry = sides
        ? extent.keyword === 'closest-side'
          ? Math.min(x, y)
          : Math.max(x, y)
        : Math.hypot(x, y);
    } else {
      // The ellipse through the corner with the sides' proportions has √2 times their radii.
      const scale = sides ? 1 : Math.SQRT2;
      rx = x * scale;
      ry = y * scale;
    }
  }
  return {
    kind: 'radial',
    cx,
    cy,
    rx: Math.max(SMALLEST_RADIUS, rx),
    ry: Math.max(SMALLEST_RADIUS, ry),
  };
}
