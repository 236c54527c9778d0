// A purge reaches every process sharing the database (docs/ARCHITECTURE.md, "How it scales"):
// two apps on one database, each with a data directory (and so a disk cache) of its own, as two
// servers would have. A purge through the first app's API drops the second app's renders too,
// in memory and on disk, without the second app polling anything: a NOTIFY tells it. A miss is
// told by what the app did: it read the origin again and counted a miss on /metrics.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { BACKENDS } from '../databases.ts';
import { call } from '../requests.ts';
import { testConfig, useTestApp } from '../test-app.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  quadrantsPng,
  sizeOf,
  useDataDir,
  type TestSource,
} from './fixtures.ts';

/** A stand-in for Fastly's purge API that counts the purges it is sent. */
async function fastlyStandIn() {
  const keys: string[] = [];
  const server = http.createServer((request, response) => {
    keys.push(String(request.headers['surrogate-key']));
    request.resume();
    response.end('{"status":"ok"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    keys,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits for `done`; only a NOTIFY makes an app apply another's purge, so a deaf app times out. */
async function until(done: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function missesOf(app: FastifyInstance): Promise<number> {
  const metrics = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { host: 'localhost:8080' },
  });
  const match = /^darkroom_delivery_cache_total\{result="miss"\} (\d+)$/m.exec(metrics.body);
  return Number(match?.[1]);
}

describe.each(BACKENDS)('a purge reaches every app sharing the $name database', (backend) => {
  const origin = new MemoryOrigin();
  const firstDir = useDataDir();
  const secondDir = useDataDir();
  let cdn: Awaited<ReturnType<typeof fastlyStandIn>>;
  beforeAll(async () => {
    cdn = await fastlyStandIn();
  });
  afterAll(async () => {
    await cdn.close();
  });
  // Both apps would send purges to the CDN: only the one that receives a purge does.
  const appEnv = (dataDir: string) => ({
    DATA_DIR: dataDir,
    CDN_PURGE_PROVIDER: 'fastly',
    // Read when the app is built, after the stand-in above has its port.
    get CDN_PURGE_URLS() {
      return cdn.url;
    },
    CDN_PURGE_TOKEN: 'token',
    CDN_PURGE_TARGET: 'service',
  });
  const context = useTestApp(backend, appEnv(firstDir), {
    storageAdapterFactory: origin.factory,
  });
  let second: FastifyInstance;
  let source: TestSource;

  beforeAll(async () => {
    second = await context.appWith(appEnv(secondDir));
    source = await createSource(context.app, { bucket: 'cluster' });
  });

  /** Where the second app keeps the renders of `originPath` on disk. */
  function secondAppRenders(originPath: string): string {
    const hash = createHash('sha256').update(originPath).digest('hex');
    return path.join(secondDir, 'render-cache', source.id, hash.slice(0, 2), hash);
  }

  it("drops the other app's memory and disk renders: its next request is a miss", async () => {
    origin.put('cluster', 'shared.png', await quadrantsPng(40, 30));
    // Each app renders once, then hits (its memory).
    await deliver(second, source.host, '/shared.png?w=20');
    await deliver(second, source.host, '/shared.png?w=20');
    await deliver(context.app, source.host, '/shared.png?w=20');
    expect(origin.readsOf('cluster', 'shared.png')).toBe(2);
    expect(existsSync(secondAppRenders('shared.png'))).toBe(true);
    const secondMisses = await missesOf(second);

    origin.put('cluster', 'shared.png', await quadrantsPng(80, 40));
    const purged = await call(context.app, 'POST', '/api/v4/purges', {
      token: source.owner.token,
      body: {
        data: { type: 'purges', attributes: { url: `http://${source.host}/shared.png` } },
      },
    });
    expect(purged.status).toBe(200);
    // The app that received the purge has dropped its renders before answering.
    const first = await deliver(context.app, source.host, '/shared.png?w=20');
    expect(await sizeOf(first.body)).toEqual({ width: 20, height: 10 });
    expect(origin.readsOf('cluster', 'shared.png')).toBe(3);

    await until(
      () => !existsSync(secondAppRenders('shared.png')),
      'the second app dropped its renders on disk',
    );
    const next = await deliver(second, source.host, '/shared.png?w=20');
    expect(await sizeOf(next.body)).toEqual({ width: 20, height: 10 });
    expect(origin.readsOf('cluster', 'shared.png')).toBe(4);
    expect(await missesOf(second)).toBe(secondMisses + 1);
    // The CDN was sent the purge once, by the app that received it.
    expect(cdn.keys).toHaveLength(1);
    expect(cdn.keys[0]).toMatch(new RegExp(`^p-${source.id}-[0-9a-f]{64}$`));
  });

  it('drops every path of the source for a purge of the whole source', async () => {
    origin.put('cluster', 'one.png', await quadrantsPng(40, 30));
    origin.put('cluster', 'two.png', await quadrantsPng(40, 30));
    await deliver(second, source.host, '/one.png?w=8');
    await deliver(second, source.host, '/two.png?w=8');
    const sourceRenders = path.join(secondDir, 'render-cache', source.id);
    expect(existsSync(secondAppRenders('one.png'))).toBe(true);
    const reads = origin.reads.length;

    await context.app.delivery.purge(source.id, null);
    await until(() => !existsSync(sourceRenders), "the second app dropped the source's renders");
    await deliver(second, source.host, '/one.png?w=8');
    await deliver(second, source.host, '/two.png?w=8');
    expect(origin.reads.length).toBe(reads + 2);
    expect(cdn.keys.at(-1)).toBe(`s-${source.id}`);
  });

  it('has a process started again apply to its disk renders the purges made while it was down', async () => {
    const restartedDir = path.join(secondDir, 'restarted');
    const start = () =>
      buildApp(testConfig(appEnv(restartedDir)), {
        database: context.database,
        storageAdapterFactory: origin.factory,
      });
    origin.put('cluster', 'away.png', await quadrantsPng(40, 30));
    origin.put('cluster', 'kept.png', await quadrantsPng(40, 30));
    const before = await start();
    await deliver(before, source.host, '/away.png?w=8');
    await deliver(before, source.host, '/kept.png?w=8');
    await before.close();
    const renders = (originPath: string) => {
      const hash = createHash('sha256').update(originPath).digest('hex');
      return path.join(restartedDir, 'render-cache', source.id, hash.slice(0, 2), hash);
    };
    expect(existsSync(renders('away.png'))).toBe(true);

    await context.app.delivery.purge(source.id, 'away.png');
    const after = await start();
    try {
      // Applied while it started, before it served anything.
      expect(existsSync(renders('away.png'))).toBe(false);
      expect(existsSync(renders('kept.png'))).toBe(true);
      const reads = origin.reads.length;
      await deliver(after, source.host, '/away.png?w=8');
      await deliver(after, source.host, '/kept.png?w=8');
      expect(origin.reads.slice(reads)).toEqual(['cluster/away.png']);
    } finally {
      await after.close();
    }
  });
});
