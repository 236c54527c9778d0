import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pathHash, strongEtag, type CachedRender, type RenderLocation } from './cached-render.ts';
import { DiskRenderCache } from './disk-cache.ts';
import { MemoryRenderCache } from './memory-cache.ts';

const SOURCE = 'aaaaaaaaaaaaaaaaaaaaaaaa';

function rendered(size: number, fill = 1): CachedRender {
  const body = Buffer.alloc(size, fill);
  return {
    body,
    contentType: 'image/png',
    etag: `"${size}-${fill}"`,
    variesOnAccept: false,
    originCacheControl: null,
    premium: false,
  };
}

function at(originPath: string, key: string, sourceId = SOURCE): RenderLocation {
  return { sourceId, pathHash: pathHash(originPath), key: key.padEnd(64, '0') };
}

describe('strongEtag', () => {
  it('hashes a body larger than one slice as one SHA-256 of all its bytes', async () => {
    const body = Buffer.alloc(9 * 1024 * 1024 + 17);
    for (let index = 0; index < body.length; index += 4096) body[index] = index % 251;
    const expected = createHash('sha256').update(body).digest('base64url').slice(0, 32);
    expect(await strongEtag(body)).toBe(`"${expected}"`);
    expect(await strongEtag(body.subarray(0, 10))).not.toBe(`"${expected}"`);
  });
});

describe('DiskRenderCache', () => {
  let directory: string;

  beforeEach(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'render-cache-test-'));
  });

  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  it('reads back what it wrote, headers and bytes', async () => {
    const cache = new DiskRenderCache({ directory, maxBytes: 1_000_000 });
    const render = { ...rendered(100), variesOnAccept: true, originCacheControl: 'max-age=5' };
    await cache.write(at('a.png', 'k1'), render);
    expect(await cache.read(at('a.png', 'k1'))).toEqual(render);
    expect(await cache.read(at('a.png', 'k2'))).toBeNull();
  });

  it('evicts the least recently used renders past its size cap', async () => {
    const cache = new DiskRenderCache({ directory, maxBytes: 3000 });
    await cache.write(at('a.png', 'k1'), rendered(1000));
    await cache.write(at('b.png', 'k2'), rendered(1000));
    await cache.read(at('a.png', 'k1'));
    await cache.write(at('c.png', 'k3'), rendered(1000));
    expect(await cache.read(at('b.png', 'k2'))).toBeNull();
    expect(await cache.read(at('a.png', 'k1'))).not.toBeNull();
    expect(await cache.read(at('c.png', 'k3'))).not.toBeNull();
    expect(cache.bytes).toBeLessThanOrEqual(3000);
  });

  it('purges every variant of one path, or a whole source', async () => {
    const cache = new DiskRenderCache({ directory, maxBytes: 1_000_000 });
    const other = 'bbbbbbbbbbbbbbbbbbbbbbbb';
    await cache.write(at('a.png', 'k1'), rendered(10));
    await cache.write(at('a.png', 'k2'), rendered(10));
    await cache.write(at('b.png', 'k3'), rendered(10));
    await cache.write(at('a.png', 'k4', other), rendered(10));
    await cache.purge(SOURCE, pathHash('a.png'));
    expect(await cache.read(at('a.png', 'k1'))).toBeNull();
    expect(await cache.read(at('a.png', 'k2'))).toBeNull();
    expect(await cache.read(at('b.png', 'k3'))).not.toBeNull();
    await cache.purge(SOURCE, null);
    expect(await cache.read(at('b.png', 'k3'))).toBeNull();
    expect(await cache.read(at('a.png', 'k4', other))).not.toBeNull();
  });

  it('indexes what an earlier run left, oldest first, and applies the cap to it', async () => {
    const earlier = new DiskRenderCache({ directory, maxBytes: 1_000_000 });
    await earlier.write(at('old.png', 'k1'), rendered(1000));
    await earlier.write(at('new.png', 'k2'), rendered(1000));
    const files = (await readdir(directory, { recursive: true })).filter((name) =>
      name.endsWith('.render'),
    );
    const oldFile = files.find((name) => name.includes(pathHash('old.png')));
    await utimes(path.join(directory, oldFile ?? ''), new Date(1000), new Date(1000));
    await writeFile(path.join(directory, 'leftover.render.abc.tmp'), 'half');

    const restarted = new DiskRenderCache({ directory, maxBytes: 1500 });
    await restarted.start();
    expect(await restarted.read(at('old.png', 'k1'))).toBeNull();
    expect(await restarted.read(at('new.png', 'k2'))).not.toBeNull();
    await expect(stat(path.join(directory, 'leftover.render.abc.tmp'))).rejects.toThrow();
  });

  it('removes the renders of every source at once, and counts none', async () => {
    const cache = new DiskRenderCache({ directory, maxBytes: 1_000_000 });
    await cache.write(at('a.png', 'k1'), rendered(10));
    await cache.write(at('a.png', 'k2', 'bbbbbbbbbbbbbbbbbbbbbbbb'), rendered(10));
    await cache.purgeAll();
    expect(await cache.read(at('a.png', 'k1'))).toBeNull();
    expect(await cache.read(at('a.png', 'k2', 'bbbbbbbbbbbbbbbbbbbbbbbb'))).toBeNull();
    expect(cache.bytes).toBe(0);
    await cache.write(at('c.png', 'k3'), rendered(10));
    expect(await cache.read(at('c.png', 'k3'))).not.toBeNull();
  });

  it('keeps the id of the last cluster event applied beside the renders, through a purge of all', async () => {
    const cache = new DiskRenderCache({ directory, maxBytes: 1_000_000 });
    expect(await cache.readEventCursor()).toBeNull();
    expect(await cache.holdsRenders()).toBe(false);
    await cache.write(at('a.png', 'k1'), rendered(10));
    expect(await cache.holdsRenders()).toBe(true);
    await cache.writeEventCursor(41);
    await cache.writeEventCursor(42);
    await cache.purgeAll();
    expect(await cache.holdsRenders()).toBe(false);
    const restarted = new DiskRenderCache({ directory, maxBytes: 1_000_000 });
    expect(await restarted.readEventCursor()).toBe(42);
  });

  it('writes nothing when its cap is 0', async () => {
    const cache = new DiskRenderCache({ directory, maxBytes: 0 });
    await cache.write(at('a.png', 'k1'), rendered(10));
    expect(await readdir(directory)).toEqual([]);
  });
});

describe('MemoryRenderCache', () => {
  it('keeps the most recently used renders within its byte cap', () => {
    let now = 0;
    const cache = new MemoryRenderCache({ maxBytes: 8 * 1600, now: () => now });
    for (const key of ['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8']) {
      cache.set(at('a.png', key).key, at('a.png', key), rendered(1000));
    }
    // A hit counts as a use once a second at most (the reordering is what a hit costs).
    now = 1000;
    cache.get(at('a.png', 'k1').key);
    cache.set(at('a.png', 'k9').key, at('a.png', 'k9'), rendered(1000));
    expect(cache.get(at('a.png', 'k1').key)).toBeDefined();
    expect(cache.get(at('a.png', 'k2').key)).toBeUndefined();
    expect(cache.get(at('a.png', 'k9').key)).toBeDefined();
  });

  it('does not hold one render larger than an eighth of the cap', () => {
    const cache = new MemoryRenderCache({ maxBytes: 8000 });
    cache.set(at('a.png', 'k1').key, at('a.png', 'k1'), rendered(2000));
    expect(cache.get(at('a.png', 'k1').key)).toBeUndefined();
  });

  it('keeps an entry however old until it is evicted or purged', () => {
    let now = 0;
    const cache = new MemoryRenderCache({ maxBytes: 1_000_000, now: () => now });
    cache.set(at('a.png', 'k1').key, at('a.png', 'k1'), rendered(10));
    now = 24 * 3_600_000;
    expect(cache.get(at('a.png', 'k1').key)).toBeDefined();
  });

  it('purges one path of a source', () => {
    const cache = new MemoryRenderCache({ maxBytes: 1_000_000 });
    cache.set(at('a.png', 'k1').key, at('a.png', 'k1'), rendered(10));
    cache.set(at('b.png', 'k2').key, at('b.png', 'k2'), rendered(10));
    cache.purge(SOURCE, pathHash('a.png'));
    expect(cache.get(at('a.png', 'k1').key)).toBeUndefined();
    expect(cache.get(at('b.png', 'k2').key)).toBeDefined();
  });

  it('drops everything at once', () => {
    const cache = new MemoryRenderCache({ maxBytes: 1_000_000 });
    cache.set(at('a.png', 'k1').key, at('a.png', 'k1'), rendered(10));
    cache.set(at('b.png', 'k2', 'bbbbbbbbbbbbbbbbbbbbbbbb').key, at('b.png', 'k2'), rendered(10));
    cache.clear();
    expect(cache.get(at('a.png', 'k1').key)).toBeUndefined();
    expect(cache.get(at('b.png', 'k2', 'bbbbbbbbbbbbbbbbbbbbbbbb').key)).toBeUndefined();
  });
});
