import { describe, expect, it } from 'vitest';
import { BufferPool } from './read-buffers.ts';

const KIB = 1024;

function pool() {
  return new BufferPool({
    minBufferBytes: 64 * KIB,
    maxBufferBytes: 1024 * KIB,
    maxIdleBytes: 512 * KIB,
  });
}

describe('origin read buffers', () => {
  it('hands out exactly the size asked for, in a power-of-two buffer', () => {
    const lease = pool().lease(100 * KIB);
    expect(lease.bytes.length).toBe(100 * KIB);
    expect(lease.bytes.buffer.byteLength).toBe(128 * KIB);
    expect(pool().lease(10).bytes.buffer.byteLength).toBe(64 * KIB);
  });

  it('reuses a buffer only once it is released, and only once however often', () => {
    const buffers = pool();
    const first = buffers.lease(100 * KIB);
    const whileHeld = buffers.lease(100 * KIB);
    expect(whileHeld.bytes.buffer).not.toBe(first.bytes.buffer);
    first.release();
    first.release();
    expect(buffers.idleBytes).toBe(128 * KIB);
    const next = buffers.lease(120 * KIB);
    expect(next.bytes.buffer).toBe(first.bytes.buffer);
    expect(buffers.idleBytes).toBe(0);
    expect(buffers.lease(120 * KIB).bytes.buffer).not.toBe(first.bytes.buffer);
  });

  it('keeps no more than its idle cap, and never pools buffers over the largest size', () => {
    const buffers = pool();
    const leases = Array.from({ length: 6 }, () => buffers.lease(128 * KIB));
    for (const lease of leases) lease.release();
    expect(buffers.idleBytes).toBe(512 * KIB);
    const huge = buffers.lease(2048 * KIB);
    expect(huge.bytes.buffer.byteLength).toBe(2048 * KIB);
    huge.release();
    expect(buffers.idleBytes).toBe(512 * KIB);
  });
});
