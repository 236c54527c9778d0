import type {
  AnalyticsMetric,
  AnalyticsSeries,
  AnalyticsValueType,
  TimedValue,
} from '../../api/analytics.ts';

/**
 * The headline tiles, in order, from spec platform section 3 'Analytics metrics'; those the
 * server lacks are left out.
 */
const HEADLINE_METRICS = [
  'requests',
  'bandwidth',
  'renders',
  'origin_images',
  'total_credits',
  'average_response_time',
  'delivery_success',
] as const;

/** The metric whose zero total means the period had no traffic at all. */
export const TRAFFIC_METRIC = 'requests';

/** How many groups a breakdown chart shows; the rest are summed into "Other". */
const BREAKDOWN_LIMIT = 10;

export const BREAKDOWN_OPTIONS = [
  { value: 'device', label: 'Device' },
  { value: 'os', label: 'Operating system' },
  { value: 'browser', label: 'Browser' },
  { value: 'referrer', label: 'Referrer' },
  { value: 'source', label: 'Source' },
] as const;

/** Sums over times and groups only mean something for requests and bytes, not for averages. */
function isAdditive(valueType: AnalyticsValueType): boolean {
  return valueType === 'count' || valueType === 'binary_size';
}

/** The credit metrics broken down under the total (standard, advanced, premium, delivery, management). */
export function creditMetrics(metrics: readonly AnalyticsMetric[]): AnalyticsMetric[] {
  return metrics.filter(
    (metric) => metric.name.endsWith('_credits') && metric.name !== 'total_credits',
  );
}

export function headlineMetrics(metrics: readonly AnalyticsMetric[]): AnalyticsMetric[] {
  return HEADLINE_METRICS.flatMap((name) => metrics.find((metric) => metric.name === name) ?? []);
}

export interface TrendRow {
  time: string;
  value: number | null;
  movingAverage: number | null;
  previousMonth: number | null;
}

/** One row per bucket, with the moving average and the previous month at the same time. */
export function trendRows(series: AnalyticsSeries): TrendRow[] {
  const byTime = (values: readonly TimedValue[] | null) =>
    values === null ? null : new Map(values.map((point) => [point.time, point.value]));
  const averages = byTime(series.movingAverage);
  const previous = byTime(series.previousMonth);
  return series.points
    .filter((point) => point.group === null)
    .map((point) => ({
      time: point.time,
      value: point.value,
      movingAverage: averages?.get(point.time) ?? null,
      previousMonth: previous?.get(point.time) ?? null,
    }));
}

export interface BreakdownRow {
  group: string;
  value: number;
}

/**
 * Each group's value over the period, largest first, as the server computed it (an average per
 * group is no sum of points); the tail beyond the limit is summed into "Other" where values add up.
 */
export function breakdownRows(series: AnalyticsSeries, limit = BREAKDOWN_LIMIT): BreakdownRow[] {
  const rows = (series.groups ?? summedGroups(series))
    .flatMap(({ group, value }) => (value === null || value === 0 ? [] : [{ group, value }]))
    .sort((a, b) => b.value - a.value || a.group.localeCompare(b.group));
  if (rows.length <= limit) return rows;
  if (!isAdditive(series.valueType)) return rows.slice(0, limit);
  const rest = rows.slice(limit - 1).reduce((sum, row) => sum + row.value, 0);
  return [...rows.slice(0, limit - 1), { group: 'Other', value: rest }];
}

/** Group totals from the points, for an answer without them (additive metrics only). */
function summedGroups(series: AnalyticsSeries): { group: string; value: number }[] {
  const totals = new Map<string, number>();
  for (const point of series.points) {
    if (point.value === null) continue;
    const group = point.group ?? 'Unknown';
    totals.set(group, (totals.get(group) ?? 0) + point.value);
  }
  return [...totals].map(([group, value]) => ({ group, value }));
}

/** A group as people read it: source groups are ids, shown by the source's name. */
export function groupLabel(group: string, sourceNames: ReadonlyMap<string, string>): string {
  return sourceNames.get(group) ?? group;
}
