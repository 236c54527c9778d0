import type { Size } from '@darkroom/core';

/**
 * `rot` (docs.imgix.com/apis/rendering/rotation/rotation): counter-clockwise degrees. With
 * rot-type=straighten (the default) "the image will be zoomed after rotation so that it covers
 * the entire specified dimensions"; with pivot the whole rotated image shows on a larger canvas.
 */

/** Any angle as 0 <= degrees < 360. */
export function normaliseDegrees(degrees: number): number {
  const turned = degrees % 360;
  return turned < 0 ? turned + 360 : turned;
}

/** The bounding box of `size` rotated by `degrees` (before rounding to pixels). */
export function rotatedBounds(size: Size, degrees: number): Size {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  return {
    width: size.width * cos + size.height * sin,
    height: size.width * sin + size.height * cos,
  };
}

/**
 * How much a rotated image must be enlarged so that a frame of its original size, centred,
 * shows no corner of background: the frame rotated back must fit inside the image.
 */
export function straightenZoom(size: Size, degrees: number): number {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.abs(Math.cos(radians));
  const sin = Math.abs(Math.sin(radians));
  const elongation = Math.max(size.width / size.height, size.height / size.width);
  return cos + sin * elongation;
}

/**
 * The centred window of the rotated (unscaled) canvas that is scaled up to `size`. Off the
 * right angles one pixel is given up on each side, so the interpolated rim (half image, half
 * background) stays out.
 */
export function straightenWindow(size: Size, degrees: number): Size {
  const zoom = straightenZoom(size, degrees);
  const rim = degrees % 90 === 0 ? 0 : 2;
  return {
    width: Math.max(1, Math.floor(size.width / zoom + 1e-9) - rim),
    height: Math.max(1, Math.floor(size.height / zoom + 1e-9) - rim),
  };
}
