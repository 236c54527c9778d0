import { describe, expect, it } from 'vitest';
import { setSession } from '../app/session.ts';
import {
  metricsDocument,
  seriesDocument,
  sourceIds,
} from '../features/analytics/analytics.test-fixtures.ts';
import { errorReply, mockApi } from '../test/fetch-mock.ts';
import { userSession } from '../test/fixtures.ts';
import { getAnalyticsMetrics, getAnalyticsSeries } from './analytics.ts';
import { ApiRequestError } from './client.ts';

const searchOf = (url: string) => new URL(url, 'http://dashboard.test').searchParams;

describe('analytics API', () => {
  it('lists the metrics with their value types and breakdowns', async () => {
    setSession(userSession);
    mockApi({ 'GET /api/v4/analytics': { body: metricsDocument } });
    const metrics = await getAnalyticsMetrics();
    expect(metrics.find((metric) => metric.name === 'bandwidth')).toEqual({
      name: 'bandwidth',
      label: 'Bandwidth',
      valueType: 'binary_size',
      breakdowns: ['device', 'os', 'browser', 'referrer', 'source'],
    });
    expect(metrics.find((metric) => metric.name === 'origin_images')?.breakdowns).toEqual([
      'source',
    ]);
  });

  it('sends the filters of a series and reads its points, total and companion lines', async () => {
    setSession(userSession);
    const api = mockApi({
      'GET /api/v4/analytics/requests': {
        body: seriesDocument('requests', {
          total: 9,
          points: [{ time: '2026-11-21T00:00:00.000Z', value: 9, group: 'Desktop PC' }],
          groups: [{ group: 'Desktop PC', value: 9 }],
          movingAverage: [{ time: '2026-11-21T00:00:00.000Z', value: 4.5 }],
        }),
      },
    });
    const series = await getAnalyticsSeries({
      metric: 'requests',
      sourceId: sourceIds.first,
      start: '2026-11-15T00:00:00.000Z',
      end: '2026-11-22T00:00:00.000Z',
      granularity: 'day',
      breakdown: 'device',
    });
    expect(series).toEqual({
      metric: 'requests',
      granularity: 'day',
      breakdown: 'device',
      valueType: 'count',
      total: 9,
      points: [{ time: '2026-11-21T00:00:00.000Z', value: 9, group: 'Desktop PC' }],
      groups: [{ group: 'Desktop PC', value: 9 }],
      movingAverage: [{ time: '2026-11-21T00:00:00.000Z', value: 4.5 }],
      previousMonth: null,
    });
    const query = searchOf(api.requests[0]?.url ?? '');
    expect(Object.fromEntries(query)).toEqual({
      'filter[source_id]': sourceIds.first,
      'filter[start]': '2026-11-15T00:00:00.000Z',
      'filter[end]': '2026-11-22T00:00:00.000Z',
      'filter[granularity]': 'day',
      'filter[breakdown]': 'device',
    });
  });

  it('leaves the source and breakdown out for an account-wide series, and throws API errors', async () => {
    setSession(userSession);
    const api = mockApi({
      'GET /api/v4/analytics/bandwidth': errorReply(400, [
        { code: 'invalid_parameter', detail: 'The end must be after the start.' },
      ]),
    });
    const failure = getAnalyticsSeries({
      metric: 'bandwidth',
      sourceId: null,
      start: '2026-11-15T00:00:00.000Z',
      end: '2026-11-22T00:00:00.000Z',
      granularity: 'hour',
    });
    await expect(failure).rejects.toBeInstanceOf(ApiRequestError);
    await expect(failure).rejects.toThrow('The end must be after the start.');
    const query = searchOf(api.requests[0]?.url ?? '');
    expect(query.has('filter[source_id]')).toBe(false);
    expect(query.has('filter[breakdown]')).toBe(false);
  });
});
