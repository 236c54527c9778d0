import { describe, expect, it } from 'vitest';
import { renderWorkers } from './pool.ts';
import { copyForWorker, faultedMemory } from './worker-memory.ts';

describe('pixels moved to the render workers', () => {
  it('gives zeroed memory of the size asked', () => {
    const memory = faultedMemory(10_000);
    expect(memory.byteLength).toBe(10_000);
    expect(memory.every((byte) => byte === 0)).toBe(true);
  });

  it('copies pixels into memory a worker made, which a task takes and gives back', async () => {
    const pixels = new Uint8Array(3 * 1000 * 1000).map((_, index) => index % 251);
    const copy = await copyForWorker(pixels);
    expect(Buffer.from(copy).equals(Buffer.from(pixels))).toBe(true);
    const inverted = await renderWorkers().run(
      'pixelPasses',
      {
        pixels: { data: copy, width: 1000, height: 1000, channels: 3, frameHeight: 1000 },
        passes: [{ kind: 'matrix', matrix: [-1, 0, 0, 0, -1, 0, 0, 0, -1] }],
      },
      { transfer: [copy.buffer] },
    );
    // Moved, not copied: the event loop's view is detached, the answer is the pass's result.
    expect(copy.byteLength).toBe(0);
    expect(inverted.byteLength).toBe(pixels.byteLength);
    expect(inverted[1]).not.toBe(pixels[1]);
  });

  // 24 passes over 12 MB take a few seconds alone and several times that on a loaded machine.
  it('keeps no memory in the workers once the pixels are back', { timeout: 180_000 }, async () => {
    const data = new Uint8Array(2000 * 2000 * 3);
    const before = process.memoryUsage().rss;
    for (let round = 0; round < 24; round += 1) {
      const copy = await copyForWorker(data);
      await renderWorkers().run(
        'pixelPasses',
        {
          pixels: { data: copy, width: 2000, height: 2000, channels: 3, frameHeight: 2000 },
          passes: [{ kind: 'matrix', matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1] }],
        },
        { transfer: [copy.buffer] },
      );
    }
    // 24 rounds of 12 MB: memory a worker kept would grow by 288 MB. What the event loop has not
    // collected yet (the answers) stays well under that.
    expect(process.memoryUsage().rss - before).toBeLessThan(160 * 1024 * 1024);
  });
});
