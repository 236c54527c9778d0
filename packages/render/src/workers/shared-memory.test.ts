import { describe, expect, it } from 'vitest';
import { renderWorkers } from './pool.ts';
import { faultedSharedMemory, sharedCopy } from './shared-memory.ts';

describe('pixels shared with the render workers', () => {
  it('gives zeroed shared memory of the size asked', () => {
    const memory = faultedSharedMemory(10_000);
    expect(memory.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(memory.byteLength).toBe(10_000);
    expect(memory.every((byte) => byte === 0)).toBe(true);
  });

  it('copies pixels into memory a worker made, which a task then changes in place', async () => {
    const pixels = new Uint8Array(3 * 1000 * 1000).map((_, index) => index % 251);
    const shared = await sharedCopy(pixels);
    expect(shared.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Buffer.from(shared).equals(Buffer.from(pixels))).toBe(true);
    const inverted = await renderWorkers().run('pixelPasses', {
      pixels: { data: shared, width: 1000, height: 1000, channels: 3, frameHeight: 1000 },
      passes: [{ kind: 'matrix', matrix: [-1, 0, 0, 0, -1, 0, 0, 0, -1] }],
    });
    // The worker wrote into the very memory the event loop holds: nothing was copied back.
    expect(shared[1]).not.toBe(pixels[1]);
    expect(Buffer.from(inverted).equals(Buffer.from(shared))).toBe(true);
  });
});
