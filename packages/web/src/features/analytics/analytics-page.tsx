import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  useAnalyticsMetricsQuery,
  type AnalyticsBreakdown,
  type AnalyticsMetric,
} from '../../api/analytics.ts';
import { DEMO_SOURCE_ID, useSourcesQuery } from '../../api/sources.ts';
import { useDocumentTitle } from '../../app/document-title.ts';
import { Select } from '../../ui/index.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { ListEmpty, ListError } from '../lists/list-states.tsx';
import { PermissionGate } from '../permissions/permission-required.tsx';
import {
  periodFromParams,
  periodLabel,
  periodToParams,
  resolvePeriod,
  type PeriodChoice,
  type ResolvedPeriod,
} from './analytics-period.utils.ts';
import { ChartSkeleton } from './analytics-section.tsx';
import { AnalyticsSections } from './analytics-sections.tsx';
import { BREAKDOWN_OPTIONS, TRAFFIC_METRIC } from './analytics-view.utils.ts';
import { PeriodPicker } from './period-picker.tsx';

/** Spec platform section 9: the page size that lists all of an account's sources at once. */
const SOURCE_PAGE_SIZE = 300;
const ALL_SOURCES = 'all';

function breakdownOf(value: string | null): AnalyticsBreakdown {
  return BREAKDOWN_OPTIONS.find((option) => option.value === value)?.value ?? 'device';
}

/** The chart choices (metric, breakdown) live in the address too, replacing its entry. */
function AnalyticsBody({
  metrics,
  period,
  choice,
  sourceId,
  sourceNames,
}: {
  metrics: AnalyticsMetric[];
  period: ResolvedPeriod;
  choice: PeriodChoice;
  sourceId: string | null;
  sourceNames: ReadonlyMap<string, string>;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const trendMetric =
    metrics.find((metric) => metric.name === searchParams.get('metric')) ??
    metrics.find((metric) => metric.name === TRAFFIC_METRIC) ??
    metrics[0];
  const breakdown = breakdownOf(searchParams.get('breakdown'));
  const setParam = (name: string, value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(name, value);
        return next;
      },
      { replace: true },
    );

  if (!trendMetric) {
    return <ListEmpty title="No metrics" description="This server reports no analytics metrics." />;
  }
  return (
    <AnalyticsSections
      metrics={metrics}
      period={period}
      choice={choice}
      sourceId={sourceId}
      sourceNames={sourceNames}
      trendMetric={trendMetric}
      breakdown={breakdown}
      onParam={setParam}
    />
  );
}

/**
 * The analytics screen (route /analytics): period and source in the address, then the numbers.
 * Reading them needs the Analytics group (platform spec section 5).
 */
export function AnalyticsPage() {
  return (
    <PermissionGate group="analytics" title="Analytics">
      <AnalyticsScreen />
    </PermissionGate>
  );
}

function AnalyticsScreen() {
  useDocumentTitle('Analytics');
  const [searchParams, setSearchParams] = useSearchParams();
  // "Now" is read when the screen opens and when the period changes, so a period's instants, and
  // with them the query keys, stay put while the screen is open.
  const [now, setNow] = useState(() => new Date());
  const choice = useMemo(() => periodFromParams(searchParams, now), [searchParams, now]);
  const period = useMemo(() => resolvePeriod(choice, now), [choice, now]);
  const sourceId = searchParams.get('source');
  const metrics = useAnalyticsMetricsQuery();
  const sources = useSourcesQuery({ page: 1, pageSize: SOURCE_PAGE_SIZE });
  const sourceList = useMemo(() => sources.data?.sources ?? [], [sources.data]);
  const sourceNames = useMemo(
    () =>
      new Map([
        [DEMO_SOURCE_ID, 'Demo source'],
        ...sourceList.map((source) => [source.id, source.name] as const),
      ]),
    [sourceList],
  );

  const changePeriod = (next: PeriodChoice) => {
    setNow(new Date());
    setSearchParams((current) => periodToParams(next, current));
  };
  const changeSource = (id: string) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (id === ALL_SOURCES) next.delete('source');
      else next.set('source', id);
      return next;
    });

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900">Analytics</h1>
          <p className="mt-1 text-sm text-zinc-600">
            What your sources served and what it cost: {periodLabel(choice).toLowerCase()}.
          </p>
        </div>
        <div className="flex w-full flex-wrap items-start gap-2 sm:w-auto">
          <PeriodPicker choice={choice} now={now} onChange={changePeriod} />
          <Select
            label="Source"
            className="w-full sm:w-64"
            options={[
              { value: ALL_SOURCES, label: 'All sources' },
              ...sourceList.map((source) => ({ value: source.id, label: source.name })),
            ]}
            value={sourceId ?? ALL_SOURCES}
            disabled={sources.isPending}
            onChange={changeSource}
          />
        </div>
      </div>

      {metrics.isPending ? (
        <ChartSkeleton label="Loading analytics" height="h-96" />
      ) : metrics.isError ? (
        <ListError
          message={errorMessageOf(metrics.error)}
          onRetry={() => void metrics.refetch()}
          retrying={metrics.isFetching}
        />
      ) : (
        <AnalyticsBody
          metrics={metrics.data}
          period={period}
          choice={choice}
          sourceId={sourceId}
          sourceNames={sourceNames}
        />
      )}
    </div>
  );
}
