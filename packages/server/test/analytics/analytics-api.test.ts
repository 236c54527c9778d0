import { beforeAll, describe, expect, it } from 'vitest';
import { rollUpUsage } from '../../src/analytics/rollup.ts';
import { BACKENDS } from '../databases.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  quadrantsPng,
  useDataDir,
  type TestSource,
} from '../delivery/fixtures.ts';
import { call, signInAdmin, signUp } from '../requests.ts';
import { useTestApp } from '../test-app.ts';
import { CHROME_WINDOWS, GOOGLEBOT, insertUsageEvents, SAFARI_IPHONE } from './usage-fixtures.ts';

function query(filters: Record<string, string>): string {
  return new URLSearchParams(
    Object.entries(filters).map(([name, value]): [string, string] => [`filter[${name}]`, value]),
  ).toString();
}

describe.each(BACKENDS)('analytics API on $name', (backend) => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    backend,
    { DATA_DIR: useDataDir() },
    { storageAdapterFactory: origin.factory },
  );
  let source: TestSource;
  /** The bytes of every delivery answer of the served traffic, in order. */
  const sent: number[] = [];
  let hourStart: string;
  let hourEnd: string;

  beforeAll(async () => {
    origin.put('analytics', 'pic.png', await quadrantsPng(40, 30));
    source = await createSource(context.app, { bucket: 'analytics' });
    const now = new Date();
    hourStart = new Date(now.getTime() - 3_600_000).toISOString();
    hourEnd = new Date(now.getTime() + 3_600_000).toISOString();
    const serve = async (target: string, headers: Record<string, string> = {}) => {
      const answer = await deliver(context.app, source.host, target, { headers });
      sent.push(answer.body.length);
      return answer.status;
    };
    // A render (miss), two cache hits from other clients, a missing image and a refused one.
    expect(
      await serve('/pic.png?w=20', {
        'user-agent': CHROME_WINDOWS,
        referer: 'https://a.example/x',
      }),
    ).toBe(200);
    expect(
      await serve('/pic.png?w=20', { 'user-agent': SAFARI_IPHONE, referer: 'https://a.example/y' }),
    ).toBe(200);
    expect(await serve('/pic.png?w=20', { 'user-agent': GOOGLEBOT })).toBe(200);
    expect(await serve('/absent.png', { 'user-agent': CHROME_WINDOWS })).toBe(404);
    expect(await serve('/pic.png?w=oops', { 'user-agent': CHROME_WINDOWS })).toBe(400);
  });

  async function metric(name: string, filters: Record<string, string>, token = source.owner.token) {
    return call(context.app, 'GET', `/api/v4/analytics/${name}?${query(filters)}`, { token });
  }

  const period = () => ({ source_id: source.id, start: hourStart, end: hourEnd });

  it('lists every metric with its value type', async () => {
    const response = await call(context.app, 'GET', '/api/v4/analytics', {
      token: source.owner.token,
    });
    expect(response.status).toBe(200);
    const byName = new Map(
      response.body.data.map((item: { id: string; attributes: unknown }) => [
        item.id,
        item.attributes,
      ]),
    );
    expect(byName.get('bandwidth')).toMatchObject({
      value_type: 'binary_size',
      label: 'Bandwidth',
    });
    expect(byName.get('delivery_success')).toMatchObject({ value_type: 'percentage' });
    expect(byName.get('average_response_time')).toMatchObject({ value_type: 'ms' });
    expect(byName.get('requests')).toMatchObject({
      value_type: 'count',
      moving_average: true,
      previous_month: true,
    });
    expect(byName.size).toBe(29);
  });

  it('finds the served requests at once, by layer and outcome', async () => {
    const totals: Record<string, number | null> = {};
    for (const name of [
      'requests',
      'bandwidth',
      'renders',
      'cdn_misses',
      'mild_errors',
      'cdn_mild_errors',
      'render_mild_errors',
      'severe_errors',
      'delivery_success',
      'origin_images',
      'fetch_requests',
    ]) {
      const response = await metric(name, { ...period(), granularity: 'hour' });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      totals[name] = response.body.meta.total;
    }
    expect(totals).toEqual({
      requests: 5,
      bandwidth: sent.reduce((sum, bytes) => sum + bytes, 0),
      renders: 1,
      // The render and the missing image went past the cache.
      cdn_misses: 2,
      mild_errors: 2,
      cdn_mild_errors: 1,
      render_mild_errors: 1,
      severe_errors: 0,
      delivery_success: 60,
      origin_images: 1,
      fetch_requests: 1,
    });
  });

  it('answers points per bucket with the moving average and the previous month', async () => {
    const response = await metric('requests', { ...period(), granularity: 'hour' });
    const points = response.body.data;
    expect(points.every((point: { type: string }) => point.type === 'analytics_points')).toBe(true);
    // The hour before, the hour of the traffic and the hour after.
    const values = points.map((point: { attributes: { value: number } }) => point.attributes.value);
    expect(values).toHaveLength(3);
    expect(values.filter((value: number) => value !== 0)).toEqual([5]);
    expect(response.body.meta).toMatchObject({
      value_type: 'count',
      total: 5,
      granularity: 'hour',
    });
    expect(response.body.meta.moving_average).toHaveLength(points.length);
    expect(response.body.meta.previous_month).toEqual(
      points.map((point: { attributes: { time: string } }) => ({
        time: point.attributes.time,
        value: 0,
      })),
    );
  });

  it('breaks requests down by device, browser and referrer host', async () => {
    const groups = async (breakdown: string) => {
      const response = await metric('requests', { ...period(), breakdown });
      expect(response.status).toBe(200);
      return response.body.meta.groups;
    };
    expect(await groups('device')).toEqual([
      { group: 'Desktop PC', value: 3 },
      { group: 'Bot', value: 1 },
      { group: 'Smartphone', value: 1 },
    ]);
    expect(await groups('browser')).toEqual([
      { group: 'Chrome', value: 3 },
      { group: 'Googlebot', value: 1 },
      { group: 'Mobile Safari', value: 1 },
    ]);
    expect(await groups('referrer')).toEqual([
      { group: '(direct)', value: 3 },
      { group: 'a.example', value: 2 },
    ]);
    expect(await groups('source')).toEqual([{ group: source.id, value: 5 }]);
  });

  it('counts nothing twice once part of the traffic is rolled up', async () => {
    await context.app.delivery.flushUsage();
    await rollUpUsage(context.database.db, { settleMs: 0 });
    await deliver(context.app, source.host, '/pic.png?w=20', {
      headers: { 'user-agent': GOOGLEBOT },
    });
    const response = await metric('requests', { ...period(), breakdown: 'device' });
    expect(response.body.meta.total).toBe(6);
    expect(response.body.meta.groups).toContainEqual({ group: 'Bot', value: 2 });
    await rollUpUsage(context.database.db, { settleMs: 0 });
    expect((await metric('requests', period())).body.meta.total).toBe(6);
  });

  it('lists the top assets and referrers', async () => {
    const assets = await call(
      context.app,
      'GET',
      `/api/v4/analytics/top_assets?${query(period())}`,
      { token: source.owner.token },
    );
    expect(assets.status).toBe(200);
    expect(assets.body.data.map((row: { attributes: object }) => row.attributes)).toEqual([
      expect.objectContaining({ source_id: source.id, path: '/pic.png', requests: 5 }),
      expect.objectContaining({ source_id: source.id, path: '/absent.png', requests: 1 }),
    ]);
    const referrers = await call(
      context.app,
      'GET',
      `/api/v4/analytics/top_referrers?${query(period())}&page[size]=1`,
      { token: source.owner.token },
    );
    expect(referrers.body.data).toEqual([
      {
        type: 'analytics_top_referrers',
        id: '(direct)',
        attributes: expect.objectContaining({ referrer: '(direct)', requests: 4 }),
      },
    ]);
  });

  it('sums hand-made events per day, with the previous month beside them', async () => {
    const owner = await signUp(context.app);
    const day = (iso: string) => new Date(iso);
    await insertUsageEvents(context.database.db, [
      { account_id: owner.accountId, occurred_at: day('2026-10-01T05:00:00Z'), requests: 2 },
      { account_id: owner.accountId, occurred_at: day('2026-10-03T23:59:00Z'), requests: 4 },
      // 30 days earlier: the previous month of 1 October.
      { account_id: owner.accountId, occurred_at: day('2026-09-01T12:00:00Z'), requests: 7 },
    ]);
    await rollUpUsage(context.database.db, { settleMs: 0 });
    const response = await metric(
      'requests',
      { start: '2026-10-01', end: '2026-10-04', granularity: 'day' },
      owner.token,
    );
    expect(response.body.data.map((point: { attributes: object }) => point.attributes)).toEqual([
      { time: '2026-10-01T00:00:00.000Z', value: 2 },
      { time: '2026-10-02T00:00:00.000Z', value: 0 },
      { time: '2026-10-03T00:00:00.000Z', value: 4 },
    ]);
    expect(response.body.meta.total).toBe(6);
    expect(
      response.body.meta.moving_average.map((point: { value: number }) => point.value),
    ).toEqual([2, 1, 2]);
    expect(
      response.body.meta.previous_month.map((point: { value: number }) => point.value),
    ).toEqual([7, 0, 0]);
    const monthly = await metric(
      'requests',
      { start: '2026-09-01', end: '2026-11-01', granularity: 'month' },
      owner.token,
    );
    expect(monthly.body.data.map((point: { attributes: object }) => point.attributes)).toEqual([
      { time: '2026-09-01T00:00:00.000Z', value: 7 },
      { time: '2026-10-01T00:00:00.000Z', value: 6 },
    ]);
  });

  it('rejects malformed filters with the parameter named', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ start: 'yesterday' }, 'filter[start]'],
      [{ start: '2026-10-02', end: '2026-10-01' }, 'filter[start]'],
      [{ granularity: 'week' }, 'filter[granularity]'],
      [{ breakdown: 'country' }, 'filter[breakdown]'],
      [{ start: '2020-01-01', end: '2026-01-01', granularity: 'hour' }, 'filter[granularity]'],
      [{ colour: 'red' }, 'filter[colour]'],
    ];
    for (const [filters, parameter] of cases) {
      const response = await metric('requests', filters);
      expect(response.status, parameter).toBe(400);
      expect(response.body.errors[0]).toMatchObject({
        code: 'invalid_parameter',
        source: { parameter },
      });
    }
    const distinct = await metric('origin_images', { breakdown: 'device' });
    expect(distinct.status).toBe(400);
    expect(distinct.body.errors[0].source).toEqual({ parameter: 'filter[breakdown]' });
  });

  it('answers 404 for an unknown metric or a source of another account, 401 without a session', async () => {
    expect((await metric('happiness', {})).status).toBe(404);
    const stranger = await signUp(context.app);
    const foreign = await metric('requests', { source_id: source.id }, stranger.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.errors[0].code).toBe('not_found');
    const anonymous = await call(context.app, 'GET', '/api/v4/analytics/requests');
    expect(anonymous.status).toBe(401);
    // Another account sees none of this traffic.
    expect((await metric('requests', {}, stranger.token)).body.meta.total).toBe(0);
  });

  it('lets administrators read the dashboard event log of an account', async () => {
    const user = await signUp(context.app);
    for (const name of ['Source Created', 'Paywall Shown']) {
      const posted = await call(context.app, 'POST', '/api/v4/events', {
        token: user.token,
        body: { data: { type: 'events', attributes: { name, properties: { source_type: 's3' } } } },
      });
      expect(posted.status).toBe(202);
    }
    const admin = await signInAdmin(context.app, context.database);
    const log = await call(
      context.app,
      'GET',
      `/api/v4/admin/events?filter[account_id]=${user.accountId}&sort=name&page[size]=1`,
      { token: admin.token },
    );
    expect(log.status).toBe(200);
    expect(log.body.data).toEqual([
      {
        type: 'events',
        id: expect.any(String),
        attributes: expect.objectContaining({
          account_id: user.accountId,
          user_id: user.userId,
          name: 'Paywall Shown',
          properties: { source_type: 's3' },
        }),
      },
    ]);
    expect(log.body.meta.pagination).toMatchObject({ totalRecords: 2, hasNextPage: true });
    const forbidden = await call(context.app, 'GET', '/api/v4/admin/events', { token: user.token });
    expect(forbidden.status).toBe(404);
  });
});
