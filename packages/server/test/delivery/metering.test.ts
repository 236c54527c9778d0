import type { KyselyPlugin } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { UsageMeter, type UsageEvent } from '../../src/delivery/metering.ts';
import { BACKENDS } from '../databases.ts';
import { useTestApp } from '../test-app.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  quadrantsPng,
  useDataDir,
  type TestSource,
} from './fixtures.ts';

describe.each(BACKENDS)('usage metering on $name', (backend) => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    backend,
    { DATA_DIR: useDataDir() },
    { storageAdapterFactory: origin.factory },
  );
  let source: TestSource;

  beforeAll(async () => {
    origin.put('metered', 'pic.png', await quadrantsPng(30, 30));
    source = await createSource(context.app, { bucket: 'metered' });
  });

  /** A cache hit of `source` as the meter records it, with `fields` in place of the defaults. */
  function cacheHit(fields: Partial<UsageEvent>): UsageEvent {
    return {
      source_id: source.id,
      account_id: source.owner.accountId,
      path: 'pic.png',
      status: 200,
      bytes_out: 100,
      render_ms: null,
      cache: 'hit',
      origin_bytes: null,
      origin_ms: null,
      user_agent: null,
      referrer: null,
      operation: 'standard',
      occurred_at: new Date(),
      ...fields,
    };
  }

  function eventsOf(sourceId: string) {
    return context.database.db
      .selectFrom('usage_events')
      .selectAll()
      .where('source_id', '=', sourceId)
      .orderBy('id')
      .execute();
  }

  it('records every delivery request: status, bytes, cache, origin, client', async () => {
    const headers = { 'user-agent': 'MeterTest/1.0', referer: 'https://shop.example/page' };
    const miss = await deliver(context.app, source.host, '/pic.png?w=10', { headers });
    await deliver(context.app, source.host, '/pic.png?w=10', { headers });
    await deliver(context.app, source.host, '/pic.png?w=10', { method: 'HEAD' });
    await deliver(context.app, source.host, '/absent.png');
    await deliver(context.app, source.host, '/pic.png?w=oops');
    await context.app.delivery.flushUsage();

    const events = await eventsOf(source.id);
    expect(events.map((event) => [event.path, event.status, event.cache])).toEqual([
      ['pic.png', 200, 'miss'],
      ['pic.png', 200, 'hit'],
      ['pic.png', 200, 'hit'],
      ['absent.png', 404, 'miss'],
      ['pic.png', 400, 'none'],
    ]);
    const [first, second, head] = events;
    expect(Number(first?.bytes_out)).toBe(miss.body.length);
    expect(Number(first?.origin_bytes)).toBe(origin.files.get('metered/pic.png')?.bytes.length);
    expect(first).toMatchObject({
      account_id: source.owner.accountId,
      user_agent: 'MeterTest/1.0',
      referrer: 'https://shop.example/page',
      operation: 'standard',
    });
    expect(first?.render_ms).toBeGreaterThanOrEqual(0);
    expect(first?.origin_ms).toBeGreaterThanOrEqual(0);
    expect(second).toMatchObject({ render_ms: null, origin_bytes: null, origin_ms: null });
    expect(Number(head?.bytes_out)).toBe(0);
    expect(first?.occurred_at).toBeInstanceOf(Date);
  });

  it('writes buffered events in one INSERT per batch, and the rest when closed', async () => {
    let inserts = 0;
    const counting: KyselyPlugin = {
      transformQuery(args) {
        inserts += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const meter = new UsageMeter({
      db: context.database.db.withPlugin(counting),
      batchSize: 3,
      flushIntervalMs: 60_000,
    });
    const event = (path: string, userAgent: string | null = null) =>
      cacheHit({ path, user_agent: userAgent, bytes_out: 1 });
    for (const path of ['b1', 'b2']) meter.record(event(path));
    expect(inserts).toBe(0);
    expect(meter.backlog).toBe(2);
    // The third row fills a batch: its write starts, and its rows stay in the backlog till written.
    meter.record(event('b3'));
    meter.record(event('b4'));
    expect(meter.backlog).toBe(4);
    await meter.flush();
    expect(inserts).toBe(2);
    expect(meter.backlog).toBe(0);
    meter.record(event('b5'));
    await meter.close();
    const paths = (await eventsOf(source.id))
      .map((row) => row.path)
      .filter((p) => p.startsWith('b'));
    expect(paths).toEqual(['b1', 'b2', 'b3', 'b4', 'b5']);
    expect(inserts).toBe(3);
  });

  it('keeps what the database refuses in its backlog, dropping the oldest past its bound', async () => {
    const refusing: KyselyPlugin = {
      transformQuery: () => {
        throw new Error('the database is down');
      },
      transformResult: async (args) => args.result,
    };
    const dropped: number[] = [];
    const meter = new UsageMeter({
      db: context.database.db.withPlugin(refusing),
      flushIntervalMs: 60_000,
      maxBuffered: 2,
      onError: (_error, rows) => dropped.push(rows),
    });
    for (const path of ['d1', 'd2', 'd3']) {
      meter.record({
        source_id: source.id,
        account_id: source.owner.accountId,
        path,
        status: 200,
        bytes_out: 1,
        render_ms: null,
        cache: 'hit',
        origin_bytes: null,
        origin_ms: null,
        user_agent: null,
        referrer: null,
        operation: 'standard',
        occurred_at: new Date(),
      });
    }
    expect(meter.backlog).toBe(3);
    await meter.flush();
    expect(dropped).toEqual([1]);
    expect(meter.backlog).toBe(2);
    await meter.close();
  });

  it('counts identical requests of one batch in one row', async () => {
    const meter = new UsageMeter({ db: context.database.db, flushIntervalMs: 60_000 });
    const hit = (userAgent: string) => cacheHit({ path: 'popular.png', user_agent: userAgent });
    for (let index = 0; index < 5; index += 1) meter.record(hit('Browser/1'));
    meter.record(hit('Browser/2'));
    await meter.flush();
    meter.record(hit('Browser/1'));
    await meter.close();
    const rows = (await eventsOf(source.id)).filter((row) => row.path === 'popular.png');
    expect(rows.map((row) => [row.user_agent, row.requests])).toEqual([
      ['Browser/1', 5],
      ['Browser/2', 1],
      ['Browser/1', 1],
    ]);
  });

  it('loses no repeat recorded while its batch is being written', async () => {
    // Every INSERT waits until the test lets it through, so repeats arrive mid-write.
    const gates: Array<() => void> = [];
    const gated: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        await new Promise<void>((resolve) => gates.push(resolve));
        return args.result;
      },
    };
    const meter = new UsageMeter({
      db: context.database.db.withPlugin(gated),
      flushIntervalMs: 60_000,
    });
    const hit = () => cacheHit({ path: 'steady.png', user_agent: 'Steady/1' });
    const releaseWrites = setInterval(() => gates.splice(0).forEach((open) => open()), 5);
    let recorded = 0;
    for (let round = 0; round < 20; round += 1) {
      const flushing = meter.flush();
      for (let index = 0; index < 7; index += 1) {
        meter.record(hit());
        recorded += 1;
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      await flushing;
    }
    await meter.close();
    clearInterval(releaseWrites);
    const rows = (await eventsOf(source.id)).filter((row) => row.path === 'steady.png');
    expect(rows.reduce((sum, row) => sum + row.requests, 0)).toBe(recorded);
  });
});
