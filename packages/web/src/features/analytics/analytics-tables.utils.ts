import type {
  AnalyticsGranularity,
  AnalyticsMetric,
  AnalyticsSeries,
  AnalyticsTopRow,
  AnalyticsValueType,
} from '../../api/analytics.ts';
import type { ExportTable } from './analytics-csv.utils.ts';
import { changeBetween, formatBucketTime, formatMetricValue } from './analytics-format.utils.ts';
import { breakdownRows, groupLabel, trendRows } from './analytics-view.utils.ts';

// Every table on the screen is built here once, with each cell as shown and as exported: the
// page renders the shown text, the CSV export writes the raw numbers of the same rows.

type RawCell = string | number | null;

export interface AnalyticsTable {
  title: string;
  /** The headers on the screen. */
  columns: string[];
  /** The headers in the export, with the unit the raw numbers are in. */
  exportColumns: string[];
  rows: { shown: string[]; raw: RawCell[] }[];
}

const UNITS: Record<AnalyticsValueType, string | null> = {
  count: null,
  binary_size: 'bytes',
  ms: 'ms',
  percentage: '%',
};

function withUnit(title: string, valueType: AnalyticsValueType): string {
  const unit = UNITS[valueType];
  return unit === null ? title : `${title} (${unit})`;
}

function valueCell(value: number | null, valueType: AnalyticsValueType) {
  return { shown: value === null ? '–' : formatMetricValue(value, valueType), raw: value };
}

function row(cells: { shown: string; raw: RawCell }[]) {
  return { shown: cells.map((cell) => cell.shown), raw: cells.map((cell) => cell.raw) };
}

export interface HeadlineFigures {
  metric: AnalyticsMetric;
  current: number | null;
  previous: number | null;
}

export function headlineTable(figures: readonly HeadlineFigures[]): AnalyticsTable {
  return {
    title: 'Totals',
    columns: ['Metric', 'This period', 'Previous period', 'Change'],
    exportColumns: [
      'Metric',
      'Value type',
      'This period',
      'Previous period',
      'Change (%, points for percentages)',
    ],
    rows: figures.map(({ metric, current, previous }) => {
      const change = changeBetween(current, previous, metric.valueType);
      const label = { shown: metric.label, raw: metric.label };
      const now = valueCell(current, metric.valueType);
      const before = valueCell(previous, metric.valueType);
      return {
        shown: [label.shown, now.shown, before.shown, change.text],
        raw: [metric.label, metric.valueType, current, previous, change.amount],
      };
    }),
  };
}

export function trendTable(
  metric: AnalyticsMetric,
  granularity: AnalyticsGranularity,
  series: AnalyticsSeries,
): AnalyticsTable {
  const rows = trendRows(series);
  const hasAverage = series.movingAverage !== null;
  const hasPrevious = series.previousMonth !== null;
  const titles = [
    metric.label,
    ...(hasAverage ? ['Moving average'] : []),
    ...(hasPrevious ? ['Previous month'] : []),
  ];
  return {
    title: `${metric.label} over time`,
    columns: ['Time (UTC)', ...titles],
    exportColumns: ['Time', ...titles.map((title) => withUnit(title, metric.valueType))],
    rows: rows.map((point) =>
      row([
        { shown: formatBucketTime(point.time, granularity), raw: point.time },
        valueCell(point.value, metric.valueType),
        ...(hasAverage ? [valueCell(point.movingAverage, metric.valueType)] : []),
        ...(hasPrevious ? [valueCell(point.previousMonth, metric.valueType)] : []),
      ]),
    ),
  };
}

export function breakdownTable(
  dimensionLabel: string,
  metric: AnalyticsMetric,
  series: AnalyticsSeries,
  sourceNames: ReadonlyMap<string, string>,
): AnalyticsTable {
  return {
    title: `${metric.label} by ${dimensionLabel.toLowerCase()}`,
    columns: [dimensionLabel, metric.label],
    exportColumns: [dimensionLabel, withUnit(metric.label, metric.valueType)],
    rows: breakdownRows(series).map(({ group, value }) => {
      const name = groupLabel(group, sourceNames);
      return row([{ shown: name, raw: name }, valueCell(value, metric.valueType)]);
    }),
  };
}

export function creditsTable(
  credits: readonly { metric: AnalyticsMetric; total: number | null }[],
): AnalyticsTable {
  return {
    title: 'Credits used',
    columns: ['Kind', 'Credits'],
    exportColumns: ['Kind', 'Credits'],
    rows: credits.map(({ metric, total }) =>
      row([{ shown: metric.label, raw: metric.label }, valueCell(total, metric.valueType)]),
    ),
  };
}

/** The most requested assets or referrers; assets name their source when several are shown. */
export function topTable(
  kind: 'assets' | 'referrers',
  rows: readonly AnalyticsTopRow[],
  sourceNames: ReadonlyMap<string, string> | null,
): AnalyticsTable {
  const first = kind === 'assets' ? 'Asset' : 'Referrer';
  const withSource = kind === 'assets' && sourceNames !== null;
  return {
    title: kind === 'assets' ? 'Top assets' : 'Top referrers',
    columns: [first, ...(withSource ? ['Source'] : []), 'Requests', 'Bandwidth'],
    exportColumns: [first, ...(withSource ? ['Source'] : []), 'Requests', 'Bandwidth (bytes)'],
    rows: rows.map((top) => {
      const source = top.sourceId === null ? '' : (sourceNames?.get(top.sourceId) ?? top.sourceId);
      return row([
        { shown: top.value, raw: top.value },
        ...(withSource ? [{ shown: source, raw: source }] : []),
        valueCell(top.requests, 'count'),
        valueCell(top.bandwidth, 'binary_size'),
      ]);
    }),
  };
}

/** The tables as the CSV export writes them. */
export function exportTablesOf(tables: readonly AnalyticsTable[]): ExportTable[] {
  return tables.map((table) => ({
    title: table.title,
    columns: table.exportColumns,
    rows: table.rows.map((tableRow) => tableRow.raw),
  }));
}
