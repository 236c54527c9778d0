import type { Rgba } from '@darkroom/core';
import { colourInterpolator, type GradientColourSpace } from './colour-space.ts';

export type Side = 'top' | 'right' | 'bottom' | 'left';

interface LinearGradient {
  kind: 'linear';
  from: Rgba;
  to: Rgba;
  /** The sides the gradient flows towards (`fill-gradient-linear-direction`). */
  towards: readonly Side[];
  space: GradientColourSpace;
}

interface RadialGradient {
  kind: 'radial';
  /** The colour at the centre, out to `innerRadius`. */
  from: Rgba;
  /** The colour from `outerRadius` on. */
  to: Rgba;
  centreX: number;
  centreY: number;
  innerRadius: number;
  outerRadius: number;
  space: GradientColourSpace;
}

export type Gradient = LinearGradient | RadialGradient;

const SIDE_VECTORS: Record<Side, [number, number]> = {
  top: [0, -1],
  right: [1, 0],
  bottom: [0, 1],
  left: [-1, 0],
};

/**
 * The unit vector a linear gradient runs along in a `width` x `height` box. One side flows
 * straight to it; two adjacent sides flow to that corner the way CSS `to top right` does (the
 * line through the other two corners is where the colours meet half way). Opposite sides
 * cancel out, and then the later one wins, so the catalogue default `top,bottom` runs towards
 * the bottom as the imgix page describes.
 */
export function linearDirection(
  towards: readonly Side[],
  width: number,
  height: number,
): [number, number] {
  let sx = 0;
  let sy = 0;
  for (const side of towards) {
    const [x, y] = SIDE_VECTORS[side];
    sx += x;
    sy += y;
  }
  if (sx === 0 && sy === 0) {
    [sx, sy] = SIDE_VECTORS[towards.at(-1) ?? 'bottom'];
  }
  sx = Math.sign(sx);
  sy = Math.sign(sy);
  const x = sx * height;
  const y = sy * width;
  const length = Math.hypot(x, y);
  return [x / length, y / length];
}

/** Steps in the colour table; finer than 8-bit output can show across any canvas. */
const TABLE_SIZE = 1024;

function colourTable(gradient: Gradient): Uint8ClampedArray {
  const colourAt = colourInterpolator(gradient.from, gradient.to, gradient.space);
  const table = new Uint8ClampedArray(TABLE_SIZE * 4);
  for (let i = 0; i < TABLE_SIZE; i += 1) {
    const { r, g, b, alpha } = colourAt(i / (TABLE_SIZE - 1));
    table.set([r, g, b, Math.round(alpha * 255)], i * 4);
  }
  return table;
}

/** Where each pixel centre falls between the two colours, before clamping to 0-1. */
function positionFunction(gradient: Gradient, width: number, height: number) {
  if (gradient.kind === 'linear') {
    const [ux, uy] = linearDirection(gradient.towards, width, height);
    // CSS Images 3, linear-gradient(): the gradient line is as long as the box's extent along
    // the direction, so both end colours touch the box's far corners.
    const length = Math.abs(width * ux) + Math.abs(height * uy);
    return (x: number, y: number) => ((x - width / 2) * ux + (y - height / 2) * uy) / length + 0.5;
  }
  const { centreX, centreY, innerRadius, outerRadius } = gradient;
  if (innerRadius === outerRadius) {
    return (x: number, y: number) => (Math.hypot(x - centreX, y - centreY) < innerRadius ? 0 : 1);
  }
  // With the inner radius larger than the outer one the colours swap places (imgix
  // fill-gradient-radial-radius): the same formula does that once t is clamped.
  const span = outerRadius - innerRadius;
  return (x: number, y: number) => (Math.hypot(x - centreX, y - centreY) - innerRadius) / span;
}

/** RGBA pixels (4 channels, not premultiplied) of `gradient` over a `width` x `height` canvas. */
export function renderGradient(gradient: Gradient, width: number, height: number): Buffer {
  const table = colourTable(gradient);
  const position = positionFunction(gradient, width, height);
  const pixels = Buffer.alloc(width * height * 4);
  const last = TABLE_SIZE - 1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const t = position(x + 0.5, y + 0.5);
      const index = Math.round(Math.min(1, Math.max(0, t)) * last) * 4;
      const offset = (y * width + x) * 4;
      pixels[offset] = table[index] ?? 0;
      pixels[offset + 1] = table[index + 1] ?? 0;
      pixels[offset + 2] = table[index + 2] ?? 0;
      pixels[offset + 3] = table[index + 3] ?? 0;
    }
  }
  return pixels;
}
