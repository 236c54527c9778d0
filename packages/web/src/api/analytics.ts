import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { apiFetch, type ApiDocument } from './client.ts';

/** How a metric's values read (spec platform section 3, 'Analytics metrics'). */
export type AnalyticsValueType = 'count' | 'binary_size' | 'ms' | 'percentage';
export type AnalyticsGranularity = 'hour' | 'day' | 'month';
const ALL_BREAKDOWNS = ['device', 'os', 'browser', 'referrer', 'source'] as const;
export type AnalyticsBreakdown = (typeof ALL_BREAKDOWNS)[number];

export interface AnalyticsMetric {
  /** The snake_case name the API addresses it by, e.g. `origin_images`. */
  name: string;
  label: string;
  valueType: AnalyticsValueType;
  /** The breakdowns the metric can be split by (distinct origin images only by source). */
  breakdowns: AnalyticsBreakdown[];
}

export interface AnalyticsSeriesQuery {
  metric: string;
  /** One source, or null for the whole account. */
  sourceId: string | null;
  /** ISO 8601 instants; the end is exclusive. */
  start: string;
  end: string;
  granularity: AnalyticsGranularity;
  breakdown?: AnalyticsBreakdown;
}

export interface TimedValue {
  time: string;
  /** Null where the metric is undefined, such as an average over no requests. */
  value: number | null;
}

interface AnalyticsPoint extends TimedValue {
  /** The breakdown group (a device label, a browser, a referrer host, a source id). */
  group: string | null;
}

export interface AnalyticsSeries {
  /** What was asked: a screen showing an older answer while a new one loads labels it by these. */
  metric: string;
  granularity: AnalyticsGranularity;
  breakdown: AnalyticsBreakdown | null;
  valueType: AnalyticsValueType;
  /** Null where the metric is undefined over the whole period. */
  total: number | null;
  points: AnalyticsPoint[];
  /** With a breakdown: each group's value over the whole period, largest first. */
  groups: { group: string; value: number | null }[] | null;
  /** Present for the metrics that have one, at the times of the points. */
  movingAverage: TimedValue[] | null;
  previousMonth: TimedValue[] | null;
}

interface MetricResource {
  type: string;
  id: string;
  attributes: {
    name?: string;
    label: string;
    value_type: AnalyticsValueType;
    breakdowns?: AnalyticsBreakdown[];
  };
}

interface PointResource {
  type: 'analytics_points';
  id: string;
  attributes: { time: string; value: number | null; group?: string | null };
}

interface SeriesMeta {
  total?: number | null;
  value_type: AnalyticsValueType;
  groups?: { group: string; value: number | null }[] | null;
  moving_average?: TimedValue[] | null;
  previous_month?: TimedValue[] | null;
}

const analyticsKeys = {
  all: ['analytics'] as const,
  metrics: () => [...analyticsKeys.all, 'metrics'] as const,
  series: (query: AnalyticsSeriesQuery) => [...analyticsKeys.all, 'series', query] as const,
  top: (kind: AnalyticsTopKind, query: AnalyticsTopQuery) =>
    [...analyticsKeys.all, 'top', kind, query] as const,
};

/** `GET /analytics`: the metrics the API answers, with their value types. */
export async function getAnalyticsMetrics(signal?: AbortSignal): Promise<AnalyticsMetric[]> {
  const document = await apiFetch<ApiDocument<MetricResource[]>>('/analytics', { signal });
  return document.data.map((resource) => ({
    name: resource.attributes.name ?? resource.id,
    label: resource.attributes.label,
    valueType: resource.attributes.value_type,
    breakdowns: resource.attributes.breakdowns ?? [...ALL_BREAKDOWNS],
  }));
}

/** The `filter[...]` parameters of a series call; an account-wide query sends no source. */
function seriesFilters(query: AnalyticsSeriesQuery): Record<string, string | undefined> {
  return {
    'filter[source_id]': query.sourceId ?? undefined,
    'filter[start]': query.start,
    'filter[end]': query.end,
    'filter[granularity]': query.granularity,
    'filter[breakdown]': query.breakdown,
  };
}

/** `GET /analytics/{metric}`: the metric's points over the period, with its total. */
export async function getAnalyticsSeries(
  query: AnalyticsSeriesQuery,
  signal?: AbortSignal,
): Promise<AnalyticsSeries> {
  const document = await apiFetch<ApiDocument<PointResource[]> & { meta?: SeriesMeta }>(
    `/analytics/${encodeURIComponent(query.metric)}`,
    { query: seriesFilters(query), signal },
  );
  const meta = document.meta;
  return {
    metric: query.metric,
    granularity: query.granularity,
    breakdown: query.breakdown ?? null,
    valueType: meta?.value_type ?? 'count',
    total: meta?.total ?? null,
    points: document.data.map(({ attributes }) => ({
      time: attributes.time,
      value: attributes.value,
      group: attributes.group ?? null,
    })),
    groups: meta?.groups ?? null,
    movingAverage: meta?.moving_average ?? null,
    previousMonth: meta?.previous_month ?? null,
  };
}

export type AnalyticsTopKind = 'assets' | 'referrers';

export type AnalyticsTopQuery = Pick<AnalyticsSeriesQuery, 'sourceId' | 'start' | 'end'>;

export interface AnalyticsTopRow {
  /** The asset's source; null for a referrer, counted across sources. */
  sourceId: string | null;
  /** The asset's origin path, or the referrer's host ('(direct)' without one). */
  value: string;
  requests: number;
  /** Bytes sent. */
  bandwidth: number;
}

/** How many rows the top tables show. */
const TOP_ROWS = 10;

interface TopResource {
  type: string;
  id: string;
  attributes: {
    source_id?: string;
    path?: string;
    referrer?: string;
    requests: number;
    bandwidth: number;
  };
}

/** `GET /analytics/top_assets` or `top_referrers`: the most requested of the period. */
async function getAnalyticsTop(
  kind: AnalyticsTopKind,
  query: AnalyticsTopQuery,
  signal?: AbortSignal,
): Promise<AnalyticsTopRow[]> {
  const document = await apiFetch<ApiDocument<TopResource[]>>(`/analytics/top_${kind}`, {
    query: {
      'filter[source_id]': query.sourceId ?? undefined,
      'filter[start]': query.start,
      'filter[end]': query.end,
      'page[size]': TOP_ROWS,
    },
    signal,
  });
  return document.data.map(({ id, attributes }) => ({
    sourceId: attributes.source_id ?? null,
    value: (kind === 'assets' ? attributes.path : attributes.referrer) ?? id,
    requests: attributes.requests,
    bandwidth: attributes.bandwidth,
  }));
}

export function useAnalyticsTopQuery(kind: AnalyticsTopKind, query: AnalyticsTopQuery) {
  return useQuery({
    queryKey: analyticsKeys.top(kind, query),
    queryFn: ({ signal }) => getAnalyticsTop(kind, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAnalyticsMetricsQuery() {
  return useQuery({
    queryKey: analyticsKeys.metrics(),
    queryFn: ({ signal }) => getAnalyticsMetrics(signal),
    // The catalogue only changes with a server release.
    staleTime: Infinity,
  });
}

export function useAnalyticsSeriesQuery(query: AnalyticsSeriesQuery) {
  return useQuery({
    queryKey: analyticsKeys.series(query),
    queryFn: ({ signal }) => getAnalyticsSeries(query, signal),
    // Switching period or source keeps the old chart up (dimmed) instead of flashing a skeleton.
    placeholderData: keepPreviousData,
  });
}

/** Several series at once (the headline tiles, the credits breakdown), in the order asked. */
export function useAnalyticsSeriesQueries(queries: readonly AnalyticsSeriesQuery[]) {
  return useQueries({
    queries: queries.map((query) => ({
      queryKey: analyticsKeys.series(query),
      queryFn: ({ signal }: { signal: AbortSignal }) => getAnalyticsSeries(query, signal),
    })),
  });
}
