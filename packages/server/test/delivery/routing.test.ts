import { beforeAll, describe, expect, it } from 'vitest';
import { PGLITE } from '../databases.ts';
import { call } from '../requests.ts';
import { useTestApp } from '../test-app.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  deliverRaw,
  patchSource,
  quadrantsPng,
  sizeOf,
  uniqueSubdomain,
  useDataDir,
  type TestSource,
} from './fixtures.ts';

describe('delivery routing', () => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir() },
    { storageAdapterFactory: origin.factory },
  );
  let source: TestSource;

  beforeAll(async () => {
    origin.put('images', 'photos/cat.png', await quadrantsPng(64, 48));
    origin.put('images', 'with space.png', await quadrantsPng(20, 10));
    source = await createSource(context.app, {
      production: { custom_domains: [`${uniqueSubdomain('cdn')}.example.com`] },
    });
  });

  it('serves an image of a source on its subdomain, whatever the port', async () => {
    for (const host of [source.host, `${source.subdomain}.localhost`]) {
      const response = await deliver(context.app, host, '/photos/cat.png?w=32');
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(await sizeOf(response.body)).toEqual({ width: 32, height: 24 });
    }
  });

  it('serves the same image on the source custom domain', async () => {
    const { body } = await call(context.app, 'GET', `/api/v4/sources/${source.id}`, {
      token: source.owner.token,
    });
    const customDomain = body.data.attributes.production.custom_domains[0] as string;
    const response = await deliver(context.app, customDomain, '/photos/cat.png?w=16');
    expect(response.status).toBe(200);
    expect(await sizeOf(response.body)).toEqual({ width: 16, height: 12 });
  });

  it('serves the demo source images shipped with the server', async () => {
    const response = await deliver(context.app, 'demo.localhost:8080', '/astronaut.png?w=20');
    expect(response.status).toBe(200);
    expect((await sizeOf(response.body)).width).toBe(20);
  });

  it('answers 404 in plain text for a host no source has', async () => {
    for (const host of ['nobody.localhost:8080', 'a.b.localhost:8080']) {
      const response = await deliver(context.app, host, '/photos/cat.png');
      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('leaves the API and the dashboard to other hosts', async () => {
    expect((await call(context.app, 'GET', '/api/v4/sources')).status).toBe(401);
    const unknownDomain = await context.app.inject({
      url: '/api/v4/sources',
      headers: { host: 'darkroom.example.org' },
    });
    expect(unknownDomain.statusCode).toBe(401);
  });

  it('treats every path on a delivery host as an image path, API-looking ones included', async () => {
    const response = await deliver(context.app, source.host, '/api/v4/sources');
    expect(response.status).toBe(404);
    expect(response.text).toBe('The image does not exist at the origin.\n');
  });

  it('decodes the path once before it reaches the origin', async () => {
    const response = await deliver(context.app, source.host, '/with%20space.png');
    expect(response.status).toBe(200);
    expect(origin.readsOf('images', 'with space.png')).toBe(1);
  });

  it('refuses paths that climb out of the source', async () => {
    for (const target of [
      '/photos/../secret.png',
      '/photos/%2e%2e/secret.png',
      '/a%5C..%5Cb.png',
    ]) {
      const response = await deliverRaw(context.app, source.host, target);
      expect(response.status, target).toBe(400);
    }
    expect(origin.reads.some((read) => read.includes('secret'))).toBe(false);
  });

  it("answers a path that is not valid percent-encoding with 400, in each host's own way", async () => {
    const delivered = await deliver(context.app, source.host, '/%E0%A4%A.png');
    expect(delivered.status).toBe(400);
    expect(delivered.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(delivered.text).toContain('each % must start a percent-encoded UTF-8 byte');

    const api = await context.app.inject({
      url: '/api/v4/sources/%E0%A4%A',
      headers: { host: 'localhost:8080' },
    });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toMatchObject({ errors: [{ status: '400', code: 'bad_request' }] });
  });

  it('answers 405 to methods other than GET and HEAD', async () => {
    const response = await deliver(context.app, source.host, '/photos/cat.png', { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
  });

  it('answers 414 to a request target over 8 KB', async () => {
    const response = await deliver(
      context.app,
      source.host,
      `/photos/cat.png?txt=${'a'.repeat(8200)}`,
    );
    expect(response.status).toBe(414);
  });

  it('answers 410 once the source is disabled, at once, and serves again when enabled', async () => {
    const own = await createSource(context.app);
    origin.put('images', 'dog.png', await quadrantsPng(8, 8));
    expect((await deliver(context.app, own.host, '/dog.png')).status).toBe(200);
    await patchSource(context.app, own, { enabled: false });
    const disabled = await deliver(context.app, own.host, '/dog.png');
    expect(disabled.status).toBe(410);
    expect(disabled.text).toBe('This source is disabled.\n');
    await patchSource(context.app, own, { enabled: true });
    expect((await deliver(context.app, own.host, '/dog.png')).status).toBe(200);
  });

  it('serves a new subdomain as soon as the source takes it', async () => {
    const own = await createSource(context.app);
    const added = uniqueSubdomain('new');
    // Asked first, so the unknown host is remembered before the source takes it.
    expect((await deliver(context.app, `${added}.localhost`, '/photos/cat.png')).status).toBe(404);
    await patchSource(context.app, own, {
      production: { darkroom_subdomains: [own.subdomain, added] },
    });
    expect((await deliver(context.app, `${added}.localhost`, '/photos/cat.png')).status).toBe(200);
  });

  it('does not serve a source that has never deployed', async () => {
    const own = await createSource(context.app);
    await context.database.db
      .updateTable('sources')
      .set({ deployed_at: null, deployment_status: 'deploying' })
      .where('id', '=', own.id)
      .execute();
    // A direct database change: a new app instance reads it without the edit notification.
    const other = await context.appWith({ DATA_DIR: useDataDir() });
    const response = await deliver(other, own.host, '/photos/cat.png');
    expect(response.status).toBe(404);
    expect(response.text).toBe('This source has not been deployed yet.\n');
    // It serves moments later: no browser or CDN may keep this answer.
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
