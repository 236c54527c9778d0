import net, { type AddressInfo } from 'node:net';
import ImgixClient from '@imgix/js-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { PGLITE } from '../databases.ts';
import { useTestApp } from '../test-app.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  deliverRaw,
  patchSource,
  quadrantsPng,
  targetOf,
  useDataDir,
  type Delivered,
  type TestSource,
} from './fixtures.ts';

type Method = 'GET' | 'HEAD' | 'OPTIONS';

// Hop-by-hop and clock headers, which Node writes for the connection rather than the answer, and
// the request id, which is each request's own (test/metrics.test.ts checks it).
const CONNECTION_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'x-request-id',
]);

function answerOf(response: Delivered) {
  const headers = Object.fromEntries(
    Object.entries(response.headers).filter(([name]) => !CONNECTION_HEADERS.has(name)),
  );
  return { status: response.status, headers, body: response.body.toString('base64') };
}

describe('cache hits answered before Fastify', () => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir() },
    { storageAdapterFactory: origin.factory },
  );
  let plain: TestSource;
  let open: TestSource;
  let secure: TestSource;

  beforeAll(async () => {
    origin.put('fast', 'pic.png', {
      bytes: await quadrantsPng(40, 30),
      cacheControl: 'max-age=60',
    });
    plain = await createSource(context.app, { bucket: 'fast' });
    open = await createSource(context.app, {
      bucket: 'fast',
      production: { crossdomain_cors_enabled: true, cache_ttl_behavior: 'override' },
    });
    secure = await createSource(context.app, {
      bucket: 'fast',
      production: { secure_url_enabled: true },
    });
  });

  /**
   * Renders `target` (a miss, through app.inject and so through Fastify), asks for it again the
   * same way (a hit answered by the Fastify route), then twice over a socket, where the server's
   * request listener sees it first (the second time from its ready-made answer). Returns the
   * Fastify hit, the first socket hit (checked equal to the second) and whether the fast path
   * took them.
   */
  async function bothPaths(
    source: TestSource,
    target: string,
    options: { method?: Method; headers?: Record<string, string> } = {},
  ) {
    await deliver(context.app, source.host, target, { headers: options.headers });
    const fastPath = vi.spyOn(context.app.delivery, 'answerFromMemory');
    try {
      const slow = await deliver(context.app, source.host, target, options);
      const fast = answerOf(await deliverRaw(context.app, source.host, target, options));
      const again = answerOf(await deliverRaw(context.app, source.host, target, options));
      expect(again).toEqual(fast);
      const tookFastPath =
        fastPath.mock.results.length === 2 &&
        fastPath.mock.results.every((result) => result.value === true);
      return { slow: answerOf(slow), fast, tookFastPath };
    } finally {
      fastPath.mockRestore();
    }
  }

  it('answers a hit exactly as the Fastify route does: status, headers and bytes', async () => {
    const { slow, fast, tookFastPath } = await bothPaths(plain, '/pic.png?w=20');
    expect(tookFastPath).toBe(true);
    expect(slow.status).toBe(200);
    expect(slow.headers['content-type']).toBe('image/png');
    expect(slow.headers['cache-control']).toBe('max-age=60');
    expect(fast).toEqual(slow);
  });

  it('answers HEAD with the length of the body it does not send', async () => {
    const { slow, fast, tookFastPath } = await bothPaths(plain, '/pic.png?w=21', {
      method: 'HEAD',
    });
    expect(tookFastPath).toBe(true);
    expect(slow.body).toBe('');
    expect(Number(slow.headers['content-length'])).toBeGreaterThan(0);
    expect(fast).toEqual(slow);
  });

  it('answers 304 to a matching If-None-Match, with the ETag and no length', async () => {
    const first = await deliver(context.app, plain.host, '/pic.png?w=22');
    const etag = String(first.headers.etag);
    const { slow, fast, tookFastPath } = await bothPaths(plain, '/pic.png?w=22', {
      headers: { 'if-none-match': etag },
    });
    expect(tookFastPath).toBe(true);
    expect(slow.status).toBe(304);
    expect(slow.headers.etag).toBe(etag);
    expect(slow.headers['content-length']).toBeUndefined();
    expect(fast).toEqual(slow);
  });

  it('sends the CORS headers and the overriding Cache-Control of the source', async () => {
    const { slow, fast, tookFastPath } = await bothPaths(open, '/pic.png?w=23');
    expect(tookFastPath).toBe(true);
    expect(slow.headers['access-control-allow-origin']).toBe('*');
    expect(slow.headers['cache-control']).not.toBe('max-age=60');
    expect(fast).toEqual(slow);
  });

  it('serves a signed URL, and leaves a tampered one to the Fastify route (403)', async () => {
    const client = new ImgixClient({
      domain: `${secure.subdomain}.localhost`,
      secureURLToken: secure.token,
      useHTTPS: false,
      includeLibraryParam: false,
    });
    const target = targetOf(client.buildURL('/pic.png', { w: 24 }));
    const { slow, fast, tookFastPath } = await bothPaths(secure, target);
    expect(tookFastPath).toBe(true);
    expect(slow.status).toBe(200);
    expect(fast).toEqual(slow);

    const tampered = await bothPaths(secure, target.replace('w=24', 'w=25'));
    expect(tampered.tookFastPath).toBe(false);
    expect(tampered.slow.status).toBe(403);
    expect(tampered.fast).toEqual(tampered.slow);
  });

  it('keeps dl, expires and Vary: Accept, which the cached render does not decide', async () => {
    const expires = Math.floor(Date.now() / 1000) + 3600;
    const target = `/pic.png?w=26&auto=format&dl=holiday.png&expires=${expires}`;
    const { slow, fast, tookFastPath } = await bothPaths(plain, target, {
      headers: { accept: 'image/webp,*/*' },
    });
    expect(tookFastPath).toBe(true);
    expect(slow.headers['content-type']).toBe('image/webp');
    expect(slow.headers.vary).toBe('Origin, Accept');
    expect(slow.headers['content-disposition']).toContain('filename="holiday.png"');
    expect(slow.headers['cache-control']).toBe('public, max-age=60');
    expect(fast).toEqual(slow);
  });

  it('answers from the source as it is now, not as a ready-made answer saw it', async () => {
    const before = await bothPaths(plain, '/pic.png?w=29');
    expect(before.fast.headers['access-control-allow-origin']).toBeUndefined();
    await patchSource(context.app, plain, {
      production: { crossdomain_cors_enabled: true },
    });
    try {
      const after = await bothPaths(plain, '/pic.png?w=29');
      expect(after.tookFastPath).toBe(true);
      expect(after.fast.headers['access-control-allow-origin']).toBe('*');
      expect(after.fast).toEqual(after.slow);
    } finally {
      await patchSource(context.app, plain, {
        production: { crossdomain_cors_enabled: false },
      });
    }
  });

  it('leaves misses, errors and other methods to the Fastify route', async () => {
    const fastPath = vi.spyOn(context.app.delivery, 'answerFromMemory');
    try {
      const miss = await deliverRaw(context.app, plain.host, '/pic.png?w=27');
      expect(miss.status).toBe(200);
      const missing = await deliverRaw(context.app, plain.host, '/absent.png');
      expect(missing.status).toBe(404);
      const invalid = await deliverRaw(context.app, plain.host, '/pic.png?w=oops');
      expect(invalid.status).toBe(400);
      const preflight = await deliverRaw(context.app, open.host, '/pic.png?w=27', {
        method: 'OPTIONS',
      });
      expect(preflight.status).toBe(204);
      const api = await deliverRaw(context.app, 'localhost:8080', '/healthz');
      expect(api.status).toBe(200);
      expect(fastPath.mock.results.every((result) => result.value === false)).toBe(true);
    } finally {
      fastPath.mockRestore();
    }
  });

  it('meters the hits it answers', async () => {
    await deliver(context.app, plain.host, '/pic.png?w=28');
    const headers = { 'user-agent': 'FastPathTest/1.0' };
    for (let index = 0; index < 3; index += 1) {
      await deliverRaw(context.app, plain.host, '/pic.png?w=28', { headers });
    }
    await deliverRaw(context.app, plain.host, '/pic.png?w=28', { method: 'HEAD', headers });
    await context.app.delivery.flushUsage();
    const rows = await context.database.db
      .selectFrom('usage_events')
      .select(['status', 'cache', 'bytes_out', 'requests', 'render_ms'])
      .where('source_id', '=', plain.id)
      .where('user_agent', '=', 'FastPathTest/1.0')
      .orderBy('id')
      .execute();
    expect(rows.map((row) => [row.status, row.cache, Number(row.bytes_out) > 0])).toEqual([
      [200, 'hit', true],
      [200, 'hit', false],
    ]);
    expect(rows.map((row) => row.requests)).toEqual([3, 1]);
    expect(rows.every((row) => row.render_ms === null)).toBe(true);
  });

  it('answers hits on a keep-alive connection from the socket, as the Fastify route does', async () => {
    const target = '/pic.png?w=29';
    await deliver(context.app, plain.host, target);
    const slow = answerOf(await deliver(context.app, plain.host, target));
    if (!context.app.server.listening) await context.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = context.app.server.address() as AddressInfo;
    const socket = net.connect(port, '127.0.0.1');
    const fastPath = vi.spyOn(context.app.delivery, 'answerFromMemory');
    try {
      const ask = (method: string, headers = '') => {
        const answer = readSocketAnswer(socket, method);
        socket.write(`${method} ${target} HTTP/1.1\r\nHost: ${plain.host}\r\n${headers}\r\n`);
        return answer;
      };
      const first = await ask('GET');
      expect(first).toEqual(slow);
      // The answer's CORS headers depend on Origin, so even a hit without one says so.
      expect(first.headers.vary).toBe('Origin');
      const head = await ask('HEAD');
      expect(head).toEqual({ ...slow, body: '' });
      const notModified = await ask('GET', `If-None-Match: ${slow.headers.etag}\r\n`);
      expect(notModified.status).toBe(304);
      expect(notModified.headers.etag).toBe(slow.headers.etag);
      expect(notModified.headers['content-length']).toBeUndefined();
      expect(notModified.headers.vary).toBe('Origin');
      // Answered from the socket, past node:http's parser and ServerResponse.
      expect(fastPath.mock.calls.map((call) => call[1].constructor.name)).toEqual([
        'RawResponse',
        'RawResponse',
        'RawResponse',
      ]);
      expect(fastPath.mock.results.map((result) => result.value)).toEqual([true, true, true]);

      // A miss on the same connection goes through Fastify, and the connection stays usable.
      const missed = readSocketAnswer(socket, 'GET');
      socket.write(`GET /pic.png?w=30 HTTP/1.1\r\nHost: ${plain.host}\r\n\r\n`);
      expect((await missed).status).toBe(200);
      expect((await ask('GET')).body).toBe(slow.body);
    } finally {
      fastPath.mockRestore();
      socket.destroy();
    }
  });

  it('answers 400 to a request with two Host headers, before any source is chosen', async () => {
    if (!context.app.server.listening) await context.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = context.app.server.address() as AddressInfo;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `GET /pic.png HTTP/1.1\r\nHost: ${plain.host}\r\nHost: other.localhost\r\n\r\n`,
        );
      });
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('A request may carry only one Host header.');
  });
});

/** One answer read off a keep-alive socket: status, headers (as answerOf keeps them), body. */
function readSocketAnswer(socket: net.Socket, method: string) {
  return new Promise<{ status: number; headers: Record<string, string>; body: string }>(
    (resolve, reject) => {
      let received = Buffer.alloc(0);
      const onData = (chunk: Buffer) => {
        received = Buffer.concat([received, chunk]);
        const end = received.indexOf('\r\n\r\n');
        if (end === -1) return;
        const [statusLine = '', ...lines] = received
          .subarray(0, end)
          .toString('latin1')
          .split('\r\n');
        const headers: Record<string, string> = {};
        for (const line of lines) {
          const colon = line.indexOf(':');
          headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
        }
        const status = Number(statusLine.split(' ')[1]);
        const length =
          method === 'HEAD' || status === 304 ? 0 : Number(headers['content-length'] ?? 0);
        if (received.length < end + 4 + length) return;
        socket.removeListener('data', onData);
        socket.removeListener('error', reject);
        resolve({
          status,
          headers: Object.fromEntries(
            Object.entries(headers).filter(([name]) => !CONNECTION_HEADERS.has(name)),
          ),
          body: received.subarray(end + 4, end + 4 + length).toString('base64'),
        });
      };
      socket.on('data', onData);
      socket.once('error', reject);
    },
  );
}
