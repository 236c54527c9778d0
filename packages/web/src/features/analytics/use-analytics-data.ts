import type { UseQueryResult } from '@tanstack/react-query';
import {
  useAnalyticsSeriesQueries,
  useAnalyticsSeriesQuery,
  useAnalyticsTopQuery,
  type AnalyticsTopRow,
  type AnalyticsBreakdown,
  type AnalyticsMetric,
  type AnalyticsSeries,
  type AnalyticsSeriesQuery,
} from '../../api/analytics.ts';
import type { DateRange, ResolvedPeriod } from './analytics-period.utils.ts';
import { creditMetrics, headlineMetrics, TRAFFIC_METRIC } from './analytics-view.utils.ts';

export interface AnalyticsSelection {
  period: ResolvedPeriod;
  sourceId: string | null;
  /** The metric of the time-series chart. */
  trendMetric: AnalyticsMetric;
  breakdown: AnalyticsBreakdown;
}

export interface HeadlineTileData {
  metric: AnalyticsMetric;
  current: UseQueryResult<AnalyticsSeries>;
  previous: UseQueryResult<AnalyticsSeries>;
}

export interface AnalyticsData {
  tiles: HeadlineTileData[];
  trend: UseQueryResult<AnalyticsSeries>;
  /** The metric broken down: the trend's when it splits that way (most do), else requests. */
  breakdownMetric: AnalyticsMetric;
  breakdown: UseQueryResult<AnalyticsSeries>;
  credits: { metric: AnalyticsMetric; query: UseQueryResult<AnalyticsSeries> }[];
  topAssets: UseQueryResult<AnalyticsTopRow[]>;
  topReferrers: UseQueryResult<AnalyticsTopRow[]>;
}

function seriesQuery(
  metric: string,
  range: DateRange,
  { period, sourceId }: AnalyticsSelection,
): AnalyticsSeriesQuery {
  return {
    metric,
    sourceId,
    start: range.start.toISOString(),
    end: range.end.toISOString(),
    granularity: period.granularity,
  };
}

/** Every call the screen makes for one selection; the sections render from these answers. */
export function useAnalyticsData(
  metrics: readonly AnalyticsMetric[],
  selection: AnalyticsSelection,
): AnalyticsData {
  const { range, previous } = selection.period;
  const headline = headlineMetrics(metrics);
  const tileQueries = useAnalyticsSeriesQueries([
    ...headline.map((metric) => seriesQuery(metric.name, range, selection)),
    ...headline.map((metric) => seriesQuery(metric.name, previous, selection)),
  ]);
  const tiles = headline.flatMap((metric, index) => {
    const current = tileQueries[index];
    const before = tileQueries[index + headline.length];
    return current && before ? [{ metric, current, previous: before }] : [];
  });

  const trend = useAnalyticsSeriesQuery(seriesQuery(selection.trendMetric.name, range, selection));

  const { trendMetric } = selection;
  const breakdownMetric = trendMetric.breakdowns.includes(selection.breakdown)
    ? trendMetric
    : (metrics.find((metric) => metric.name === TRAFFIC_METRIC) ?? trendMetric);
  const breakdown = useAnalyticsSeriesQuery({
    ...seriesQuery(breakdownMetric.name, range, selection),
    breakdown: selection.breakdown,
  });

  const creditList = creditMetrics(metrics);
  const creditQueries = useAnalyticsSeriesQueries(
    creditList.map((metric) => seriesQuery(metric.name, range, selection)),
  );
  const credits = creditList.flatMap((metric, index) => {
    const query = creditQueries[index];
    return query ? [{ metric, query }] : [];
  });

  const topQuery = {
    sourceId: selection.sourceId,
    start: range.start.toISOString(),
    end: range.end.toISOString(),
  };
  const topAssets = useAnalyticsTopQuery('assets', topQuery);
  const topReferrers = useAnalyticsTopQuery('referrers', topQuery);

  return { tiles, trend, breakdownMetric, breakdown, credits, topAssets, topReferrers };
}
