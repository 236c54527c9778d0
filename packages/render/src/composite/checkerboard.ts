import type { Rgba } from '@darkroom/core';

/** imgix's `transparency=grid` defaults (docs: grid-colors D0D7DD and FFFFFF, grid-size 4). */
export const GRID_DEFAULTS = {
  colours: [
    { r: 0xd0, g: 0xd7, b: 0xdd, alpha: 1 },
    { r: 0xff, g: 0xff, b: 0xff, alpha: 1 },
  ] as const satisfies readonly [Rgba, Rgba],
  size: 4,
};

/**
 * RGBA pixels of a checkerboard of `cell`-pixel squares starting with `first` at the top left,
 * the pattern image editors put behind transparent pixels.
 */
export function checkerboard(
  width: number,
  height: number,
  cell: number,
  [first, second]: readonly [Rgba, Rgba],
): Buffer {
  const size = Math.max(1, Math.round(cell));
  const pixels = Buffer.alloc(width * height * 4);
  const bytes = [first, second].map((c) => [c.r, c.g, c.b, Math.round(c.alpha * 255)]);
  for (let y = 0; y < height; y += 1) {
    const row = Math.floor(y / size);
    for (let x = 0; x < width; x += 1) {
      const colour = bytes[(row + Math.floor(x / size)) % 2] ?? [0, 0, 0, 0];
      pixels.set(colour, (y * width + x) * 4);
    }
  }
  return pixels;
}
