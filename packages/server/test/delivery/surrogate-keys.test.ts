// Surrogate keys on delivery answers (src/delivery/surrogate-key-headers.ts): every answer of a
// source carries `Surrogate-Key` (Fastly, Varnish) and `Cache-Tag` (Cloudflare) with the source's
// key and its origin path's, on the Fastify path and on the cache-hit paths alike, so a CDN drops
// by key exactly what a purge of the path or the source names.
import { createHash } from 'node:crypto';
import ImgixClient from '@imgix/js-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PGLITE } from '../databases.ts';
import { call } from '../requests.ts';
import { useTestApp } from '../test-app.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  deliverRaw,
  quadrantsPng,
  targetOf,
  useDataDir,
  type TestSource,
} from './fixtures.ts';

function keysOf(sourceId: string, originPath: string): string[] {
  const hash = createHash('sha256').update(originPath).digest('hex');
  return [`s-${sourceId}`, `p-${sourceId}-${hash}`];
}

describe('surrogate keys', () => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir() },
    { storageAdapterFactory: origin.factory },
  );
  let source: TestSource;
  let secure: TestSource;

  beforeAll(async () => {
    origin.put('keys', 'photos/cat.png', await quadrantsPng(40, 30));
    source = await createSource(context.app, { bucket: 'keys' });
    secure = await createSource(context.app, {
      bucket: 'keys',
      production: { secure_url_enabled: true },
    });
  });

  function expectKeys(
    headers: Record<string, unknown>,
    keys: readonly string[],
    what: string,
  ): void {
    expect(headers['surrogate-key'], what).toBe(keys.join(' '));
    expect(headers['cache-tag'], what).toBe(keys.join(','));
  }

  it('marks a miss, its hits on every path, HEAD and 304 with the source and path keys', async () => {
    const keys = keysOf(source.id, 'photos/cat.png');
    const target = '/photos/cat.png?w=20';
    const miss = await deliver(context.app, source.host, target);
    expectKeys(miss.headers, keys, 'a miss (Fastify)');
    expectKeys((await deliver(context.app, source.host, target)).headers, keys, 'a Fastify hit');
    // Over a socket a hit is answered before Fastify (once its source lookup is in memory, which
    // a slow machine may have let expire), then from the ready-made answer that built.
    const fastPath = vi.spyOn(context.app.delivery, 'answerFromMemory');
    try {
      for (let hit = 1; hit <= 3; hit += 1) {
        const answer = await deliverRaw(context.app, source.host, target);
        expectKeys(answer.headers, keys, `socket hit ${hit}`);
      }
      expect(fastPath.mock.results.slice(1).map((result) => result.value)).toEqual([true, true]);
    } finally {
      fastPath.mockRestore();
    }
    const head = await deliverRaw(context.app, source.host, target, { method: 'HEAD' });
    expectKeys(head.headers, keys, 'HEAD');
    const notModified = await deliverRaw(context.app, source.host, target, {
      headers: { 'if-none-match': String(miss.headers.etag) },
    });
    expect(notModified.status).toBe(304);
    expectKeys(notModified.headers, keys, '304');
    // A hit whose answer depends on the request (Accept) is built per request, keys included.
    const formatTarget = '/photos/cat.png?w=20&auto=format';
    await deliver(context.app, source.host, formatTarget, { headers: { accept: 'image/webp' } });
    const formatHit = await deliverRaw(context.app, source.host, formatTarget, {
      headers: { accept: 'image/webp' },
    });
    expect(formatHit.headers['content-type']).toBe('image/webp');
    expectKeys(formatHit.headers, keys, 'an auto=format hit');
  });

  it('names the path exactly as a purge of its URL does', async () => {
    const purged = await call(context.app, 'POST', '/api/v4/purges', {
      token: source.owner.token,
      body: {
        data: {
          type: 'purges',
          attributes: { url: `https://${source.host}/photos/cat.png?w=99` },
        },
      },
    });
    expect(purged.status).toBe(200);
    expect(purged.body.data.attributes.url).toBe(`https://${source.host}/photos/cat.png?w=99`);
    // A purge keys the URL's path as delivery does (origin-path.ts): without its leading slash.
    const delivered = await deliver(context.app, source.host, '/photos/cat.png?h=7');
    expectKeys(delivered.headers, keysOf(source.id, 'photos/cat.png'), 'after the purge');
  });

  it('marks failures too: a missing file with its path, a refusal with the source', async () => {
    const missing = await deliver(context.app, source.host, '/photos/absent.png?w=20');
    expect(missing.status).toBe(404);
    // Cached for cache_ttl_error: a purge once the file exists must reach it.
    expectKeys(missing.headers, keysOf(source.id, 'photos/absent.png'), 'a missing file');

    const client = new ImgixClient({
      domain: `${secure.subdomain}.localhost`,
      secureURLToken: secure.token,
      useHTTPS: false,
      includeLibraryParam: false,
    });
    const tampered = targetOf(client.buildURL('/photos/cat.png', { w: 5 })).replace('w=5', 'w=6');
    const refused = await deliver(context.app, secure.host, tampered);
    expect(refused.status).toBe(403);
    expectKeys(refused.headers, [`s-${secure.id}`], 'a refused signature');

    const unknownHost = await deliver(context.app, 'nobody-has-this.localhost:8080', '/a.png');
    expect(unknownHost.status).toBe(404);
    expect(unknownHost.headers['surrogate-key']).toBeUndefined();
  });
});
