import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SOURCE_MESSAGES } from '@darkroom/core';
import { guardedFetch } from '../../src/net/guarded-fetch.ts';
import { createStorageAdapter } from '../../src/storage/index.ts';
import { StorageError } from '../../src/storage/types.ts';
import { startHttpServer, type TestHttpServer } from '../origin-servers/http.ts';
import { testStorageOptions } from './options.ts';

const FILE = Buffer.from('0123456789abcdefghij');

let origin: TestHttpServer;

beforeAll(async () => {
  origin = await startHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://origin');
    const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
    switch (url.pathname) {
      case '/images/photo.png':
      case '/images/with%20space.png':
        if (range !== null && url.searchParams.get('ignore-range') === null) {
          const start = Number(range[1]);
          const end = range[2] === '' ? FILE.length - 1 : Number(range[2]);
          response.writeHead(206, {
            'content-type': 'image/png',
            'content-range': `bytes ${start}-${end}/${FILE.length}`,
            'content-length': end - start + 1,
          });
          response.end(FILE.subarray(start, end + 1));
          return;
        }
        response.writeHead(200, {
          'content-type': 'image/png',
          'content-length': FILE.length,
          'cache-control': 'public, max-age=600',
        });
        response.end(request.method === 'HEAD' ? undefined : FILE);
        return;
      case '/images/big.bin':
        response.writeHead(200, { 'content-length': 5000 });
        response.end(Buffer.alloc(5000));
        return;
      case '/images/big-chunked.bin':
        response.writeHead(200, { 'content-type': 'application/octet-stream' });
        response.write(Buffer.alloc(3000));
        response.end(Buffer.alloc(3000));
        return;
      case '/images/short.bin':
        // Announces 100 bytes, sends 10, then hangs up.
        response.writeHead(200, { 'content-length': 100 });
        response.write(Buffer.alloc(10));
        setTimeout(() => response.socket?.destroy(), 20);
        return;
      case '/images/stall':
        // Never answers.
        return;
      case '/images/slow-body':
        response.writeHead(200, { 'content-length': 100 });
        response.write(Buffer.alloc(10));
        return;
      case '/redirect':
        response.writeHead(302, {
          location: `/redirect?n=${Number(url.searchParams.get('n') ?? 0) + 1}`,
        });
        response.end();
        return;
      case '/hop':
        response.writeHead(301, { location: '/images/photo.png' });
        response.end();
        return;
      case '/images/missing.png':
        response.writeHead(404);
        response.end('not here');
        return;
      default:
        response.writeHead(403);
        response.end('no listing');
    }
  });
});

afterAll(async () => origin.close());

const webFolder = (overrides = {}) =>
  createStorageAdapter(
    { type: 'webfolder', webfolder_prefix: `${origin.url}/images` },
    testStorageOptions(overrides),
  );
const webProxy = (overrides = {}) =>
  createStorageAdapter({ type: 'webproxy' }, testStorageOptions(overrides));

async function failure(promise: Promise<unknown>): Promise<StorageError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StorageError);
  return error as StorageError;
}

describe('web folder adapter', () => {
  it('verifies a base URL whose folder itself answers 403', async () => {
    await expect(webFolder().verify()).resolves.toBeUndefined();
  });

  it('fails verification on a server that is not there, blaming webfolder_prefix', async () => {
    const closed = await startHttpServer(() => undefined);
    await closed.close();
    const adapter = createStorageAdapter(
      { type: 'webfolder', webfolder_prefix: `${closed.url}/images/` },
      testStorageOptions(),
    );
    const error = await failure(adapter.verify());
    expect(error.kind).toBe('unreachable');
    expect(error.field).toBe('webfolder_prefix');
    expect(ALL_SOURCE_MESSAGES.has(error.message)).toBe(true);
  });

  it('refuses a loopback base URL unless private origins are allowed', async () => {
    const error = await failure(webFolder({ allowPrivateOrigins: false }).verify());
    expect(error.kind).toBe('blocked_address');
    expect(error.field).toBe('webfolder_prefix');
    expect(ALL_SOURCE_MESSAGES.has(error.message)).toBe(true);
  });

  it('reads a whole file and its metadata', async () => {
    const object = await webFolder().get('photo.png');
    expect(object.contentType).toBe('image/png');
    // Delivery's "Respect origin" TTL reads the origin's own caching header.
    expect(object.cacheControl).toBe('public, max-age=600');
    expect(object.size).toBe(FILE.length);
    expect(await text(object.body)).toBe(FILE.toString());
    const head = await webFolder().head('photo.png');
    expect(head).toMatchObject({ path: 'photo.png', size: FILE.length, contentType: 'image/png' });
  });

  it('encodes each path segment and refuses dot segments', async () => {
    const object = await webFolder().get('with space.png');
    expect(await text(object.body)).toBe(FILE.toString());
    expect((await failure(webFolder().get('../secret'))).kind).toBe('not_found');
    expect((await failure(webFolder().get('a/%2e%2e/b'))).kind).toBe('not_found');
  });

  it('reads a byte range, also from an origin that ignores Range', async () => {
    const ranged = await webFolder().get('photo.png', { start: 2, end: 5 });
    expect(await text(ranged.body)).toBe('2345');
    const proxy = await webProxy().get(
      encodeURIComponent(`${origin.url}/images/photo.png?ignore-range=1`),
      { start: 10 },
    );
    expect(await text(proxy.body)).toBe('abcdefghij');
  });

  it('answers not_found for a missing file', async () => {
    expect((await failure(webFolder().get('missing.png'))).kind).toBe('not_found');
  });

  it('refuses a file whose Content-Length is over the byte cap before reading it', async () => {
    const error = await failure(webFolder({ maxBytes: 1000 }).get('big.bin'));
    expect(error.kind).toBe('too_large');
  });

  it('errors the body stream once a file without Content-Length passes the byte cap', async () => {
    const object = await webFolder({ maxBytes: 4000 }).get('big-chunked.bin');
    const error = await failure(text(object.body));
    expect(error.kind).toBe('too_large');
  });

  it('errors the body stream when the origin stops short of Content-Length', async () => {
    const object = await webFolder().get('short.bin');
    const error = await failure(text(object.body));
    expect(error.kind).toBe('origin_error');
  });

  it('gives up on a server that never answers after the whole-request timeout', async () => {
    const started = Date.now();
    const error = await failure(webFolder({ requestTimeoutMs: 300 }).get('stall'));
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('errors a body that is still arriving when the whole-request timeout passes', async () => {
    const object = await webFolder({ requestTimeoutMs: 300 }).get('slow-body');
    expect((await failure(text(object.body))).kind).toBe('timeout');
  });

  it('lists nothing, since plain HTTP cannot list a folder', async () => {
    await expect(webFolder().list('')).resolves.toEqual({ objects: [], folders: [], cursor: null });
  });
});

describe('web proxy adapter', () => {
  it('verifies without a call', async () => {
    await expect(webProxy({ allowPrivateOrigins: false }).verify()).resolves.toBeUndefined();
  });

  it('fetches the origin URL named by the percent-encoded path, following a redirect', async () => {
    const object = await webProxy().get(`/${encodeURIComponent(`${origin.url}/hop`)}`);
    expect(await text(object.body)).toBe(FILE.toString());
  });

  it('refuses paths that are not http or https addresses', async () => {
    for (const path of [
      encodeURIComponent('file:///etc/passwd'),
      'photo.png',
      'ftp%3A%2F%2Fhost%2Fa',
    ]) {
      expect((await failure(webProxy().get(path))).kind).toBe('invalid_endpoint');
    }
  });

  it('refuses a loopback origin when private origins are not allowed', async () => {
    const error = await failure(
      webProxy({ allowPrivateOrigins: false }).get(
        encodeURIComponent(`${origin.url}/images/photo.png`),
      ),
    );
    expect(error.kind).toBe('blocked_address');
  });
});

describe('guarded fetch limits', () => {
  it('follows at most maxRedirects redirects', async () => {
    const ok = await guardedFetch(`${origin.url}/hop`, {
      allowPrivateOrigins: true,
      maxRedirects: 1,
    });
    expect(ok.status).toBe(200);
    ok.body.resume();
    await expect(
      guardedFetch(`${origin.url}/redirect`, { allowPrivateOrigins: true, maxRedirects: 5 }),
    ).rejects.toMatchObject({ kind: 'too_many_redirects' });
    // Five redirects were followed, the sixth refused.
    const hops = origin.requests.filter((request) => request.url.startsWith('/redirect'));
    expect(hops.length).toBe(6);
  });

  it('hands back a stream even for an empty HEAD answer', async () => {
    const response = await guardedFetch(`${origin.url}/images/photo.png`, {
      allowPrivateOrigins: true,
      method: 'HEAD',
    });
    expect(response.contentLength).toBe(FILE.length);
    expect(response.body).toBeInstanceOf(Readable);
    expect(await text(response.body)).toBe('');
  });
});
