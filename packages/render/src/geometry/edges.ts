import type { Size } from '@darkroom/core';

/**
 * `crop=edges`: keep the window with the most edge detail. The size step measures a small
 * greyscale copy; this file holds the arithmetic so it can be tested on hand-made pixels.
 */

/** Gradient magnitude (|dx| + |dy|, central differences) summed per column or per row. */
export function edgeProfile(grey: Uint8Array, size: Size, axis: 'x' | 'y'): Float64Array {
  const { width, height } = size;
  const profile = new Float64Array(axis === 'x' ? width : height);
  const at = (x: number, y: number) => grey[y * width + x] ?? 0;
  for (let y = 0; y < height; y += 1) {
    const up = Math.max(0, y - 1);
    const down = Math.min(height - 1, y + 1);
    for (let x = 0; x < width; x += 1) {
      const left = Math.max(0, x - 1);
      const right = Math.min(width - 1, x + 1);
      const magnitude = Math.abs(at(right, y) - at(left, y)) + Math.abs(at(x, down) - at(x, up));
      const index = axis === 'x' ? x : y;
      profile[index] = (profile[index] ?? 0) + magnitude;
    }
  }
  return profile;
}

/**
 * Start of the run of `length` entries with the largest sum; among equal sums the one nearest
 * the centre wins, so a featureless image crops like the default centred crop.
 */
export function bestWindowStart(profile: Float64Array, length: number): number {
  const span = Math.min(Math.max(1, Math.round(length)), profile.length);
  const lastStart = profile.length - span;
  const centre = lastStart / 2;
  let sum = 0;
  for (let i = 0; i < span; i += 1) sum += profile[i] ?? 0;
  let best = 0;
  let bestSum = sum;
  for (let start = 1; start <= lastStart; start += 1) {
    sum += (profile[start + span - 1] ?? 0) - (profile[start - 1] ?? 0);
    const better = sum > bestSum + 1e-9;
    const asGoodButMoreCentral =
      Math.abs(sum - bestSum) <= 1e-9 && Math.abs(start - centre) < Math.abs(best - centre);
    if (better || asGoodButMoreCentral) {
      best = start;
      bestSum = sum;
    }
  }
  return best;
}
