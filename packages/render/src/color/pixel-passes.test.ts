import { describe, expect, it } from 'vitest';
import { renderWorkers } from '../workers/pool.ts';
import { sepia } from './matrix.ts';
import { applyPixelPasses, type PixelPass } from './pixel-passes.ts';
import type { Pixels } from './pixels.ts';
import { runPixelPasses } from './sharp-pixels.ts';

function noise(width: number, height: number): Pixels {
  const data = new Uint8Array(width * height * 3);
  let seed = 7;
  for (let index = 0; index < data.length; index += 1) {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    data[index] = seed >> 23;
  }
  return { data, width, height, channels: 3, frameHeight: height };
}

const PASSES: PixelPass[] = [
  { kind: 'pixellate', blockSize: 4 },
  { kind: 'matrix', matrix: sepia(0.6) },
  {
    kind: 'duotone',
    dark: { r: 20, g: 0, b: 60, alpha: 1 },
    light: { r: 255, g: 230, b: 120, alpha: 1 },
    opacity: 0.7,
  },
];

describe('pixel passes', () => {
  it('gives the same pixels in a worker thread (a large image) as in place', async () => {
    const large = noise(1200, 1000);
    const expected = applyPixelPasses({ ...large, data: large.data.slice() }, PASSES);
    const threadsBefore = renderWorkers().threads;
    await runPixelPasses(large, PASSES);
    expect(renderWorkers().threads).toBeGreaterThan(threadsBefore);
    expect(Buffer.from(large.data).equals(Buffer.from(expected))).toBe(true);
  });

  it('blends a non-separable mode over every frame in a worker thread, as in place', async () => {
    const frames = noise(1000, 1200);
    frames.frameHeight = 600;
    const layer = new Uint8Array(1000 * 600 * 4).map((_, index) => (index * 7) % 256);
    const passes: PixelPass[] = [{ kind: 'blend', layer, mode: 'hue' }];
    const expected = applyPixelPasses({ ...frames, data: frames.data.slice() }, passes);
    await runPixelPasses(frames, passes);
    expect(Buffer.from(frames.data).equals(Buffer.from(expected))).toBe(true);
    // Both frames were blended: the second differs from the noise it started as.
    const secondFrame = noise(1000, 1200).data.subarray(1000 * 600 * 3);
    expect(Buffer.from(frames.data.subarray(1000 * 600 * 3)).equals(secondFrame)).toBe(false);
  });

  it('runs in place for a small image', async () => {
    const small = noise(300, 200);
    const original = small.data;
    const expected = applyPixelPasses({ ...small, data: small.data.slice() }, PASSES);
    await runPixelPasses(small, PASSES);
    expect(small.data).toBe(original);
    expect(Buffer.from(small.data).equals(Buffer.from(expected))).toBe(true);
  });
});
