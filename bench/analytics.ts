// Analytics at scale: 10 million usage events generated inside the database (generate_series),
// rolled up, then the month-at-daily-granularity queries the dashboard makes.
// Runs on the embedded database in a temporary folder, removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { metricNamed, type Breakdown } from '@darkroom/core';
import { sql } from 'kysely';
import { metricSeries, topValues } from '../packages/server/src/analytics/metric-series.ts';
import { rollUpUsage } from '../packages/server/src/analytics/rollup.ts';
import { openMigratedDatabase } from '../packages/server/src/db/migrate.ts';

export interface AnalyticsFigures {
  events: number;
  ingestSeconds: number;
  rollupSeconds: number;
  queries: { name: string; ms: number }[];
}

// BENCH_ANALYTICS_EVENTS: a smaller run to try the benchmark itself.
const EVENTS = Number(process.env.BENCH_ANALYTICS_EVENTS ?? 10_000_000);
const CHUNK = Math.min(1_000_000, EVENTS);
const SOURCES = 10;
const MONTH_START = new Date('2026-10-01T00:00:00Z');
const MONTH_END = new Date('2026-11-01T00:00:00Z');
const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
];

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

/** Generates, rolls up and queries; returns the timings. */
export async function measureAnalytics(): Promise<AnalyticsFigures> {
  const directory = mkdtempSync(join(tmpdir(), 'darkroom-bench-analytics-'));
  const { database } = await openMigratedDatabase({
    databaseUrl: null,
    pgliteDir: join(directory, 'pglite'),
  });
  const { db } = database;
  try {
    const monthMs = MONTH_END.getTime() - MONTH_START.getTime();
    const agents = sql.raw(`array[${USER_AGENTS.map((agent) => `'${agent}'`).join(', ')}]`);
    // One account, ten sources, 500 images, the month evenly covered; 80% cache hits, 15%
    // renders, 5% refusals; a few 404s and 500s.
    const [, ingestMs] = await timed(async () => {
      for (let first = 1; first <= EVENTS; first += CHUNK) {
        await sql`
          insert into usage_events (source_id, account_id, path, status, bytes_out, render_ms,
            cache, origin_bytes, origin_ms, user_agent, referrer, operation, requests, occurred_at)
          select 'bench-source-' || (i % ${SOURCES}), 'bench-account', 'images/' || (i * 7 % 500) || '.jpg',
            case when i % 100 < 3 then 404 when i % 100 = 3 then 500 else 200 end,
            20000 + i % 50000,
            case when i % 20 < 3 then 20 + i % 200 end,
            case when i % 20 < 3 then 'miss' when i % 20 = 3 then 'none' else 'hit' end,
            case when i % 20 < 3 then 200000 + i % 100000 end,
            case when i % 20 < 3 then 10 + i % 90 end,
            (${agents})[1 + i % ${USER_AGENTS.length}],
            case when i % 3 = 0 then null else 'https://site' || (i % 40) || '.example/page' end,
            case when i % 1000 = 0 then 'premium' else 'standard' end,
            1,
            ${MONTH_START}::timestamptz + (i::float8 / ${EVENTS} * ${monthMs}) * interval '1 millisecond'
          from generate_series(${first}::bigint, ${Math.min(first + CHUNK - 1, EVENTS)}::bigint) as i`.execute(
          db,
        );
      }
    });
    const [, rollupMs] = await timed(() => rollUpUsage(db, { now: new Date() }));
    // What autovacuum (or the rollup runner on the embedded database) does after bulk writes.
    await sql`analyze`.execute(db);

    const request = {
      accountId: 'bench-account',
      sourceId: null,
      start: MONTH_START,
      end: MONTH_END,
      granularity: 'day' as const,
    };
    const queries: { name: string; ms: number }[] = [];
    const measure = async (name: string, breakdown: Breakdown | null, sourceId: string | null) => {
      const metric = metricNamed(name);
      if (metric === undefined) throw new Error(`no metric ${name}`);
      const [, ms] = await timed(() =>
        metricSeries(db, metric, { ...request, sourceId, breakdown }),
      );
      queries.push({
        name: `${name}${breakdown ? ` by ${breakdown}` : ''}${sourceId ? ', one source' : ''}`,
        ms,
      });
    };
    await measure('requests', null, null);
    await measure('requests', null, 'bench-source-3');
    await measure('bandwidth', null, null);
    await measure('average_response_time', null, null);
    await measure('total_credits', null, null);
    await measure('origin_images', null, null);
    await measure('requests', 'device', null);
    await measure('requests', 'referrer', null);
    const [, topMs] = await timed(() => topValues(db, request, 'asset', 10));
    queries.push({ name: 'top assets', ms: topMs });
    return {
      events: EVENTS,
      ingestSeconds: ingestMs / 1000,
      rollupSeconds: rollupMs / 1000,
      queries,
    };
  } finally {
    await database.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
