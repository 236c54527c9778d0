import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/database.ts';
import { pruneUsageEvents, rollUpUsage, rollupWatermark } from '../../src/analytics/rollup.ts';
import { BACKENDS, type Backend } from '../databases.ts';
import {
  aggregateRows,
  CHROME_WINDOWS,
  GOOGLEBOT,
  insertUsageEvents,
  SAFARI_IPHONE,
  type FixtureEvent,
} from './usage-fixtures.ts';

const at = (iso: string) => new Date(iso);
const NOW = at('2026-11-03T00:00:00Z');

// Two hours of one day and one hour of the next, two sources of one account.
const EVENTS: FixtureEvent[] = [
  // 10:00 hour, src-a: a render (miss), then three hits of it counted in one row.
  {
    occurred_at: at('2026-11-01T10:15:00Z'),
    cache: 'miss',
    bytes_out: 1000,
    render_ms: 40,
    origin_bytes: 5000,
    origin_ms: 20,
    user_agent: CHROME_WINDOWS,
    referrer: 'https://Shop.Example/page?x=1',
  },
  {
    occurred_at: at('2026-11-01T10:20:00Z'),
    bytes_out: 1000,
    requests: 3,
    user_agent: SAFARI_IPHONE,
    referrer: 'https://shop.example/other',
  },
  // 10:00 hour, src-a: a missing image (render layer 404) and a premium render.
  { occurred_at: at('2026-11-01T10:50:00Z'), cache: 'miss', status: 404, path: 'gone.jpg' },
  {
    occurred_at: at('2026-11-01T10:55:00Z'),
    cache: 'miss',
    operation: 'premium',
    path: 'b.jpg',
    bytes_out: 3000,
    render_ms: 900,
    origin_bytes: 7000,
    origin_ms: 100,
    user_agent: GOOGLEBOT,
  },
  // 11:00 hour, src-b: a refused request (CDN layer 400) and a render that failed (500).
  { occurred_at: at('2026-11-01T11:05:00Z'), source_id: 'src-b', cache: 'none', status: 400 },
  {
    occurred_at: at('2026-11-01T11:10:00Z'),
    source_id: 'src-b',
    cache: 'miss',
    status: 500,
    origin_bytes: 2000,
    origin_ms: 30,
  },
  // The next day, src-a: two hits.
  { occurred_at: at('2026-11-02T08:00:00Z'), bytes_out: 500, requests: 2 },
];

const ZERO = {
  requests: 0,
  bytes_out: 0,
  cache_hits: 0,
  cache_misses: 0,
  successes: 0,
  errors_4xx: 0,
  errors_5xx: 0,
  cdn_errors_4xx: 0,
  cdn_errors_5xx: 0,
  render_errors_4xx: 0,
  render_errors_5xx: 0,
  renders: 0,
  standard_renders: 0,
  premium_renders: 0,
  render_ms: 0,
  render_bytes: 0,
  origin_fetches: 0,
  origin_bytes: 0,
  origin_ms: 0,
  videos_encoded: 0,
  video_encoded_ms: 0,
  videos_delivered: 0,
  video_delivered_ms: 0,
};

// Worked out by hand from EVENTS.
const HOURLY_ALL = [
  {
    source_id: 'src-a',
    bucket: at('2026-11-01T10:00:00Z'),
    ...ZERO,
    requests: 6,
    bytes_out: 1000 + 3 * 1000 + 3000,
    cache_hits: 3,
    cache_misses: 3,
    successes: 5,
    errors_4xx: 1,
    render_errors_4xx: 1,
    renders: 2,
    standard_renders: 1,
    premium_renders: 1,
    render_ms: 940,
    render_bytes: 4000,
    origin_fetches: 2,
    origin_bytes: 12000,
    origin_ms: 120,
  },
  {
    source_id: 'src-a',
    bucket: at('2026-11-02T08:00:00Z'),
    ...ZERO,
    requests: 2,
    bytes_out: 1000,
    cache_hits: 2,
    successes: 2,
  },
  {
    source_id: 'src-b',
    bucket: at('2026-11-01T11:00:00Z'),
    ...ZERO,
    requests: 2,
    cache_misses: 1,
    errors_4xx: 1,
    errors_5xx: 1,
    cdn_errors_4xx: 1,
    render_errors_5xx: 1,
    origin_fetches: 1,
    origin_bytes: 2000,
    origin_ms: 30,
  },
];

function sumsOnly(rows: Record<string, unknown>[]) {
  return rows.map(({ account_id: _account, dimension: _d, dimension_value: _v, ...rest }) => rest);
}

async function freshDatabase(backend: Backend): Promise<Database> {
  const database = await backend.open();
  await migrate(database);
  return database;
}

describe.each(BACKENDS)('usage rollups on $name', (backend) => {
  it('sums events per source and hour, and per day, as worked out by hand', async () => {
    const database = await freshDatabase(backend);
    try {
      const { db } = database;
      await insertUsageEvents(db, EVENTS);
      await rollUpUsage(db, { now: NOW });
      expect(sumsOnly(await aggregateRows(db, 'usage_rollups_hourly', 'all'))).toEqual(HOURLY_ALL);
      const daily = sumsOnly(await aggregateRows(db, 'usage_rollups_daily', 'all'));
      expect(daily.map((row) => [row.source_id, row.bucket, row.requests, row.bytes_out])).toEqual([
        ['src-a', at('2026-11-01T00:00:00Z'), 6, 7000],
        ['src-a', at('2026-11-02T00:00:00Z'), 2, 1000],
        ['src-b', at('2026-11-01T00:00:00Z'), 2, 0],
      ]);

      const devices = await aggregateRows(db, 'usage_rollups_daily', 'device');
      expect(
        devices.map((row) => [row.source_id, row.bucket, row.dimension_value, row.requests]),
      ).toEqual([
        ['src-a', at('2026-11-01T00:00:00Z'), 'Bot', 1],
        ['src-a', at('2026-11-01T00:00:00Z'), 'Desktop PC', 1],
        ['src-a', at('2026-11-01T00:00:00Z'), 'Smartphone', 3],
        ['src-a', at('2026-11-01T00:00:00Z'), 'Unknown', 1],
        ['src-a', at('2026-11-02T00:00:00Z'), 'Unknown', 2],
        ['src-b', at('2026-11-01T00:00:00Z'), 'Unknown', 2],
      ]);
      const referrers = await aggregateRows(db, 'usage_rollups_daily', 'referrer');
      expect(referrers.map((row) => [row.source_id, row.dimension_value, row.requests])).toEqual([
        ['src-a', '(direct)', 2],
        ['src-a', 'shop.example', 4],
        ['src-a', '(direct)', 2],
        ['src-b', '(direct)', 2],
      ]);
      const assets = await aggregateRows(db, 'usage_rollups_daily', 'asset');
      expect(
        assets.map((row) => [row.source_id, row.dimension_value, row.requests, row.successes]),
      ).toEqual([
        // Each path in its one spelling, with the leading '/' (delivery/usage.ts usagePath).
        ['src-a', '/a.jpg', 4, 4],
        ['src-a', '/b.jpg', 1, 1],
        ['src-a', '/gone.jpg', 1, 0],
        ['src-a', '/a.jpg', 2, 2],
        ['src-b', '/a.jpg', 2, 0],
      ]);
    } finally {
      await database.close();
    }
  });

  it('never counts an event twice when run again, and adds only new events', async () => {
    const database = await freshDatabase(backend);
    try {
      const { db } = database;
      await insertUsageEvents(db, EVENTS.slice(0, 4));
      await rollUpUsage(db, { now: NOW });
      const again = await rollUpUsage(db, { now: NOW });
      expect(again.batches).toBe(0);
      await insertUsageEvents(db, EVENTS.slice(4));
      await rollUpUsage(db, { now: NOW });
      await rollUpUsage(db, { now: NOW });
      expect(sumsOnly(await aggregateRows(db, 'usage_rollups_hourly', 'all'))).toEqual(HOURLY_ALL);
    } finally {
      await database.close();
    }
  });

  it('loses nothing when it crashes between batches', async () => {
    const database = await freshDatabase(backend);
    try {
      const { db } = database;
      await insertUsageEvents(db, EVENTS);
      const firstId = (await rollupWatermark(db)) + 1;
      let batches = 0;
      const crash = rollUpUsage(db, {
        now: NOW,
        batchSize: 3,
        onBatch: () => {
          batches += 1;
          if (batches === 2) throw new Error('process killed');
        },
      });
      await expect(crash).rejects.toThrow('process killed');
      // The first batch is in; the second rolled back with its watermark.
      const ids = await db.selectFrom('usage_events').select('id').orderBy('id').execute();
      expect(await rollupWatermark(db)).toBe(Number(ids[2]?.id));
      expect(firstId).toBeLessThanOrEqual(Number(ids[0]?.id));
      const partial = sumsOnly(await aggregateRows(db, 'usage_rollups_hourly', 'all'));
      expect(partial.map((row) => row.requests)).toEqual([1 + 3 + 1]);

      await rollUpUsage(db, { now: NOW, batchSize: 3 });
      expect(sumsOnly(await aggregateRows(db, 'usage_rollups_hourly', 'all'))).toEqual(HOURLY_ALL);
    } finally {
      await database.close();
    }
  });

  it('leaves events younger than the settling time for the next run', async () => {
    const database = await freshDatabase(backend);
    try {
      const { db } = database;
      await insertUsageEvents(db, [{ occurred_at: at('2026-11-02T23:59:30Z') }]);
      expect((await rollUpUsage(db, { now: NOW, settleMs: 60_000 })).batches).toBe(0);
      expect((await rollUpUsage(db, { now: NOW, settleMs: 10_000 })).batches).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('prunes raw events past the retention window only once they are rolled up', async () => {
    const database = await freshDatabase(backend);
    try {
      const { db } = database;
      await insertUsageEvents(db, EVENTS);
      expect(await pruneUsageEvents(db, 1, NOW)).toBe(0);
      await rollUpUsage(db, { now: NOW });
      // Older than a day before NOW: everything of 1 November.
      expect(await pruneUsageEvents(db, 1, NOW)).toBe(6);
      const left = await db.selectFrom('usage_events').select('occurred_at').execute();
      expect(left.map((row) => row.occurred_at)).toEqual([at('2026-11-02T08:00:00Z')]);
      expect(sumsOnly(await aggregateRows(db, 'usage_rollups_hourly', 'all'))).toEqual(HOURLY_ALL);
    } finally {
      await database.close();
    }
  });
});
