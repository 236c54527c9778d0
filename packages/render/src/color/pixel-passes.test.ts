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

  it('runs in place for a small image', async () => {
    const small = noise(300, 200);
    const original = small.data;
    const expected = applyPixelPasses({ ...small, data: small.data.slice() }, PASSES);
    await runPixelPasses(small, PASSES);
    expect(small.data).toBe(original);
    expect(Buffer.from(small.data).equals(Buffer.from(expected))).toBe(true);
  });
});
