import type { AnalyticsValueType } from '../../api/analytics.ts';
import { documentOf, type ApiMock, type RecordedRequest } from '../../test/fetch-mock.ts';
import { mockDashboardApi, pageOf } from '../assets/assets.test-fixtures.ts';
import { sourceIds, sourceResource } from '../sources/sources.test-fixtures.ts';

export { sourceIds };

/** The catalogue as `GET /api/v4/analytics` lists it (a part of the server's). */
const METRIC_CATALOGUE: readonly [string, string, AnalyticsValueType, string[]?][] = [
  ['total_credits', 'Total credits used', 'count', ['source']],
  ['standard_render_credits', 'Standard render credits', 'count'],
  ['premium_render_credits', 'Premium render credits', 'count'],
  ['origin_images', 'Origin images', 'count', ['source']],
  ['renders', 'Renders', 'count'],
  ['bandwidth', 'Bandwidth', 'binary_size'],
  ['requests', 'Requests', 'count'],
  ['average_response_time', 'Average response time', 'ms'],
  ['delivery_success', 'Delivery success', 'percentage'],
  ['mild_errors', 'Mild errors (4xx)', 'count'],
];

export const metricsDocument = documentOf(
  METRIC_CATALOGUE.map(([name, label, valueType, breakdowns]) => ({
    type: 'analytics_metrics',
    id: name,
    attributes: {
      name,
      label,
      value_type: valueType,
      breakdowns: breakdowns ?? ['device', 'os', 'browser', 'referrer', 'source'],
    },
  })),
);

export interface SeriesFilters {
  sourceId: string | null;
  start: string;
  end: string;
  granularity: string;
  breakdown: string | null;
}

export interface SeriesAnswer {
  total: number | null;
  points?: { time: string; value: number | null; group?: string }[];
  groups?: { group: string; value: number | null }[];
  movingAverage?: { time: string; value: number | null }[];
  previousMonth?: { time: string; value: number | null }[];
}

export function filtersOf(request: RecordedRequest): SeriesFilters {
  const query = new URL(request.url, 'http://dashboard.test').searchParams;
  return {
    sourceId: query.get('filter[source_id]'),
    start: query.get('filter[start]') ?? '',
    end: query.get('filter[end]') ?? '',
    granularity: query.get('filter[granularity]') ?? '',
    breakdown: query.get('filter[breakdown]'),
  };
}

/** A series document as `GET /api/v4/analytics/{metric}` answers it. */
export function seriesDocument(metric: string, answer: SeriesAnswer) {
  const valueType = METRIC_CATALOGUE.find(([name]) => name === metric)?.[2] ?? 'count';
  return documentOf(
    (answer.points ?? []).map((point, index) => ({
      type: 'analytics_points',
      id: String(index),
      attributes: { time: point.time, value: point.value, group: point.group ?? null },
    })),
    {
      meta: {
        ...documentOf(null).meta,
        total: answer.total,
        value_type: valueType,
        ...(answer.groups ? { groups: answer.groups } : {}),
        ...(answer.movingAverage ? { moving_average: answer.movingAverage } : {}),
        ...(answer.previousMonth ? { previous_month: answer.previousMonth } : {}),
      },
    },
  );
}

/**
 * The dashboard's calls plus the analytics API, answering each metric from `answer` (zero for
 * those it leaves out), and the account's two sources.
 */
export interface TopAnswers {
  assets: { source_id: string; path: string; requests: number; bandwidth: number }[];
  referrers: { referrer: string; requests: number; bandwidth: number }[];
}

export function mockAnalyticsApi(
  answer: (metric: string, filters: SeriesFilters) => SeriesAnswer | undefined,
  top: TopAnswers = { assets: [], referrers: [] },
): ApiMock {
  const api = mockDashboardApi();
  api.on('GET /api/v4/analytics', { body: metricsDocument });
  api.on('GET /api/v4/sources', {
    body: pageOf(
      [sourceResource(sourceIds.first, 'photos'), sourceResource(sourceIds.second, 'shop')],
      1,
      300,
      2,
    ),
  });
  api.on('GET /api/v4/analytics/top_assets', {
    body: documentOf(
      top.assets.map((attributes, index) => ({
        type: 'analytics_top_assets',
        id: String(index),
        attributes,
      })),
    ),
  });
  api.on('GET /api/v4/analytics/top_referrers', {
    body: documentOf(
      top.referrers.map((attributes) => ({
        type: 'analytics_top_referrers',
        id: attributes.referrer,
        attributes,
      })),
    ),
  });
  for (const [metric] of METRIC_CATALOGUE) {
    api.on(`GET /api/v4/analytics/${metric}`, (request) => ({
      body: seriesDocument(metric, answer(metric, filtersOf(request)) ?? { total: 0 }),
    }));
  }
  return api;
}
