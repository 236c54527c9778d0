import type { Size } from '@darkroom/core';
import type { Sides } from '../composite/sides.ts';
import { rotatedBounds } from './rotation.ts';

/**
 * What the steps after the size step add around the image: a pivot rotation's corners, then
 * padding and the border's stroke (in pipeline order). The border itself is drawn over the
 * image's edge and adds nothing (docs.imgix.com/apis/rendering/border-and-padding/
 * border-size-color: it "overlays the image without resizing it"). imgix sizes every output down to
 * its limits ("All output images will be sized down to accommodate this limit"); rather than
 * build the grown canvas and shrink it afterwards, the size step scales the image and these
 * widths by the same factor up front, so no canvas is ever larger than the output.
 */
export interface Margins {
  padding: Sides;
  /** Stroke width on every side. */
  stroke: number;
}

export interface Growth {
  /** Degrees of a rot-type=pivot rotation (the canvas grows to its bounds); 0 for none. */
  pivot: number;
  margins: Margins;
}

/** Largest side and pixels of one frame. */
export interface CanvasLimit {
  side: number;
  pixels: number;
}

/** The canvas a pivot leaves: libvips' bounds, whole pixels (a right angle swaps the sides). */
export function pivotSize(size: Size, degrees: number): Size {
  const turned = ((degrees % 360) + 360) % 360;
  if (turned === 0 || turned === 180) return { ...size };
  if (turned === 90 || turned === 270) return { width: size.height, height: size.width };
  const bounds = rotatedBounds(size, turned);
  return { width: Math.ceil(bounds.width - 1e-6), height: Math.ceil(bounds.height - 1e-6) };
}

/** The canvas once `growth` is added around an image of `image` size. */
export function grownSize(image: Size, { pivot, margins }: Growth): Size {
  const turned = pivotSize(image, pivot);
  const { padding, stroke } = margins;
  return {
    width: turned.width + padding.left + padding.right + 2 * stroke,
    height: turned.height + padding.top + padding.bottom + 2 * stroke,
  };
}

/** The factor (at most 1) that brings `size` within `limit`: its sides and its pixels. */
export function fitFactor(size: Size, limit: CanvasLimit): number {
  const area = size.width * size.height;
  return Math.min(
    1,
    limit.side / size.width,
    limit.side / size.height,
    area > limit.pixels ? Math.sqrt(limit.pixels / area) : 1,
  );
}

/**
 * `size` scaled by `factor` in whole pixels, the long side exactly on the side limit when that
 * is what binds, and never past the pixel limit through rounding.
 */
export function scaledWithin(size: Size, factor: number, limit: CanvasLimit): Size {
  let width = Math.min(limit.side, Math.max(1, Math.round(size.width * factor)));
  let height = Math.min(limit.side, Math.max(1, Math.round(size.height * factor)));
  if (width * height > limit.pixels) {
    width = Math.max(1, Math.floor(size.width * factor));
    height = Math.max(1, Math.floor(size.height * factor));
  }
  return { width, height };
}

/**
 * The margins scaled for an image now `image` (pivot included) on a canvas of `target`: each
 * width scaled by `factor`, and the rounding left over given to the padding on the right and
 * bottom, so the canvas comes out at `target` exactly.
 */
export function scaleMargins(margins: Margins, factor: number, image: Size, target: Size): Margins {
  const scale = (sides: Sides): Sides => ({
    top: Math.round(sides.top * factor),
    right: Math.round(sides.right * factor),
    bottom: Math.round(sides.bottom * factor),
    left: Math.round(sides.left * factor),
  });
  const padding = scale(margins.padding);
  const stroke = Math.round(margins.stroke * factor);
  const spareX = target.width - image.width - padding.left - padding.right;
  const spareY = target.height - image.height - padding.top - padding.bottom;
  absorb(spareX - 2 * stroke, [padding], 'right', 'left');
  absorb(spareY - 2 * stroke, [padding], 'bottom', 'top');
  return { padding, stroke };
}

/** Adds `extra` (either sign) to the first side that the margins already use. */
function absorb(
  extra: number,
  families: Sides[],
  end: 'right' | 'bottom',
  start: 'left' | 'top',
): void {
  if (extra === 0) return;
  for (const side of [end, start]) {
    const family = families.find((sides) => sides[side] > 0);
    if (family !== undefined && family[side] + extra >= 0) {
      family[side] += extra;
      return;
    }
  }
}

export function hasMargins({ padding, stroke }: Margins): boolean {
  const any = (sides: Sides) => sides.top + sides.right + sides.bottom + sides.left > 0;
  return any(padding) || stroke > 0;
}
