import type { Rect } from '@darkroom/core';

// The `rect` parameter's text (spec editor section 3), shared by the crop frame and the size
// arithmetic.

/** `rect`'s text: left,top,width,height in whole natural pixels. */
export function formatRect(rect: Rect): string {
  return [rect.left, rect.top, rect.width, rect.height].join(',');
}

/** A `rect` parameter with four whole numbers and a positive size, or null. */
export function parseRect(text: string | undefined): Rect | null {
  const parts = (text ?? '').split(',').map((part) => part.trim());
  if (parts.length !== 4 || !parts.every((part) => /^\d+$/.test(part))) return null;
  const [left, top, width, height] = parts.map(Number) as [number, number, number, number];
  return width > 0 && height > 0 ? { left, top, width, height } : null;
}
