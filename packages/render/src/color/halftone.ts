import { luma, type Pixels } from './pixels.ts';

// Newspaper screens are turned 45 degrees so the dot rows do not line up with the picture's
// verticals and horizontals.
const SCREEN_ANGLE = Math.PI / 4;

/**
 * `htn`: a black-and-white dot screen with cells `cellSize` pixels wide. Each pixel is inked
 * where the screen's spot function exceeds its brightness, so dark areas grow large dots and
 * light areas small ones; the edge is smoothed over about a pixel. Alpha is kept.
 */
export function halftone(pixels: Pixels, cellSize: number): void {
  const { data, width, channels } = pixels;
  const frequency = (2 * Math.PI) / Math.max(2, cellSize);
  const cos = Math.cos(SCREEN_ANGLE) * frequency;
  const sin = Math.sin(SCREEN_ANGLE) * frequency;
  // The spot function changes by at most about 2/cellSize per pixel: one pixel of softness.
  const softness = 2 / Math.max(2, cellSize);
  for (let index = 0, offset = 0; offset < data.length; index += 1, offset += channels) {
    const x = index % width;
    const y = (index - x) / width;
    const u = x * cos + y * sin;
    const v = y * cos - x * sin;
    // 1 at the centre of each cell, 0 at its corners.
    const spot = (Math.cos(u) + Math.cos(v) + 2) / 4;
    const brightness = luma(data[offset] ?? 0, data[offset + 1] ?? 0, data[offset + 2] ?? 0) / 255;
    // Widened by the softness at both ends, so white prints no ink at all and black is solid.
    const level = brightness * (1 + 2 * softness) - softness;
    const paper = smoothStep(-softness, softness, level - spot);
    const printed = Math.round(paper * 255);
    data[offset] = printed;
    data[offset + 1] = printed;
    data[offset + 2] = printed;
  }
}

function smoothStep(edge0: number, edge1: number, value: number): number {
  const t = Math.min(1, Math.max(0, (value - edge0) / (edge1 - edge0)));
  return t * t * (3 - 2 * t);
}
