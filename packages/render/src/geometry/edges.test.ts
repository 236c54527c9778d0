import { describe, expect, it } from 'vitest';
import { bestWindowStart, edgeProfile } from './edges.ts';

/** A flat grey image with a black vertical bar at columns [from, to). */
function bar(width: number, height: number, from: number, to: number): Uint8Array {
  const grey = new Uint8Array(width * height).fill(128);
  for (let y = 0; y < height; y += 1) grey.fill(0, y * width + from, y * width + to);
  return grey;
}

describe('edgeProfile', () => {
  it('puts the edge energy of a vertical bar in the columns beside its sides', () => {
    const profile = edgeProfile(bar(20, 4, 12, 15), { width: 20, height: 4 }, 'x');
    const strongest = profile.indexOf(Math.max(...profile));
    expect([11, 12, 14, 15]).toContain(strongest);
    expect(profile[2]).toBe(0);
  });

  it('sums rows when asked for the vertical profile', () => {
    const profile = edgeProfile(bar(20, 4, 12, 15), { width: 20, height: 4 }, 'y');
    expect(profile).toHaveLength(4);
    expect(profile[0]).toBeGreaterThan(0);
  });
});

describe('bestWindowStart', () => {
  it('finds the run with the most energy', () => {
    const profile = Float64Array.from([0, 0, 0, 0, 0, 0, 5, 9, 0, 0]);
    expect(bestWindowStart(profile, 3)).toBe(5);
  });

  it('prefers the centre when every window is as good', () => {
    expect(bestWindowStart(new Float64Array(10), 4)).toBe(3);
  });

  it('returns 0 when the window is the whole profile', () => {
    expect(bestWindowStart(Float64Array.from([1, 2, 3]), 5)).toBe(0);
  });
});
