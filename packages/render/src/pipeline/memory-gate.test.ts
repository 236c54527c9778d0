import { describe, expect, it } from 'vitest';
import { Deadline } from '../output/limits.ts';
import { memoryEstimate } from './budget.ts';
import { RenderError } from './context.ts';
import { MemoryGate } from './memory-gate.ts';

const MB = 1024 * 1024;

describe('the memory gate', () => {
  it('lets small renders run together and holds a large one until the others finish', async () => {
    const gate = new MemoryGate(100 * MB);
    const deadline = new Deadline(60_000, undefined);
    const first = await gate.acquire(30 * MB, deadline);
    const second = await gate.acquire(30 * MB, deadline);
    expect(gate.inUse).toBe(60 * MB);
    let largeIn = false;
    const large = gate.acquire(80 * MB, deadline).then((release) => {
      largeIn = true;
      return release;
    });
    await Promise.resolve();
    expect(largeIn).toBe(false);
    first();
    await Promise.resolve();
    expect(largeIn).toBe(false);
    second();
    const releaseLarge = await large;
    expect(gate.inUse).toBe(80 * MB);
    releaseLarge();
    expect(gate.inUse).toBe(0);
  });

  it('runs a render larger than the whole share alone rather than refusing it', async () => {
    const gate = new MemoryGate(100 * MB);
    const release = await gate.acquire(400 * MB, new Deadline(60_000, undefined));
    expect(gate.inUse).toBe(100 * MB);
    release();
    release();
    expect(gate.inUse).toBe(0);
  });

  it('keeps the order of arrival, so small renders do not starve a large one', async () => {
    const gate = new MemoryGate(100 * MB);
    const deadline = new Deadline(60_000, undefined);
    const running = await gate.acquire(50 * MB, deadline);
    const order: string[] = [];
    const large = gate.acquire(100 * MB, deadline).then((release) => {
      order.push('large');
      release();
    });
    const small = gate.acquire(10 * MB, deadline).then((release) => {
      order.push('small');
      release();
    });
    running();
    await Promise.all([large, small]);
    expect(order).toEqual(['large', 'small']);
  });

  it('gives up with 504 when the render would wait past its deadline', async () => {
    const gate = new MemoryGate(100 * MB);
    const held = await gate.acquire(100 * MB, new Deadline(60_000, undefined));
    const waiting = gate.acquire(10 * MB, new Deadline(20, undefined));
    await expect(waiting).rejects.toBeInstanceOf(RenderError);
    await expect(waiting).rejects.toMatchObject({ status: 504 });
    held();
    expect(gate.inUse).toBe(0);
  });
});

describe('the memory estimate', () => {
  it('counts two RGBA canvases and the encoder, AVIF far above JPEG', () => {
    const pixels = { decoded: 1_000_000, canvas: 2_000_000, output: 2_000_000 };
    expect(memoryEstimate(pixels, ['jpg'])).toBe(2_000_000 * 4 * 2 + 2_000_000 * 6);
    expect(memoryEstimate(pixels, ['avif'])).toBe(2_000_000 * 4 * 2 + 2_000_000 * 40);
  });

  it('counts what an AVIF or HEIF decoder holds, beyond the decoded image', () => {
    const pixels = { decoded: 16_000_000, canvas: 65_536, output: 65_536 };
    // libheif's YUV planes and RGB image, 20 bytes an origin pixel, outweigh the canvases.
    expect(memoryEstimate(pixels, ['png'], 'heif')).toBe(16_000_000 * 20 + 65_536 * 6);
    expect(memoryEstimate(pixels, ['png'], 'avif')).toBe(16_000_000 * 20 + 65_536 * 6);
    // A PNG origin streams: its decoded canvas is all it holds.
    expect(memoryEstimate(pixels, ['png'], 'png')).toBe(16_000_000 * 4 * 2 + 65_536 * 6);
  });
});
