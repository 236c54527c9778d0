import type { UseQueryResult } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Link } from 'react-router';
import type {
  AnalyticsBreakdown,
  AnalyticsMetric,
  AnalyticsSeries,
  AnalyticsTopRow,
} from '../../api/analytics.ts';
import { Button, Select } from '../../ui/index.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { ListEmpty, ListError } from '../lists/list-states.tsx';
import { analyticsCsv, csvFileName } from './analytics-csv.utils.ts';
import {
  dayOf,
  periodLabel,
  type PeriodChoice,
  type ResolvedPeriod,
} from './analytics-period.utils.ts';
import { AnalyticsSection, ChartSkeleton, QueryContent } from './analytics-section.tsx';
import {
  breakdownTable,
  creditsTable,
  exportTablesOf,
  headlineTable,
  topTable,
  trendTable,
  type AnalyticsTable,
} from './analytics-tables.utils.ts';
import {
  BREAKDOWN_OPTIONS,
  TRAFFIC_METRIC,
  breakdownRows,
  groupLabel,
} from './analytics-view.utils.ts';
import { BarSummaryChart } from './bar-summary-chart.tsx';
import { DataTable } from './data-table.tsx';
import { downloadText } from './download-file.ts';
import { HeadlineTiles } from './headline-tiles.tsx';
import { TrendChart } from './trend-chart.tsx';
import { useAnalyticsData, type AnalyticsData } from './use-analytics-data.ts';

const linkClass = 'text-sm font-medium text-brand-700 hover:underline';

function dimensionLabel(breakdown: AnalyticsBreakdown | null): string {
  return BREAKDOWN_OPTIONS.find((option) => option.value === breakdown)?.label ?? '';
}

/**
 * The metric an answer is about. While a new choice loads, the previous answer stays on screen,
 * and keeps its own labels: requests never show under the title of the metric being fetched.
 */
function metricOf(metrics: readonly AnalyticsMetric[], series: AnalyticsSeries): AnalyticsMetric {
  return (
    metrics.find((metric) => metric.name === series.metric) ?? {
      name: series.metric,
      label: series.metric,
      valueType: series.valueType,
      breakdowns: [],
    }
  );
}

function trendTableOf(metrics: readonly AnalyticsMetric[], series: AnalyticsSeries) {
  return trendTable(metricOf(metrics, series), series.granularity, series);
}

function breakdownTableOf(
  metrics: readonly AnalyticsMetric[],
  series: AnalyticsSeries,
  sourceNames: ReadonlyMap<string, string>,
) {
  return breakdownTable(
    dimensionLabel(series.breakdown),
    metricOf(metrics, series),
    series,
    sourceNames,
  );
}

/**
 * Every table the screen shows, in its order (what the CSV holds); null until all of them show
 * the current choice.
 */
function tablesShown(
  data: AnalyticsData,
  metrics: readonly AnalyticsMetric[],
  sourceId: string | null,
  sourceNames: ReadonlyMap<string, string>,
): AnalyticsTable[] | null {
  const queries = [data.trend, data.breakdown, data.topAssets, data.topReferrers];
  if (queries.some((query) => query.isPlaceholderData)) return null;
  const tiles = data.tiles.map(({ metric, current, previous }) =>
    current.data && previous.data
      ? { metric, current: current.data.total, previous: previous.data.total }
      : null,
  );
  const credits = data.credits.map(({ metric, query }) =>
    query.data ? { metric, total: query.data.total } : null,
  );
  const trend = data.trend.data;
  const split = data.breakdown.data;
  const assets = data.topAssets.data;
  const referrers = data.topReferrers.data;
  if (tiles.includes(null) || credits.includes(null) || !trend || !split || !assets || !referrers) {
    return null;
  }
  return [
    headlineTable(tiles.flatMap((tile) => tile ?? [])),
    trendTableOf(metrics, trend),
    breakdownTableOf(metrics, split, sourceNames),
    creditsTable(credits.flatMap((credit) => credit ?? [])),
    topTable('assets', assets, sourceId === null ? sourceNames : null),
    topTable('referrers', referrers, null),
  ];
}

/** The numbers of one selection: totals, then the charts and tables, and their CSV export. */
export function AnalyticsSections({
  metrics,
  period,
  choice,
  sourceId,
  sourceNames,
  trendMetric,
  breakdown,
  onParam,
}: {
  metrics: AnalyticsMetric[];
  period: ResolvedPeriod;
  choice: PeriodChoice;
  sourceId: string | null;
  sourceNames: ReadonlyMap<string, string>;
  trendMetric: AnalyticsMetric;
  breakdown: AnalyticsBreakdown;
  onParam: (name: string, value: string) => void;
}) {
  const data = useAnalyticsData(metrics, { period, sourceId, trendMetric, breakdown });
  const tables = tablesShown(data, metrics, sourceId, sourceNames);
  const traffic = data.tiles.find((tile) => tile.metric.name === TRAFFIC_METRIC)?.current.data;
  const noTraffic = traffic !== undefined && !traffic.total;
  const lastDay = new Date(period.range.end.getTime() - 1);

  const exportCsv = () => {
    if (!tables) return;
    const context = [
      'Darkroom analytics',
      periodLabel(choice),
      `${period.range.start.toISOString()} to ${period.range.end.toISOString()}`,
      sourceId === null ? 'All sources' : (sourceNames.get(sourceId) ?? sourceId),
    ];
    // Without traffic the screen shows the totals alone, the first table.
    downloadText(
      csvFileName(dayOf(period.range.start), dayOf(lastDay)),
      analyticsCsv(context, exportTablesOf(noTraffic ? tables.slice(0, 1) : tables)),
      'text/csv;charset=utf-8',
    );
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-zinc-900">Totals</h2>
        <Button
          type="button"
          variant="secondary"
          size="small"
          disabled={tables === null}
          onClick={exportCsv}
        >
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </Button>
      </div>
      <HeadlineTiles tiles={data.tiles} />

      {noTraffic ? (
        <ListEmpty
          title="No traffic in this period"
          description={
            sourceId === null
              ? 'Nothing was served from your sources in this period. Choose a longer period, or serve an image from a source’s subdomain: its requests show here within a minute.'
              : 'Nothing was served from this source in this period. Choose a longer period or all sources, or open the source to copy a delivery URL.'
          }
          action={
            <Link
              to={sourceId === null ? '/sources' : `/sources/${sourceId}`}
              className={linkClass}
            >
              {sourceId === null ? 'Go to your sources' : 'Open the source'}
            </Link>
          }
        />
      ) : (
        <>
          <AnalyticsSection
            title="Over time"
            description={`Per ${period.granularity}, in UTC.`}
            actions={
              <Select
                label="Metric"
                className="w-full sm:w-64"
                options={metrics.map((metric) => ({ value: metric.name, label: metric.label }))}
                value={trendMetric.name}
                onChange={(value) => onParam('metric', value)}
              />
            }
          >
            {() => (
              <QueryContent query={data.trend} label={`${trendMetric.label} over time`}>
                {(series) => (
                  <TrendChart
                    metric={metricOf(metrics, series)}
                    granularity={series.granularity}
                    series={series}
                    table={trendTableOf(metrics, series)}
                  />
                )}
              </QueryContent>
            )}
          </AnalyticsSection>

          <AnalyticsSection
            title="Breakdown"
            description={`${data.breakdownMetric.label} for the period.`}
            actions={
              <Select
                label="Break down by"
                className="w-full sm:w-56"
                options={BREAKDOWN_OPTIONS}
                value={breakdown}
                onChange={(value) => onParam('breakdown', value)}
              />
            }
          >
            {() => (
              <QueryContent query={data.breakdown} label="the breakdown">
                {(series) => {
                  const table = breakdownTableOf(metrics, series, sourceNames);
                  const bars = breakdownRows(series).map((row) => ({
                    name: groupLabel(row.group, sourceNames),
                    value: row.value,
                  }));
                  return bars.length === 0 ? (
                    <p className="text-sm text-zinc-600">Nothing to break down in this period.</p>
                  ) : (
                    <BarSummaryChart bars={bars} valueType={series.valueType} table={table} />
                  );
                }}
              </QueryContent>
            )}
          </AnalyticsSection>

          <div className="grid gap-6 lg:grid-cols-2">
            <TopSection
              title="Top assets"
              description="The most requested files."
              query={data.topAssets}
              table={(rows) => topTable('assets', rows, sourceId === null ? sourceNames : null)}
            />
            <TopSection
              title="Top referrers"
              description="The sites your images were requested from."
              query={data.topReferrers}
              table={(rows) => topTable('referrers', rows, null)}
            />
          </div>

          {data.credits.length > 0 && (
            <AnalyticsSection title="Credits" description="Credits used in the period, by kind.">
              {() => <CreditsContent data={data} />}
            </AnalyticsSection>
          )}
        </>
      )}
    </div>
  );
}

function TopSection({
  title,
  description,
  query,
  table,
}: {
  title: string;
  description: string;
  query: UseQueryResult<AnalyticsTopRow[]>;
  table: (rows: AnalyticsTopRow[]) => AnalyticsTable;
}) {
  return (
    <AnalyticsSection title={title} description={description}>
      {() => (
        <QueryContent query={query} label={title.toLowerCase()}>
          {(rows) => {
            const shown = table(rows);
            return rows.length === 0 ? (
              <p className="text-sm text-zinc-600">None in this period.</p>
            ) : (
              <DataTable
                caption={shown.title}
                columns={shown.columns}
                rows={shown.rows.map((row) => row.shown)}
              />
            );
          }}
        </QueryContent>
      )}
    </AnalyticsSection>
  );
}

function CreditsContent({ data }: { data: AnalyticsData }) {
  const failed = data.credits.find(({ query }) => query.isError)?.query;
  if (failed) {
    return (
      <ListError
        message={errorMessageOf(failed.error)}
        onRetry={() => {
          for (const { query } of data.credits) if (query.isError) void query.refetch();
        }}
        retrying={failed.isFetching}
      />
    );
  }
  const loaded = data.credits.flatMap(({ metric, query }) =>
    query.data ? [{ metric, total: query.data.total }] : [],
  );
  if (loaded.length < data.credits.length) return <ChartSkeleton label="Loading credits" />;
  return (
    <BarSummaryChart
      bars={loaded.map(({ metric, total }) => ({ name: metric.label, value: total ?? 0 }))}
      valueType="count"
      table={creditsTable(loaded)}
    />
  );
}
