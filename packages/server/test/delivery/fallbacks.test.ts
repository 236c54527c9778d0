import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE } from '../databases.ts';
import { startHttpServer, type TestHttpServer } from '../origin-servers/http.ts';
import { useTestApp } from '../test-app.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  quadrantsPng,
  sizeOf,
  useDataDir,
} from './fixtures.ts';

describe('image_missing and image_error fallbacks', () => {
  const origin = new MemoryOrigin();
  // The fallback server listens on loopback, which only a development setting lets through.
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir(), ALLOW_PRIVATE_ORIGINS: '1' },
    { storageAdapterFactory: origin.factory },
  );
  let fallbackServer: TestHttpServer;
  let placeholder: Buffer;

  beforeAll(async () => {
    placeholder = await quadrantsPng(7, 5);
    fallbackServer = await startHttpServer((request, response) => {
      if (request.url?.startsWith('/placeholder.png')) {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(placeholder);
        return;
      }
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('no');
    });
  });

  afterAll(async () => {
    await fallbackServer.close();
  });

  it('answers a missing image with image_missing and the request query appended', async () => {
    const source = await createSource(context.app, {
      production: {
        image_missing: { url: `${fallbackServer.url}/placeholder.png`, append_qs: true },
      },
    });
    const response = await deliver(context.app, source.host, '/gone.png?w=30&fm=png');
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.body.equals(placeholder)).toBe(true);
    expect(fallbackServer.requests.at(-1)?.url).toBe('/placeholder.png?w=30&fm=png');
    expect(fallbackServer.requests.at(-1)?.headers['x-darkroom-fallback']).toBe('1');
  });

  it('leaves the query off the fallback URL without append_qs', async () => {
    const source = await createSource(context.app, {
      production: {
        image_missing: { url: `${fallbackServer.url}/placeholder.png`, append_qs: false },
      },
    });
    await deliver(context.app, source.host, '/gone.png?w=30');
    expect(fallbackServer.requests.at(-1)?.url).toBe('/placeholder.png');
  });

  it('answers an origin failure with image_error, keeping the error status', async () => {
    const source = await createSource(context.app, {
      bucket: 'broken-bucket',
      production: {
        image_error: { url: `${fallbackServer.url}/placeholder.png?v=2`, append_qs: true },
        cache_ttl_error: 900,
      },
    });
    const response = await deliver(context.app, source.host, '/any.png?w=3');
    expect(response.status).toBe(502);
    expect(await sizeOf(response.body)).toEqual({ width: 7, height: 5 });
    expect(response.headers['cache-control']).toBe('public, max-age=900');
    expect(fallbackServer.requests.at(-1)?.url).toBe('/placeholder.png?v=2&w=3');
  });

  it('answers the plain error when the fallback itself cannot be fetched', async () => {
    const source = await createSource(context.app, {
      production: {
        image_missing: { url: `${fallbackServer.url}/also-missing.png`, append_qs: false },
      },
    });
    const response = await deliver(context.app, source.host, '/gone.png');
    expect(response.status).toBe(404);
    expect(response.text).toBe('The image does not exist at the origin.\n');
  });

  it('never falls back for a request that is itself a fallback fetch', async () => {
    const source = await createSource(context.app, {
      production: {
        image_missing: { url: `${fallbackServer.url}/placeholder.png`, append_qs: false },
      },
    });
    const before = fallbackServer.requests.length;
    const response = await deliver(context.app, source.host, '/gone.png', {
      headers: { 'x-darkroom-fallback': '1' },
    });
    expect(response.status).toBe(404);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(fallbackServer.requests.length).toBe(before);
  });
});
