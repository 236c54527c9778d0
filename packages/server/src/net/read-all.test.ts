import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { joinChunks, readAll } from './read-all.ts';

function chunksOf(count: number, size: number): Buffer[] {
  return Array.from({ length: count }, (_, index) => Buffer.alloc(size, index % 251));
}

describe('joinChunks', () => {
  it('joins as Buffer.concat does', async () => {
    const chunks = chunksOf(300, 64 * 1024);
    expect((await joinChunks(chunks)).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('hands back a single chunk without copying it', async () => {
    const only = Buffer.from('whole');
    expect(await joinChunks([only])).toBe(only);
    expect((await joinChunks([])).length).toBe(0);
  });

  it('lets other callbacks run while a large body is joined', async () => {
    let otherCallbackRan = false;
    setImmediate(() => (otherCallbackRan = true));
    // 32 MiB in 64 KiB chunks: joined in slices, with turns of the event loop in between.
    const joined = await joinChunks(chunksOf(512, 64 * 1024));
    expect(joined.length).toBe(512 * 64 * 1024);
    expect(otherCallbackRan).toBe(true);
  });

  it('joins a small body in one go', async () => {
    let otherCallbackRan = false;
    setImmediate(() => (otherCallbackRan = true));
    await joinChunks(chunksOf(4, 1024));
    expect(otherCallbackRan).toBe(false);
  });
});

describe('readAll', () => {
  it('reads a stream of many chunks to one buffer', async () => {
    const chunks = chunksOf(20, 1000);
    expect((await readAll(Readable.from(chunks))).equals(Buffer.concat(chunks))).toBe(true);
  });
});
