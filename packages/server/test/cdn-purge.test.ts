// Purges sent to the CDN in front (src/cdn/): the requests of each provider's documented purge
// API, checked by loopback servers standing in for Fastly's and Cloudflare's APIs and for a
// Varnish (whose VCL is tested with the real varnishd in varnish.test.ts); retries, failures
// logged without the token and counted, and an API purge that succeeds whatever the CDN does.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CdnPurger } from '../src/cdn/cdn-purger.ts';
import type { CdnPurgeConfig } from '../src/config/cdn-purge.ts';
import { loadConfig } from '../src/config.ts';
import { PGLITE } from './databases.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  quadrantsPng,
  useDataDir,
} from './delivery/fixtures.ts';
import { call } from './requests.ts';
import { useTestApp } from './test-app.ts';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A loopback HTTP server that records each request, body included, and answers `statuses` in turn. */
async function purgeApi(statuses: number[] = [200]) {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const status = statuses[Math.min(received.length, statuses.length) - 1] ?? 200;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ status: status < 300 ? 'ok' : 'error' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A stand-in for Varnish's listener that keeps each request head as sent: node:http's parser
 * refuses BAN, a method only Varnish gives a meaning to.
 */
async function banListener() {
  const heads: string[] = [];
  const server = net.createServer((socket) => {
    let head = '';
    socket.on('data', (chunk: Buffer) => {
      head += chunk.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      heads.push(head);
      head = '';
      socket.end('HTTP/1.1 200 Banned\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    heads,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function capturedLog(): { log: FastifyBaseLogger; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  return { log: Fastify({ logger: { level: 'info', stream } }).log, text: () => text };
}

const TOKEN = 'cdn-token-never-logged';

function purger(config: CdnPurgeConfig, retryDelaysMs: number[] = [10, 10]) {
  const failures = { count: 0 };
  const { log, text } = capturedLog();
  const cdn = new CdnPurger({
    config,
    log,
    metrics: { cdnPurgeFailed: () => (failures.count += 1) },
    retryDelaysMs,
    timeoutMs: 5_000,
  });
  return { cdn, failures, logText: text };
}

describe('CdnPurger', () => {
  const servers: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.close();
  });
  async function api(statuses?: number[]) {
    const server = await purgeApi(statuses);
    servers.push(server);
    return server;
  }

  it("purges by surrogate key through Fastly's API: one batch request with the token", async () => {
    const fastly = await api();
    const { cdn, failures } = purger({
      provider: 'fastly',
      urls: [`${fastly.url}/`],
      token: TOKEN,
      target: 'SU1Z0isxPaozGVKXdv0eY',
    });
    await cdn.purge(['s-abc', 'p-abc-0123']);
    expect(fastly.received).toHaveLength(1);
    const [request] = fastly.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/service/SU1Z0isxPaozGVKXdv0eY/purge');
    expect(request?.headers['surrogate-key']).toBe('s-abc p-abc-0123');
    expect(request?.headers['fastly-key']).toBe(TOKEN);
    expect(request?.body).toBe('');
    expect(failures.count).toBe(0);
  });

  it("purges by cache tag through Cloudflare's API, with a bearer token and the tags in JSON", async () => {
    const cloudflare = await api();
    const { cdn } = purger({
      provider: 'cloudflare',
      urls: [`${cloudflare.url}/client/v4`],
      token: TOKEN,
      target: '023e105f4ecef8ad9ca31a8372d0c353',
    });
    await cdn.purge(['s-abc', 'p-abc-0123']);
    expect(cloudflare.received).toHaveLength(1);
    const [request] = cloudflare.received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/client/v4/zones/023e105f4ecef8ad9ca31a8372d0c353/purge_cache');
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ tags: ['s-abc', 'p-abc-0123'] });
  });

  it('sends a BAN per key to every Varnish listed, the key in X-Darkroom-Ban-Key', async () => {
    const first = await banListener();
    const second = await banListener();
    servers.push(first, second);
    const { cdn, failures } = purger({
      provider: 'varnish',
      urls: [first.url, second.url],
      token: null,
      target: null,
    });
    await cdn.purge(['p-abc-0123']);
    for (const varnish of [first, second]) {
      expect(varnish.heads).toHaveLength(1);
      expect(varnish.heads[0]).toMatch(/^BAN \/ HTTP\/1\.1\r\n/);
      expect(varnish.heads[0]).toMatch(/\r\nx-darkroom-ban-key: p-abc-0123\r\n/i);
    }
    expect(failures.count).toBe(0);
  });

  it('retries a CDN that answers 5xx or 429, with backoff, and counts no failure once it takes it', async () => {
    const fastly = await api([503, 429, 200]);
    const { cdn, failures } = purger(
      { provider: 'fastly', urls: [fastly.url], token: TOKEN, target: 'svc' },
      [10, 20, 40],
    );
    await cdn.purge(['s-abc']);
    await cdn.settled();
    expect(fastly.received).toHaveLength(3);
    expect(failures.count).toBe(0);
  });

  it('gives up after its retries, logs where and why without the token, and counts it', async () => {
    const fastly = await api([502]);
    const { cdn, failures, logText } = purger(
      { provider: 'fastly', urls: [fastly.url], token: TOKEN, target: 'svc' },
      [5, 5],
    );
    await cdn.purge(['s-abc']);
    await cdn.settled();
    expect(fastly.received).toHaveLength(3);
    expect(failures.count).toBe(1);
    expect(logText()).toContain('CDN purge failed');
    expect(logText()).toContain(fastly.url);
    expect(logText()).not.toContain(TOKEN);
  });

  it('does not retry a refusal that will not pass (a wrong token): one request, one failure', async () => {
    const cloudflare = await api([403]);
    const { cdn, failures, logText } = purger({
      provider: 'cloudflare',
      urls: [cloudflare.url],
      token: TOKEN,
      target: 'zone',
    });
    await cdn.purge(['s-abc']);
    await cdn.settled();
    expect(cloudflare.received).toHaveLength(1);
    expect(failures.count).toBe(1);
    expect(logText()).toContain('answered 403');
    expect(logText()).not.toContain(TOKEN);
  });

  it('retries a CDN it cannot reach, and stops retrying when closed', async () => {
    const gone = await api();
    await gone.close();
    servers.splice(servers.indexOf(gone), 1);
    const { cdn, failures } = purger(
      { provider: 'varnish', urls: [gone.url], token: null, target: null },
      [60_000],
    );
    await cdn.purge(['s-abc']);
    expect(cdn.retrying).toBe(1);
    await cdn.close();
    expect(cdn.retrying).toBe(0);
    expect(failures.count).toBe(1);
  });
});

describe('CDN_PURGE_* settings', () => {
  it('needs the Varnish URLs, or the token and target of Fastly and Cloudflare', () => {
    expect(() => loadConfig({ CDN_PURGE_PROVIDER: 'varnish' })).toThrow(
      /CDN_PURGE_URLS: must be set when CDN_PURGE_PROVIDER is varnish/,
    );
    expect(() =>
      loadConfig({ CDN_PURGE_PROVIDER: 'fastly', CDN_PURGE_TOKEN: 'secret-token' }),
    ).toThrow(/CDN_PURGE_TARGET: must be set when CDN_PURGE_PROVIDER is fastly/);
    expect(() =>
      loadConfig({ CDN_PURGE_PROVIDER: 'cloudflare', CDN_PURGE_TARGET: 'zone' }),
    ).toThrow(/CDN_PURGE_TOKEN: must be set when CDN_PURGE_PROVIDER is cloudflare/);
    expect(() => loadConfig({ CDN_PURGE_URLS: 'http://10.0.0.5:6081' })).toThrow(
      /CDN_PURGE_PROVIDER: must be set when CDN_PURGE_URLS is set/,
    );
  });

  it("defaults Fastly's and Cloudflare's API, and reads nothing without a provider", () => {
    expect(loadConfig({}).cdnPurge).toBeNull();
    expect(
      loadConfig({ CDN_PURGE_PROVIDER: 'fastly', CDN_PURGE_TOKEN: 't', CDN_PURGE_TARGET: 'svc' })
        .cdnPurge,
    ).toEqual({ provider: 'fastly', urls: ['https://api.fastly.com'], token: 't', target: 'svc' });
    expect(
      loadConfig({ CDN_PURGE_PROVIDER: 'cloudflare', CDN_PURGE_TOKEN: 't', CDN_PURGE_TARGET: 'z' })
        .cdnPurge?.urls,
    ).toEqual(['https://api.cloudflare.com/client/v4']);
  });
});

describe('an API purge with a CDN in front', () => {
  const origin = new MemoryOrigin();
  let fastly: Awaited<ReturnType<typeof purgeApi>>;
  beforeAll(async () => {
    // The first purge is refused (a wrong token, say), the second taken.
    fastly = await purgeApi([403, 200]);
  });
  afterAll(async () => {
    await fastly.close();
  });
  const context = useTestApp(
    PGLITE,
    {
      DATA_DIR: useDataDir(),
      CDN_PURGE_PROVIDER: 'fastly',
      // Read when the app is built, after the server above has its port.
      get CDN_PURGE_URLS() {
        return fastly.url;
      },
      CDN_PURGE_TOKEN: TOKEN,
      CDN_PURGE_TARGET: 'svc',
    },
    { storageAdapterFactory: origin.factory },
  );

  it('succeeds whatever the CDN answers, and purges the keys the answers carry', async () => {
    origin.put('cdn', 'photo.png', await quadrantsPng(40, 30));
    const source = await createSource(context.app, { bucket: 'cdn' });
    const delivered = await deliver(context.app, source.host, '/photo.png?w=10');
    const pathKey = String(delivered.headers['surrogate-key']).split(' ')[1];
    const purge = () =>
      call(context.app, 'POST', '/api/v4/purges', {
        token: source.owner.token,
        body: {
          data: { type: 'purges', attributes: { url: `http://${source.host}/photo.png?w=99` } },
        },
      });

    expect((await purge()).status).toBe(200);
    expect((await purge()).status).toBe(200);
    expect(fastly.received.map((request) => request.headers['surrogate-key'])).toEqual([
      pathKey,
      pathKey,
    ]);
    const metrics = await context.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { host: 'localhost:8080' },
    });
    expect(metrics.body).toMatch(/^darkroom_cdn_purge_failures_total 1$/m);
  });
});
