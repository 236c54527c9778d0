// /metrics (metrics/) and X-Request-Id (net/request-id.ts) against a real app: the counts move with
// real deliveries and API calls, the output is Prometheus text, only those allowed read it, and a
// request's id is echoed in its answer, on the cache-hit fast path too, and logged.
import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { VIDEO_GENERATION_JOB } from '../src/jobs/kinds.ts';
import { deleteJob, enqueueJob } from '../src/jobs/queue.ts';
import { createMetricsRegistry } from '../src/metrics/metrics-registry.ts';
import { ServerCounters } from '../src/metrics/server-counters.ts';
import { PGLITE } from './databases.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  deliverRaw,
  quadrantsPng,
  useDataDir,
  type TestSource,
} from './delivery/fixtures.ts';
import { call } from './requests.ts';
import { useTestApp } from './test-app.ts';

const DASHBOARD_HOST = 'localhost:8080';
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
/** What net/request-id.ts makes: a random prefix of the process and a counter. */
const MADE_ID = /^[A-Za-z0-9_-]{8}-[0-9a-z]+$/;

/** One sample line of the text format: name, optional {labels}, value, optional timestamp. */
const SAMPLE =
  /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{((?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\.)*",?)*)\})? (\S+)(?: -?\d+)?$/;
const COMMENT = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*)(?: (.*))?$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

/**
 * Parses Prometheus's text exposition format (version 0.0.4), failing the test on any line it
 * does not allow, and returns each series' value keyed `name{label="value",...}` (labels sorted).
 */
function parseExposition(text: string): Map<string, number> {
  const series = new Map<string, number>();
  const typed = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = COMMENT.exec(line);
    if (comment !== null) {
      const [, keyword, name = '', rest = ''] = comment;
      if (keyword === 'TYPE') {
        expect(TYPES.has(rest), line).toBe(true);
        expect(typed.has(name), `${name} typed twice`).toBe(false);
        typed.set(name, rest);
      }
      continue;
    }
    const sample = SAMPLE.exec(line);
    expect(sample, `not a sample line: ${line}`).not.toBeNull();
    const [, name = '', labels = '', value = ''] = sample ?? [];
    const family = typed.has(name) ? name : name.replace(/_(bucket|sum|count)$/, '');
    expect(typed.has(family), `${name} has no TYPE line before it`).toBe(true);
    // Prometheus reads values with Go's strconv.ParseFloat, which takes NaN in any letter case:
    // prom-client writes `Nan` for an event loop lag not measured since the last scrape.
    const isNaNText = /^nan$/i.test(value);
    const number = isNaNText
      ? Number.NaN
      : Number(value.replace(/^\+Inf$/, 'Infinity').replace(/^-Inf$/, '-Infinity'));
    expect(Number.isNaN(number) && !isNaNText, line).toBe(false);
    const sorted = [...labels.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\.)*)"/g)]
      .map(([, label, text]) => `${label}="${text}"`)
      .sort()
      .join(',');
    series.set(sorted === '' ? name : `${name}{${sorted}}`, number);
  }
  return series;
}

interface ScrapeOptions {
  host?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

function scrape(app: FastifyInstance, options: ScrapeOptions = {}) {
  return app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { host: options.host ?? DASHBOARD_HOST, ...options.headers },
    ...(options.remoteAddress === undefined ? {} : { remoteAddress: options.remoteAddress }),
  });
}

async function metricsOf(app: FastifyInstance, headers: Record<string, string> = {}) {
  const response = await scrape(app, { headers });
  expect(response.statusCode, response.body).toBe(200);
  return parseExposition(response.body);
}

/** How much each series moved between two scrapes (0 for one absent from both). */
function moved(before: Map<string, number>, after: Map<string, number>, key: string): number {
  return (after.get(key) ?? 0) - (before.get(key) ?? 0);
}

/** Lines of the server's JSON log, as written so far. */
class LogLines extends Writable {
  readonly entries: Record<string, unknown>[] = [];

  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() !== '') this.entries.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  }
}

describe('/metrics and X-Request-Id', () => {
  const origin = new MemoryOrigin();
  const log = new LogLines();
  const context = useTestApp(
    PGLITE,
    { DATA_DIR: useDataDir(), LOG_LEVEL: 'info' },
    { storageAdapterFactory: origin.factory, logStream: log },
  );
  let source: TestSource;

  beforeAll(async () => {
    origin.put('metrics', 'pic.png', { bytes: await quadrantsPng(40, 30) });
    source = await createSource(context.app, { bucket: 'metrics' });
  });

  it('serves Prometheus text: HELP and TYPE lines, one sample per line', async () => {
    const response = await scrape(context.app);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const series = parseExposition(response.body);
    for (const kind of ['delivery', 'api', 'dashboard', 'other']) {
      for (const statusClass of ['2xx', '3xx', '4xx', '5xx']) {
        expect(
          series.has(`darkroom_http_requests_total{kind="${kind}",status_class="${statusClass}"}`),
        ).toBe(true);
      }
    }
    for (const result of ['hit', 'miss', 'none']) {
      expect(series.has(`darkroom_delivery_cache_total{result="${result}"}`)).toBe(true);
    }
    expect(series.has('darkroom_render_duration_seconds_bucket{le="0.005"}')).toBe(true);
    expect(series.has('darkroom_render_duration_seconds_bucket{le="60"}')).toBe(true);
    expect(series.get('darkroom_metering_backlog_rows')).toBeGreaterThanOrEqual(0);
    expect(series.get('darkroom_usage_events_dropped_total')).toBe(0);
    expect(series.get('darkroom_cdn_purge_failures_total')).toBe(0);
    expect(series.get('darkroom_jobs_queued{kind="ai-render"}')).toBe(0);
    expect(series.get('darkroom_jobs_running{kind="video-render"}')).toBe(0);
    expect(series.get('darkroom_job_lag_seconds{kind="asset-index"}')).toBe(0);
    // The embedded database has no connection pool.
    expect([...series.keys()].some((key) => key.startsWith('darkroom_db_pool_'))).toBe(false);
    // The process's own metrics, under the same prefix.
    expect(series.get('darkroom_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(series.has('darkroom_nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('counts a delivery miss, then its hits on both paths, and times the render', async () => {
    const before = await metricsOf(context.app);
    const target = '/pic.png?w=20';
    expect((await deliver(context.app, source.host, target)).status).toBe(200);
    expect((await deliver(context.app, source.host, target)).status).toBe(200);
    // Over a socket: the fast path answers before Fastify (delivery/fast-path.ts).
    expect((await deliverRaw(context.app, source.host, target)).status).toBe(200);
    expect((await deliver(context.app, source.host, '/absent.png')).status).toBe(404);
    const after = await metricsOf(context.app);
    expect(moved(before, after, 'darkroom_delivery_cache_total{result="miss"}')).toBe(2);
    expect(moved(before, after, 'darkroom_delivery_cache_total{result="hit"}')).toBe(2);
    expect(
      moved(before, after, 'darkroom_http_requests_total{kind="delivery",status_class="2xx"}'),
    ).toBe(3);
    expect(
      moved(before, after, 'darkroom_http_requests_total{kind="delivery",status_class="4xx"}'),
    ).toBe(1);
    expect(moved(before, after, 'darkroom_render_duration_seconds_count')).toBe(1);
    expect(moved(before, after, 'darkroom_render_duration_seconds_bucket{le="+Inf"}')).toBe(1);
    expect(moved(before, after, 'darkroom_render_duration_seconds_sum')).toBeGreaterThan(0);
  });

  it('counts API, dashboard and operational answers by kind and status class', async () => {
    const before = await metricsOf(context.app);
    expect((await call(context.app, 'GET', '/api/v4/no-such-route')).status).toBe(404);
    expect((await call(context.app, 'GET', '/healthz')).status).toBe(200);
    expect((await call(context.app, 'GET', '/readyz')).status).toBe(200);
    expect((await call(context.app, 'GET', '/no-such-page')).status).toBe(404);
    const after = await metricsOf(context.app);
    const requests = (kind: string, statusClass: string) =>
      moved(
        before,
        after,
        `darkroom_http_requests_total{kind="${kind}",status_class="${statusClass}"}`,
      );
    expect(requests('api', '4xx')).toBe(1);
    expect(requests('dashboard', '4xx')).toBe(1);
    // /healthz, /readyz, and the first scrape (each scrape is counted once it has been answered).
    expect(requests('other', '2xx')).toBe(3);
    expect(requests('delivery', '2xx') + requests('delivery', '4xx')).toBe(0);
  });

  it('reports the job queue: waiting jobs by kind and how long the oldest has been due', async () => {
    // A kind nothing else in this suite enqueues (test apps run no jobs unless drained).
    const id = await enqueueJob(
      context.database.db,
      VIDEO_GENERATION_JOB,
      { generationId: 'metrics-test' },
      { runAt: new Date(Date.now() - 90_000) },
    );
    try {
      // A second on: the reading of the previous scrape may still be reused.
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const series = await metricsOf(context.app);
      expect(series.get('darkroom_jobs_queued{kind="video-generation"}')).toBe(1);
      expect(series.get('darkroom_jobs_running{kind="video-generation"}')).toBe(0);
      expect(
        series.get('darkroom_job_lag_seconds{kind="video-generation"}'),
      ).toBeGreaterThanOrEqual(89);
    } finally {
      await deleteJob(context.database.db, id);
    }
  });

  it('is not served to another machine, nor through a proxy, without a token', async () => {
    const refused: ScrapeOptions[] = [
      { remoteAddress: '203.0.113.7' },
      { headers: { 'x-forwarded-for': '203.0.113.7' } },
      { headers: { forwarded: 'for=203.0.113.7' } },
    ];
    for (const request of refused) {
      const response = await scrape(context.app, request);
      // As for a path no route has.
      expect(response.statusCode).toBe(404);
      expect(JSON.parse(response.body)).toMatchObject({
        errors: [{ code: 'route_not_found', detail: 'No route matches GET /metrics.' }],
      });
    }
    // From this machine over IPv6 it is.
    expect((await scrape(context.app, { remoteAddress: '::1' })).statusCode).toBe(200);
  });

  it('answers within its bound when PostgreSQL does not, asking it once, with the pool', async () => {
    // A PostgreSQL that accepts connections and never says a word.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const database = await openDatabase({
      databaseUrl: `postgres://darkroom@127.0.0.1:${port}/darkroom`,
      pgliteDir: null,
    });
    try {
      const registry = createMetricsRegistry({
        counters: new ServerCounters(),
        database,
        usageBacklog: () => 0,
        log: context.app.log,
      });
      const started = performance.now();
      const first = parseExposition(await registry.metrics());
      const second = parseExposition(await registry.metrics());
      expect(performance.now() - started).toBeLessThan(6_000);
      for (const series of [first, second]) {
        expect([...series.keys()].some((key) => key.startsWith('darkroom_jobs_'))).toBe(false);
        expect(series.get('darkroom_db_pool_max_connections')).toBe(10);
        expect(series.has('darkroom_db_pool_connections')).toBe(true);
        expect(series.has('darkroom_db_pool_idle_connections')).toBe(true);
        expect(series.has('darkroom_db_pool_waiting_requests')).toBe(true);
        expect(series.has('darkroom_http_requests_total{kind="api",status_class="2xx"}')).toBe(
          true,
        );
      }
      // The second scrape waited on the first one's query instead of sending another: the pool
      // holds the one connection it still tries to open.
      expect(second.get('darkroom_db_pool_connections')).toBe(1);
      expect(sockets).toHaveLength(1);
      expect(
        log.entries.filter((entry) => String(entry.msg).startsWith('job queue metrics left out')),
      ).toHaveLength(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
      await database.close();
    }
  }, 20_000);

  it('is not served on a delivery host, whose URLs are images', async () => {
    const response = await scrape(context.app, { host: source.host });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).not.toContain('# TYPE');
  });

  describe('with METRICS_TOKEN', () => {
    let app: FastifyInstance;

    beforeAll(async () => {
      app = await context.appWith({ METRICS_TOKEN });
    });

    it('answers 401 without the token, or with another, even from this machine', async () => {
      const refused: Record<string, string>[] = [
        {},
        { authorization: `Bearer ${METRICS_TOKEN}x` },
        { authorization: `Basic ${Buffer.from(`prometheus:${METRICS_TOKEN}`).toString('base64')}` },
      ];
      for (const headers of refused) {
        const response = await scrape(app, { headers });
        expect(response.statusCode).toBe(401);
        expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(response.body).not.toContain('darkroom_');
      }
    });

    it('serves the metrics to the token from anywhere', async () => {
      const response = await scrape(app, {
        remoteAddress: '203.0.113.7',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(response.statusCode).toBe(200);
      expect(parseExposition(response.body).size).toBeGreaterThan(20);
    });
  });

  describe('X-Request-Id', () => {
    let socket: net.Socket | null = null;

    afterAll(() => socket?.destroy());

    function loggedCompletion(id: string) {
      return log.entries.find((entry) => entry.reqId === id && entry.msg === 'request completed');
    }

    it('echoes a sane id on API and dashboard answers, and logs it', async () => {
      for (const url of ['/healthz', '/api/v4/no-such-route', '/no-such-page']) {
        const id = `client:${url.length}.abc-DEF_1`;
        const response = await call(context.app, 'GET', url, { headers: { 'x-request-id': id } });
        expect(response.headers['x-request-id']).toBe(id);
        expect(loggedCompletion(id)).toBeDefined();
      }
    });

    it('echoes it on what Fastify refuses before any hook, on any host', async () => {
      for (const host of [DASHBOARD_HOST, source.host]) {
        const response = await context.app.inject({
          method: 'GET',
          url: '/%zz',
          headers: { host, 'x-request-id': 'bad-path-1' },
        });
        expect(response.statusCode).toBe(400);
        expect(response.headers['x-request-id']).toBe('bad-path-1');
      }
    });

    it('replaces an id that is not a short token with one of its own', async () => {
      for (const sent of ['two words', 'x'.repeat(129), '', 'quote"d']) {
        const response = await call(context.app, 'GET', '/healthz', {
          headers: { 'x-request-id': sent },
        });
        const id = String(response.headers['x-request-id']);
        expect(id).toMatch(MADE_ID);
        expect(loggedCompletion(id)).toBeDefined();
      }
      const unsent = await call(context.app, 'GET', '/healthz');
      expect(String(unsent.headers['x-request-id'])).toMatch(MADE_ID);
    });

    it('is on delivery misses, errors and hits, the fast path included', async () => {
      const target = '/pic.png?w=21';
      const answered = [
        await deliver(context.app, source.host, target, { headers: { 'x-request-id': 'miss-1' } }),
        await deliver(context.app, source.host, target, { headers: { 'x-request-id': 'hit-1' } }),
        await deliver(context.app, source.host, '/absent.png', {
          headers: { 'x-request-id': 'error-1' },
        }),
        await deliverRaw(context.app, source.host, target, {
          headers: { 'x-request-id': 'fast-1' },
        }),
      ];
      expect(answered.map((response) => response.headers['x-request-id'])).toEqual([
        'miss-1',
        'hit-1',
        'error-1',
        'fast-1',
      ]);
      for (const id of ['miss-1', 'hit-1', 'error-1', 'fast-1']) {
        expect(loggedCompletion(id), id).toBeDefined();
      }
      expect(loggedCompletion('fast-1')).toMatchObject({ cache: 'hit' });
      const made = await deliverRaw(context.app, source.host, target);
      expect(String(made.headers['x-request-id'])).toMatch(MADE_ID);
    });

    it('is on hits written straight to a keep-alive socket', async () => {
      const target = '/pic.png?w=22';
      await deliver(context.app, source.host, target);
      if (!context.app.server.listening) await context.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = context.app.server.address() as AddressInfo;
      const connected = net.connect(port, '127.0.0.1');
      socket = connected;
      const headsOf = (count: number) =>
        new Promise<string[]>((resolve, reject) => {
          let received = '';
          const onData = (chunk: Buffer) => {
            received += chunk.toString('latin1');
            const heads = received.split(/\r\n\r\n/).filter((part) => part.startsWith('HTTP/1.1 '));
            if (heads.length < count) return;
            connected.off('data', onData);
            resolve(heads);
          };
          connected.on('data', onData);
          connected.once('error', reject);
        });
      const heads = headsOf(2);
      connected.write(
        `HEAD ${target} HTTP/1.1\r\nHost: ${source.host}\r\nX-Request-Id: raw-1\r\n\r\n`,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      connected.write(`HEAD ${target} HTTP/1.1\r\nHost: ${source.host}\r\n\r\n`);
      const [first = '', second = ''] = await heads;
      expect(first).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(first).toContain('\r\nx-request-id: raw-1\r\n');
      expect(/\r\nx-request-id: (\S+)\r\n/.exec(second)?.[1]).toMatch(MADE_ID);
      expect(loggedCompletion('raw-1')).toMatchObject({ cache: 'hit' });
    });
  });
});
