/**
 * Units of the geometry steps: whole pixels of the image as it stands at that point of the
 * pipeline. The overlay helpers (overlay/placement.ts) use the same shapes.
 */

export interface Size {
  width: number;
  height: number;
}

/** A rectangle in pixels; `left`/`top` from the image's top-left corner. */
export interface Rect extends Size {
  left: number;
  top: number;
}

export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

/** Rounds a computed length to whole pixels, never below one. */
export function toPixels(length: number): number {
  return Math.max(1, Math.round(length));
}
