// Arithmetic of the geometry steps, in pixels of the image as it stands at that point of the
// pipeline; the shapes themselves (`Size`, `Rect`) are core's, shared with the editor.

export function clamp(value: number, min: number, max: number): number {
  return value < min ? min : value > max ? max : value;
}

/** Rounds a computed length to whole pixels, never below one. */
export function toPixels(length: number): number {
  return Math.max(1, Math.round(length));
}
