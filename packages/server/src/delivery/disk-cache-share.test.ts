import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pathHash, type CachedRender, type RenderLocation } from './cached-render.ts';
import { DiskRenderCache } from './disk-cache.ts';

const SOURCE = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const RENDER_BYTES = 1_000;

function rendered(fill: number): CachedRender {
  return {
    body: Buffer.alloc(RENDER_BYTES, fill),
    contentType: 'image/png',
    etag: `"${fill}"`,
    variesOnAccept: false,
    originCacheControl: null,
    premium: false,
  };
}

function at(index: number): RenderLocation {
  return { sourceId: SOURCE, pathHash: pathHash(`/image-${index}.jpg`), key: 'c'.repeat(64) };
}

async function bytesOnDisk(directory: string): Promise<number> {
  const names = await readdir(directory, { recursive: true });
  const sizes = await Promise.all(
    names
      .filter((name) => name.endsWith('.render'))
      .map(async (name) => (await stat(path.join(directory, name))).size),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

/** The render cache folder as cluster workers (WORKERS) share it: any reads any render. */
describe('DiskRenderCache shared by two processes', () => {
  let directory: string;
  /** Room for ten renders with their headers, in all. */
  const cap = 10 * (RENDER_BYTES + 200);

  beforeEach(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'render-cache-share-'));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  function worker(slot: number): DiskRenderCache {
    return new DiskRenderCache({ directory, maxBytes: cap, share: { slot, of: 2 } });
  }

  it('reads the renders the other wrote, keeping them out of its own count', async () => {
    const [first, second] = [worker(0), worker(1)];
    await first.write(at(1), rendered(1));
    const read = await second.read(at(1));
    expect(read?.body.equals(rendered(1).body)).toBe(true);
    expect(second.bytes).toBe(0);
    expect(first.bytes).toBeGreaterThan(RENDER_BYTES);
  });

  it('keeps the cap between them, each to its half', async () => {
    const [first, second] = [worker(0), worker(1)];
    for (let index = 0; index < 30; index += 1) {
      await (index % 3 === 0 ? first : second).write(at(index), rendered(index));
      // Each reads what the other wrote, as requests land on either.
      await first.read(at(index));
      await second.read(at(index));
    }
    expect(first.bytes).toBeLessThanOrEqual(cap / 2);
    expect(second.bytes).toBeLessThanOrEqual(cap / 2);
    // Both halves in use: a render read by both is counted once, by the one that wrote it.
    expect(await bytesOnDisk(directory)).toBeLessThanOrEqual(cap);
    expect(await bytesOnDisk(directory)).toBeGreaterThan(cap / 2);
  });

  it('divides the renders an earlier run left between them, each indexed once', async () => {
    const earlier = new DiskRenderCache({ directory, maxBytes: cap });
    for (let index = 0; index < 8; index += 1) await earlier.write(at(index), rendered(index));
    const total = await bytesOnDisk(directory);

    const [first, second] = [worker(0), worker(1)];
    await Promise.all([first.start(), second.start()]);
    expect(first.bytes + second.bytes).toBe(total);
    expect(first.bytes).toBeGreaterThan(0);
    expect(second.bytes).toBeGreaterThan(0);
    // Nothing was over either half, so nothing was evicted.
    expect(await bytesOnDisk(directory)).toBe(total);
  });

  it("leaves a temporary file young enough to be another's write, and removes an old one", async () => {
    const folder = path.join(directory, SOURCE, 'ab');
    await mkdir(folder, { recursive: true });
    const writing = path.join(folder, 'x.render.young.tmp');
    const abandoned = path.join(folder, 'x.render.old.tmp');
    await writeFile(writing, 'half');
    await writeFile(abandoned, 'half');
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    await utimes(abandoned, hourAgo, hourAgo);

    await worker(0).start();
    await expect(stat(writing)).resolves.toBeTruthy();
    await expect(stat(abandoned)).rejects.toThrow();
  });
});
