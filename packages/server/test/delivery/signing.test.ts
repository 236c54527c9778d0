import ImgixClient from '@imgix/js-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { updateSource } from '../../src/store/sources.ts';
import { PGLITE } from '../databases.ts';
import { useTestApp } from '../test-app.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  deliverRaw,
  quadrantsPng,
  sizeOf,
  targetOf,
  useDataDir,
  type TestSource,
} from './fixtures.ts';

describe('signed delivery URLs', () => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir() },
    { storageAdapterFactory: origin.factory },
  );
  let secure: TestSource;
  let client: ImgixClient;

  /** A URL built by @imgix/js-core for the secure source, as a request target. */
  function signed(path: string, params: Record<string, string | number> = {}): string {
    return targetOf(client.buildURL(path, params));
  }

  async function useToken(source: TestSource, token: string): Promise<void> {
    await updateSource(context.database.db, source.id, {
      secureUrlToken: context.app.darkroom.secrets.encrypt(token),
    });
  }

  beforeAll(async () => {
    origin.put('images', 'photos/cat.png', await quadrantsPng(64, 48));
    origin.put('images', 'users/1.png', await quadrantsPng(10, 10));
    origin.put('images', 'a b/ça.png', await quadrantsPng(10, 10));
    secure = await createSource(context.app, { production: { secure_url_enabled: true } });
    client = new ImgixClient({
      domain: `${secure.subdomain}.localhost`,
      secureURLToken: secure.token,
      useHTTPS: false,
      includeLibraryParam: false,
    });
  });

  it('serves a URL signed by @imgix/js-core with the source token', async () => {
    const response = await deliver(context.app, secure.host, signed('/photos/cat.png', { w: 32 }));
    expect(response.status).toBe(200);
    expect(await sizeOf(response.body)).toEqual({ width: 32, height: 24 });
  });

  it('serves a signed URL carrying the ixlib parameter js-core adds by default', async () => {
    const withLibrary = new ImgixClient({
      domain: `${secure.subdomain}.localhost`,
      secureURLToken: secure.token,
      useHTTPS: false,
    });
    const target = targetOf(withLibrary.buildURL('/photos/cat.png', { h: 12 }));
    expect(target).toContain('ixlib=js-');
    expect((await deliver(context.app, secure.host, target)).status).toBe(200);
  });

  it('checks the signature over the path and query exactly as sent', async () => {
    const target = signed('/a b/ça.png', { txt: "Hello, world's (1)", w: 8 });
    expect(target).toMatch(/^\/a%20b\/%C3%A7a\.png\?/);
    const response = await deliverRaw(context.app, secure.host, target);
    expect(response.status).toBe(200);
  });

  it('answers 403 without a signature', async () => {
    const response = await deliver(context.app, secure.host, '/photos/cat.png?w=32');
    expect(response.status).toBe(403);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('answers 403 when a signed parameter is changed', async () => {
    const target = signed('/photos/cat.png', { w: 32 }).replace('w=32', 'w=33');
    expect((await deliver(context.app, secure.host, target)).status).toBe(403);
  });

  it('answers 403 when the signed query is reordered', async () => {
    const target = signed('/photos/cat.png', { w: 32, h: 10 });
    const reordered = target.replace('w=32&h=10', 'h=10&w=32');
    expect(reordered).not.toBe(target);
    expect((await deliver(context.app, secure.host, reordered)).status).toBe(403);
  });

  it('answers 403 when a parameter follows the signature or is slipped in before it', async () => {
    const target = signed('/photos/cat.png', { w: 32 });
    expect((await deliver(context.app, secure.host, `${target}&h=5`)).status).toBe(403);
    const slipped = target.replace('&s=', '&h=5&s=');
    expect((await deliver(context.app, secure.host, slipped)).status).toBe(403);
  });

  it('answers 403 when the path is changed', async () => {
    const target = signed('/photos/cat.png', { w: 32 }).replace('/photos/cat.png', '/users/1.png');
    expect((await deliver(context.app, secure.host, target)).status).toBe(403);
  });

  it('verifies the test vectors of ARCHITECTURE.md through the endpoint', async () => {
    const vectors = await createSource(context.app, { production: { secure_url_enabled: true } });
    await useToken(vectors, 'FOO123bar');
    for (const target of [
      '/users/1.png?s=6797c24146142d5b40bde3141fd3600c',
      '/users/1.png?w=400&h=300&s=c7b86f666a832434dd38577e38cf86d1',
      '/users/1.png?h=300&w=400&s=1a4e48641614d1109c6a7af51be23d18',
    ]) {
      expect((await deliver(context.app, vectors.host, target)).status, target).toBe(200);
    }
    const swapped = '/users/1.png?h=300&w=400&s=c7b86f666a832434dd38577e38cf86d1';
    expect((await deliver(context.app, vectors.host, swapped)).status).toBe(403);
  });

  it('requires signatures on every web proxy source and signs the encoded origin URL', async () => {
    await context.database.db
      .updateTable('accounts')
      .set({ webproxy_access: true })
      .where('id', '=', secure.owner.accountId)
      .execute();
    const proxy = await createSource(context.app, {
      owner: secure.owner,
      configuration: { type: 'webproxy' },
      production: { secure_url_enabled: false },
    });
    origin.put('webproxy', 'http%3A%2F%2Favatars.com%2Fjohn-smith.png', await quadrantsPng(12, 12));
    const unsigned = await deliver(
      context.app,
      proxy.host,
      '/http%3A%2F%2Favatars.com%2Fjohn-smith.png',
    );
    expect(unsigned.status).toBe(403);
    await useToken(proxy, 'FOO123bar');
    const vector = '/http%3A%2F%2Favatars.com%2Fjohn-smith.png?s=493a52f008c91416351f8b33d4883135';
    const response = await deliver(context.app, proxy.host, vector);
    expect(response.status).toBe(200);
    expect(await sizeOf(response.body)).toEqual({ width: 12, height: 12 });
  });

  it('ignores s on a source without secure URLs', async () => {
    const open = await createSource(context.app);
    const target = '/photos/cat.png?w=16&s=00000000000000000000000000000000';
    expect((await deliver(context.app, open.host, target)).status).toBe(200);
  });

  describe('expires', () => {
    it('answers 404 once a signed expiry has passed', async () => {
      const past = Math.floor(Date.now() / 1000) - 60;
      const response = await deliver(
        context.app,
        secure.host,
        signed('/photos/cat.png', { w: 10, expires: past }),
      );
      expect(response.status).toBe(404);
      expect(response.text).toBe('This URL has expired.\n');
    });

    it('serves until the expiry and caps max-age at the seconds left', async () => {
      const future = Math.floor(Date.now() / 1000) + 120;
      const response = await deliver(
        context.app,
        secure.host,
        signed('/photos/cat.png', { w: 10, expires: future }),
      );
      expect(response.status).toBe(200);
      const maxAge = Number(/max-age=(\d+)/.exec(String(response.headers['cache-control']))?.[1]);
      expect(maxAge).toBeGreaterThan(100);
      expect(maxAge).toBeLessThanOrEqual(120);
    });

    it('applies to unsigned sources too', async () => {
      const open = await createSource(context.app);
      const now = Math.floor(Date.now() / 1000);
      const expired = await deliver(context.app, open.host, `/photos/cat.png?expires=${now - 1}`);
      expect(expired.status).toBe(404);
      const valid = await deliver(context.app, open.host, `/photos/cat.png?expires=${now + 600}`);
      expect(valid.status).toBe(200);
    });

    it('cannot be extended without breaking the signature', async () => {
      const soon = Math.floor(Date.now() / 1000) + 60;
      const target = signed('/photos/cat.png', { expires: soon });
      const extended = target.replace(String(soon), String(soon + 86_400));
      expect((await deliver(context.app, secure.host, extended)).status).toBe(403);
    });
  });
});
