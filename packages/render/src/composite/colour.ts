import type { Rgba } from '@darkroom/core';

/** imgix's default for `bg`, `fill-color` and padding: transparent white (`0FFF`). */
export const TRANSPARENT_WHITE: Rgba = { r: 255, g: 255, b: 255, alpha: 0 };

/** The colour as sharp's `background` option takes it (alpha 0-1). */
export function toSharpColour(colour: Rgba): { r: number; g: number; b: number; alpha: number } {
  return { r: colour.r, g: colour.g, b: colour.b, alpha: colour.alpha };
}

/** SVG paint attributes for the colour; the alpha goes to fill-opacity, which librsvg honours. */
export function svgPaint(colour: Rgba): string {
  const channel = (value: number) => Math.round(Math.min(255, Math.max(0, value)));
  return `fill="rgb(${channel(colour.r)},${channel(colour.g)},${channel(colour.b)})" fill-opacity="${round(colour.alpha)}"`;
}

/** A number short enough for an SVG attribute and exact enough for sub-pixel antialiasing. */
export function round(value: number): string {
  return String(Math.round(value * 1000) / 1000);
}
