import { sql, type KyselyPlugin, type OperationNode } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { UsageMeter, type DroppedUsage, type UsageEvent } from '../../src/delivery/metering.ts';
import { pruneUsageBatches } from '../../src/delivery/usage-batches.ts';
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

/** Whether a query is the meter's INSERT of a batch (not its housekeeping). */
function isBatchInsert(node: OperationNode): boolean {
  return node.kind === 'RawNode' && /insert into usage_events/.test(JSON.stringify(node));
}

/**
 * A plugin that fails the meter's INSERTs while `state.down`: before they reach the database
 * ('refuse'), or after it committed them, as when the connection is lost before the answer
 * arrives ('lose the answer').
 */
function faultyDatabase(state: { down: false | 'refuse' | 'lose the answer' }): KyselyPlugin {
  return {
    transformQuery(args) {
      if (state.down === 'refuse' && isBatchInsert(args.node)) {
        throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      }
      return args.node;
    },
    transformResult: async (args) => {
      if (state.down === 'lose the answer' && args.result.numAffectedRows !== undefined) {
        throw new Error('Connection terminated unexpectedly');
      }
      return args.result;
    },
  };
}

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
      ['/pic.png', 200, 'miss'],
      ['/pic.png', 200, 'hit'],
      ['/pic.png', 200, 'hit'],
      ['/absent.png', 404, 'miss'],
      ['/pic.png', 400, 'none'],
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
        if (isBatchInsert(args.node)) inserts += 1;
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

  /** Requests of `path` in the database. */
  async function requestsOf(path: string): Promise<number> {
    const rows = (await eventsOf(source.id)).filter((row) => row.path === path);
    return rows.reduce((sum, row) => sum + row.requests, 0);
  }

  it('writes a batch the database did not take once it does, with the repeats recorded meanwhile', async () => {
    const state: { down: false | 'refuse' | 'lose the answer' } = { down: 'refuse' };
    const failures: unknown[] = [];
    let resumed = 0;
    const meter = new UsageMeter({
      db: context.database.db.withPlugin(faultyDatabase(state)),
      flushIntervalMs: 60_000,
      onWriteFailed: (error) => failures.push(error),
      onWritesResumed: () => {
        resumed += 1;
      },
    });
    const hit = () => cacheHit({ path: 'outage.png', user_agent: 'Outage/1' });
    for (let index = 0; index < 3; index += 1) meter.record(hit());
    await meter.flush();
    expect(meter.backlog).toBe(1);
    // Repeats while the batch waits: a row of their own, the waiting batch left as it was named.
    for (let index = 0; index < 4; index += 1) meter.record(hit());
    await meter.flush();
    expect(meter.backlog).toBe(2);
    // Once per outage, not per attempt.
    expect(failures).toHaveLength(1);
    expect(await requestsOf('outage.png')).toBe(0);
    state.down = false;
    await meter.flush();
    expect(meter.backlog).toBe(0);
    expect(resumed).toBe(1);
    expect(await requestsOf('outage.png')).toBe(7);
    await meter.close();
  });

  it('counts a batch once when its INSERT committed but the answer was lost', async () => {
    const state: { down: false | 'refuse' | 'lose the answer' } = { down: 'lose the answer' };
    const meter = new UsageMeter({
      db: context.database.db.withPlugin(faultyDatabase(state)),
      flushIntervalMs: 60_000,
    });
    for (let index = 0; index < 5; index += 1) meter.record(cacheHit({ path: 'lost-answer.png' }));
    meter.record(cacheHit({ path: 'lost-answer-2.png' }));
    await meter.flush();
    // The meter cannot know the rows are in: it keeps them and writes them again.
    expect(meter.backlog).toBe(2);
    expect(await requestsOf('lost-answer.png')).toBe(5);
    state.down = false;
    meter.record(cacheHit({ path: 'lost-answer.png' }));
    await meter.flush();
    expect(meter.backlog).toBe(0);
    expect(await requestsOf('lost-answer.png')).toBe(6);
    expect(await requestsOf('lost-answer-2.png')).toBe(1);
    await meter.close();
  });

  it('keeps at most maxBufferedRows distinct rows while the database is away, and reports the rest', async () => {
    const state: { down: false | 'refuse' | 'lose the answer' } = { down: 'refuse' };
    const dropped: DroppedUsage[] = [];
    const meter = new UsageMeter({
      db: context.database.db.withPlugin(faultyDatabase(state)),
      flushIntervalMs: 60_000,
      maxBufferedRows: 2,
      onDropped: (drop) => dropped.push(drop),
    });
    meter.record(cacheHit({ path: 'room-1.png' }));
    await meter.flush();
    meter.record(cacheHit({ path: 'room-2.png' }));
    // No room for a third distinct row, but repeats of the rows kept are still counted.
    for (let index = 0; index < 3; index += 1) meter.record(cacheHit({ path: 'room-3.png' }));
    meter.record(cacheHit({ path: 'room-2.png' }));
    expect(meter.backlog).toBe(2);
    state.down = false;
    await meter.flush();
    expect(dropped).toEqual([{ reason: 'buffer_full', requests: 3, bySource: { [source.id]: 3 } }]);
    expect(await requestsOf('room-1.png')).toBe(1);
    expect(await requestsOf('room-2.png')).toBe(2);
    expect(await requestsOf('room-3.png')).toBe(0);
    await meter.close();
  });

  it('drops a batch tried for longer than maxRetryMs, with its counts', async () => {
    const state: { down: false | 'refuse' | 'lose the answer' } = { down: 'refuse' };
    const dropped: DroppedUsage[] = [];
    let now = 0;
    const meter = new UsageMeter({
      db: context.database.db.withPlugin(faultyDatabase(state)),
      flushIntervalMs: 60_000,
      maxRetryMs: 60_000,
      now: () => now,
      onDropped: (drop) => dropped.push(drop),
    });
    for (let index = 0; index < 4; index += 1) meter.record(cacheHit({ path: 'expired.png' }));
    await meter.flush();
    now += 59_000;
    meter.record(cacheHit({ path: 'recent.png' }));
    await meter.flush();
    expect(dropped).toEqual([]);
    now += 1_000;
    state.down = false;
    await meter.flush();
    expect(dropped).toEqual([
      { reason: 'retries_exhausted', requests: 4, bySource: { [source.id]: 4 } },
    ]);
    expect(await requestsOf('expired.png')).toBe(0);
    expect(await requestsOf('recent.png')).toBe(1);
    await meter.close();
  });

  it('drops at once a batch the database refuses for its content, and writes the next', async () => {
    const dropped: DroppedUsage[] = [];
    const meter = new UsageMeter({
      db: context.database.db,
      flushIntervalMs: 60_000,
      onDropped: (drop) => dropped.push(drop),
    });
    // The cache column's check constraint refuses it (migration 0008).
    meter.record(cacheHit({ path: 'refused.png', cache: 'bogus' as UsageEvent['cache'] }));
    await meter.flush();
    expect(dropped.map(({ reason, requests }) => [reason, requests])).toEqual([['refused', 1]]);
    expect(meter.backlog).toBe(0);
    meter.record(cacheHit({ path: 'after-refused.png' }));
    await meter.close();
    expect(await requestsOf('after-refused.png')).toBe(1);
  });

  it('gives up closing after closeTimeoutMs while the database is away, reporting what is left', async () => {
    const state: { down: false | 'refuse' | 'lose the answer' } = { down: 'refuse' };
    const dropped: DroppedUsage[] = [];
    const meter = new UsageMeter({
      db: context.database.db.withPlugin(faultyDatabase(state)),
      flushIntervalMs: 60_000,
      closeTimeoutMs: 200,
      onDropped: (drop) => dropped.push(drop),
    });
    meter.record(cacheHit({ path: 'closing.png' }));
    meter.record(cacheHit({ path: 'closing.png' }));
    await meter.close();
    expect(dropped).toEqual([{ reason: 'closed', requests: 2, bySource: { [source.id]: 2 } }]);
    expect(meter.backlog).toBe(0);
  });

  it('forgets the names of batches written more than a day ago', async () => {
    const { db } = context.database;
    await db
      .insertInto('usage_batches')
      .values([
        {
          id: '00000000-0000-4000-8000-000000000001',
          written_at: new Date(Date.now() - 25 * 3600_000),
        },
        {
          id: '00000000-0000-4000-8000-000000000002',
          written_at: new Date(Date.now() - 23 * 3600_000),
        },
      ])
      .execute();
    await pruneUsageBatches(db);
    const left = await sql<{ id: string }>`select id from usage_batches where id in (
      '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002')`.execute(db);
    expect(left.rows.map((row) => row.id)).toEqual(['00000000-0000-4000-8000-000000000002']);
  });
});
