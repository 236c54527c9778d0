import { beforeAll, describe, expect, it, vi } from 'vitest';
import { originReadBuffers } from '../../src/storage/read-buffers.ts';
import { PGLITE } from '../databases.ts';
import { call, signUp } from '../requests.ts';
import { useTestApp } from '../test-app.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  patchSource,
  quadrantsPng,
  sizeOf,
  useDataDir,
  type TestSource,
} from './fixtures.ts';

describe('render cache', () => {
  const origin = new MemoryOrigin();
  const dataDir = useDataDir();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: dataDir },
    { storageAdapterFactory: origin.factory },
  );
  let source: TestSource;

  beforeAll(async () => {
    source = await createSource(context.app, { bucket: 'cached' });
  });

  async function put(path: string, width = 40, height = 30, cacheControl?: string) {
    origin.put('cached', path, {
      bytes: await quadrantsPng(width, height),
      ...(cacheControl === undefined ? {} : { cacheControl }),
    });
  }

  it('renders on the first request and answers the second from the cache', async () => {
    await put('one.png');
    const first = await deliver(context.app, source.host, '/one.png?w=20');
    const second = await deliver(context.app, source.host, '/one.png?width=20.0');
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    expect(origin.readsOf('cached', 'one.png')).toBe(1);
  });

  it('reads a managed origin into a buffer the next render reuses', async () => {
    const lease = vi.spyOn(originReadBuffers, 'lease');
    try {
      const first = await deliver(context.app, 'demo.localhost:8080', '/coffee.png?w=33');
      const second = await deliver(context.app, 'demo.localhost:8080', '/coffee.png?w=34');
      expect([first.status, second.status]).toEqual([200, 200]);
      const buffers = lease.mock.results.map((result) => (result.value as { bytes: Buffer }).bytes);
      expect(buffers).toHaveLength(2);
      // Released after the first render, so the second read lands in the same memory.
      expect(buffers[1]?.buffer).toBe(buffers[0]?.buffer);
    } finally {
      lease.mockRestore();
    }
  });

  it('keeps renders on disk, so another process sharing the data directory hits them', async () => {
    await put('disk.png');
    const first = await deliver(context.app, source.host, '/disk.png?w=10');
    const other = await context.appWith({ DATA_DIR: dataDir });
    const second = await deliver(other, source.host, '/disk.png?w=10');
    expect(second.status).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    expect(origin.readsOf('cached', 'disk.png')).toBe(1);
  });

  it('renders concurrent identical requests once', async () => {
    await put('busy.png');
    origin.holdUntil(1);
    const responses = await Promise.all(
      [1, 2, 3, 4].map(() => deliver(context.app, source.host, '/busy.png?w=12')),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(origin.readsOf('cached', 'busy.png')).toBe(1);
  });

  it('answers 304 to a matching If-None-Match and sends the same ETag', async () => {
    await put('etag.png');
    const first = await deliver(context.app, source.host, '/etag.png?w=8');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await deliver(context.app, source.host, '/etag.png?w=8', {
      headers: { 'if-none-match': etag },
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);
    const changed = await deliver(context.app, source.host, '/etag.png?w=8', {
      headers: { 'if-none-match': '"something-else"' },
    });
    expect(changed.status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    await put('head.png');
    const get = await deliver(context.app, source.host, '/head.png?w=9');
    const head = await deliver(context.app, source.host, '/head.png?w=9', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(get.body.length));
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers['content-type']).toBe('image/png');
  });

  it('varies on Accept when auto=format chooses the format', async () => {
    await put('auto.png');
    const response = await deliver(context.app, source.host, '/auto.png?auto=format&w=10', {
      headers: { accept: 'image/webp,*/*' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.vary).toBe('Origin, Accept');
    // Origin decides the dashboard's CORS headers (answers.ts), so every answer varies on it.
    const plain = await deliver(context.app, source.host, '/auto.png?w=10');
    expect(plain.headers.vary).toBe('Origin');
  });

  describe('Cache-Control', () => {
    it('respects the origin by default, else uses cache_ttl_value', async () => {
      const own = await createSource(context.app, {
        bucket: 'cached',
        production: { cache_ttl_behavior: 'default', cache_ttl_value: 7200 },
      });
      await put('ttl-plain.png');
      await put('ttl-origin.png', 40, 30, 'public, max-age=60');
      expect(
        (await deliver(context.app, own.host, '/ttl-plain.png')).headers['cache-control'],
      ).toBe('public, max-age=7200');
      expect(
        (await deliver(context.app, own.host, '/ttl-origin.png')).headers['cache-control'],
      ).toBe('public, max-age=60');
    });

    it('overrides the origin with cache_ttl_value', async () => {
      const own = await createSource(context.app, {
        bucket: 'cached',
        production: { cache_ttl_behavior: 'override', cache_ttl_value: 7200 },
      });
      await put('ttl-override.png', 40, 30, 'public, max-age=60');
      expect(
        (await deliver(context.app, own.host, '/ttl-override.png')).headers['cache-control'],
      ).toBe('public, max-age=7200');
    });

    it('enforces cache_ttl_value as a minimum', async () => {
      const own = await createSource(context.app, {
        bucket: 'cached',
        production: { cache_ttl_behavior: 'minimum', cache_ttl_value: 7200 },
      });
      await put('ttl-short.png', 40, 30, 'public, max-age=60');
      await put('ttl-long.png', 40, 30, 'public, max-age=86400');
      expect(
        (await deliver(context.app, own.host, '/ttl-short.png')).headers['cache-control'],
      ).toBe('public, max-age=7200');
      expect((await deliver(context.app, own.host, '/ttl-long.png')).headers['cache-control']).toBe(
        'public, max-age=86400',
      );
    });

    it('gives errors cache_ttl_error', async () => {
      const own = await createSource(context.app, {
        bucket: 'cached',
        production: { cache_ttl_error: 1800 },
      });
      const missing = await deliver(context.app, own.host, '/nothing-here.png');
      expect(missing.status).toBe(404);
      expect(missing.headers['cache-control']).toBe('public, max-age=1800');
      const invalid = await deliver(context.app, own.host, '/ttl-plain.png?w=abc');
      expect(invalid.status).toBe(400);
      expect(invalid.headers['cache-control']).toBe('public, max-age=1800');
    });
  });

  describe('purge and version', () => {
    it('purges every cached variant of a path through the API', async () => {
      await put('purge.png', 40, 30);
      await deliver(context.app, source.host, '/purge.png?w=10');
      await deliver(context.app, source.host, '/purge.png?w=20');
      await put('purge.png', 80, 60);
      const stale = await deliver(context.app, source.host, '/purge.png?w=20');
      expect(await sizeOf(stale.body)).toEqual({ width: 20, height: 15 });
      expect(origin.readsOf('cached', 'purge.png')).toBe(2);

      const purged = await call(context.app, 'POST', '/api/v4/purges', {
        token: source.owner.token,
        body: {
          data: { type: 'purges', attributes: { url: `http://${source.host}/purge.png?w=5` } },
        },
      });
      expect(purged.status).toBe(200);
      expect(purged.body.data).toMatchObject({
        type: 'purges',
        attributes: { source_id: source.id },
      });
      await deliver(context.app, source.host, '/purge.png?w=10');
      await deliver(context.app, source.host, '/purge.png?w=20');
      expect(origin.readsOf('cached', 'purge.png')).toBe(4);
    });

    it('renders afresh once an edit bumps the source version', async () => {
      const own = await createSource(context.app, { bucket: 'cached' });
      await put('version.png', 40, 30);
      const before = await deliver(context.app, own.host, '/version.png');
      expect(await sizeOf(before.body)).toEqual({ width: 40, height: 30 });
      await patchSource(context.app, own, { production: { default_params: { w: '10' } } });
      const after = await deliver(context.app, own.host, '/version.png');
      expect(await sizeOf(after.body)).toEqual({ width: 10, height: 8 });
    });

    it('purges only the caller account sources, and never the demo source', async () => {
      const stranger = await signUp(context.app);
      const purge = (url: string, token?: string) =>
        call(context.app, 'POST', '/api/v4/purges', {
          ...(token === undefined ? {} : { token }),
          body: { data: { type: 'purges', attributes: { url } } },
        });
      const url = `http://${source.host}/purge.png`;
      expect((await purge(url)).status).toBe(401);
      expect((await purge(url, stranger.token)).status).toBe(404);
      expect((await purge('http://demo.localhost:8080/astronaut.png', stranger.token)).status).toBe(
        403,
      );
      expect((await purge('not a url', stranger.token)).status).toBe(422);
    });
  });
});
