// With PostgreSQL away (its connections cut, or stalled: open and never answered), through a proxy
// of this file's own: delivery goes on for known sources from the lookups it last read, /healthz
// stays 200 while /readyz says the database is down, and the API answers 503
// database_unavailable instead of failing or hanging, losing no write it acknowledged.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openProxiedDatabase, type ProxiedDatabase } from './database-proxy.ts';
import { postgresUrl } from './databases.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  quadrantsPng,
  useDataDir,
  type TestSource,
} from './delivery/fixtures.ts';
import { call, signUp, type ApiResponse, type SignedUp } from './requests.ts';
import { testConfig } from './test-app.ts';

/** Past the 5 s a source lookup is trusted (delivery/source-directory.ts): it is read again. */
const LOOKUP_EXPIRED_MS = 5_500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(postgresUrl === null)('serving while the database is away', () => {
  const origin = new MemoryOrigin();
  const dataDir = useDataDir();
  let proxied: ProxiedDatabase;
  let app: FastifyInstance;
  let source: TestSource;
  let owner: SignedUp;

  beforeAll(async () => {
    proxied = await openProxiedDatabase(postgresUrl ?? '');
    app = await buildApp(testConfig({ DATA_DIR: dataDir }), {
      database: proxied.database,
      storageAdapterFactory: origin.factory,
    });
    origin.put('outage', 'pic.png', await quadrantsPng(40, 30));
    owner = await signUp(app);
    source = await createSource(app, { bucket: 'outage', owner });
    expect((await deliver(app, source.host, '/pic.png?w=10')).status).toBe(200);
  });

  afterAll(async () => {
    await app?.close();
    await proxied?.close();
  });

  /** Records an analytics event named `name` through the API (a write: 202). */
  function writeEvent(name: string): Promise<ApiResponse> {
    return call(app, 'POST', '/api/v4/events', {
      token: owner.token,
      body: { data: { type: 'events', attributes: { name } } },
    });
  }

  /** The names of `names` the database holds, read directly. */
  async function eventsStored(names: readonly string[]): Promise<string[]> {
    if (names.length === 0) return [];
    const result = await sql<{ name: string }>`
      select name from events where name in (${sql.join(names)})`.execute(proxied.direct.db);
    return result.rows.map((row) => row.name).sort();
  }

  function expectDatabaseUnavailable(response: ApiResponse): void {
    expect(response.status, JSON.stringify(response.body)).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.body.errors).toEqual([
      expect.objectContaining({
        status: '503',
        code: 'database_unavailable',
        title: 'Database unavailable',
        detail: expect.stringMatching(/database cannot be reached/),
      }),
    ]);
  }

  async function readyAgain(): Promise<void> {
    for (let attempt = 0; attempt < 60; attempt += 1) {
      if ((await call(app, 'GET', '/readyz')).status === 200) return;
      await sleep(250);
    }
    throw new Error('/readyz did not answer 200 after the database came back');
  }

  it('delivers known sources, stays live and answers the API 503 while the database is cut', async () => {
    await proxied.proxy.cut();
    try {
      await sleep(LOOKUP_EXPIRED_MS);
      const cached = await deliver(app, source.host, '/pic.png?w=10');
      expect(cached.status).toBe(200);
      // Not cached: rendered now, from the origin, for the source looked up before the cut.
      const rendered = await deliver(app, source.host, '/pic.png?w=33');
      expect(rendered.status).toBe(200);
      expect(rendered.headers['content-type']).toMatch(/^image\//);
      // A host never looked up has no last lookup to answer for it.
      expect((await deliver(app, 'never-seen.localhost:8080', '/pic.png')).status).toBe(503);

      const health = await call(app, 'GET', '/healthz');
      expect(health.status).toBe(200);
      expect(health.body).toEqual({ status: 'healthy' });
      const ready = await call(app, 'GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: 'not_ready', database: 'down' });

      expectDatabaseUnavailable(await writeEvent(`cut-${randomBytes(4).toString('hex')}`));
    } finally {
      await proxied.proxy.restore();
    }
    await readyAgain();
    const name = `after-cut-${randomBytes(4).toString('hex')}`;
    expect((await writeEvent(name)).status).toBe(202);
    expect(await eventsStored([name])).toEqual([name]);
  });

  it('refuses API requests at the door while the database stalls, losing none it acknowledged', async () => {
    const underWayName = `under-way-${randomBytes(4).toString('hex')}`;
    const refusedName = `refused-${randomBytes(4).toString('hex')}`;
    // The database has just answered: the next request goes in, and then meets the stall.
    await sql`select 1`.execute(proxied.database.db);
    proxied.proxy.stall();
    let underWay: Promise<ApiResponse> | null = null;
    try {
      underWay = writeEvent(underWayName);
      await sleep(LOOKUP_EXPIRED_MS);
      expectDatabaseUnavailable(await writeEvent(refusedName));
      expect((await call(app, 'GET', '/readyz')).status).toBe(503);
      expect((await deliver(app, source.host, '/pic.png?w=10')).status).toBe(200);
    } finally {
      proxied.proxy.resume();
    }
    // Held while the database was, then stored and acknowledged; or, had it waited for a
    // connection past the pool's timeout, answered 503 and not stored.
    const underWayAnswer = await underWay;
    const stored = await eventsStored([underWayName, refusedName]);
    if (underWayAnswer.status === 202) {
      expect(stored).toEqual([underWayName]);
    } else {
      expectDatabaseUnavailable(underWayAnswer);
      expect(stored).toEqual([]);
    }
    await readyAgain();
  });

  it('stores every write it acknowledged when the database is cut under a stream of them', async () => {
    const answers = new Map<string, ApiResponse>();
    let next = 0;
    const writer = async () => {
      while (next < 200) {
        const name = `stream-${next}-${randomBytes(3).toString('hex')}`;
        next += 1;
        answers.set(name, await writeEvent(name));
      }
    };
    const cut = async () => {
      while (answers.size < 40) await sleep(5);
      await proxied.proxy.cut();
      await sleep(1_000);
      await proxied.proxy.restore();
    };
    await Promise.all([cut(), ...Array.from({ length: 8 }, writer)]);
    const acknowledged = [...answers].filter(([, answer]) => answer.status === 202);
    const refused = [...answers].filter(([, answer]) => answer.status !== 202);
    // The cut was felt, and every request it failed says so (not a 500).
    expect(refused.length).toBeGreaterThan(0);
    for (const [, answer] of refused) expectDatabaseUnavailable(answer);
    const names = acknowledged.map(([name]) => name).sort();
    expect(await eventsStored(names)).toEqual(names);
  });
});
