import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type {
  AnalyticsGranularity,
  AnalyticsMetric,
  AnalyticsSeries,
} from '../../api/analytics.ts';
import { formatBucketTime, formatMetricValue } from './analytics-format.utils.ts';
import type { AnalyticsTable } from './analytics-tables.utils.ts';
import { trendRows } from './analytics-view.utils.ts';
import { DataTable } from './data-table.tsx';

export const CHART_COLORS = {
  main: '#ea580c',
  average: '#3f3f46',
  previous: '#a1a1aa',
  grid: '#e4e4e7',
  axis: '#71717a',
};

const AXIS_TICK = { fontSize: 12, fill: CHART_COLORS.axis };

/** The metric over the period, with its moving average and the previous month where it has them. */
export function TrendChart({
  metric,
  granularity,
  series,
  table,
}: {
  metric: AnalyticsMetric;
  granularity: AnalyticsGranularity;
  series: AnalyticsSeries;
  table: AnalyticsTable;
}) {
  const format = (value: unknown) => formatMetricValue(Number(value), metric.valueType);
  const data = trendRows(series).map((row) => ({
    ...row,
    label: formatBucketTime(row.time, granularity),
  }));
  const summary =
    `Line chart of ${metric.label.toLowerCase()} per ${granularity}, ${data.length} points, ` +
    `total ${formatMetricValue(series.total, metric.valueType)}. The table below lists each point.`;

  return (
    <div className="space-y-3">
      <div role="img" aria-label={summary}>
        <LineChart
          responsive
          data={data}
          style={{ width: '100%', height: 280 }}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={CHART_COLORS.grid} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={AXIS_TICK} minTickGap={24} />
          <YAxis tick={AXIS_TICK} width={80} tickFormatter={format} allowDecimals />
          <Tooltip formatter={format} />
          <Legend />
          <Line
            type="monotone"
            dataKey="value"
            name={metric.label}
            stroke={CHART_COLORS.main}
            strokeWidth={2}
            dot={data.length < 2}
            isAnimationActive={false}
          />
          {series.movingAverage !== null && (
            <Line
              type="monotone"
              dataKey="movingAverage"
              name="Moving average"
              stroke={CHART_COLORS.average}
              strokeDasharray="5 4"
              dot={false}
              connectNulls
              isAnimationActive={false}
            />
          )}
          {series.previousMonth !== null && (
            <Line
              type="monotone"
              dataKey="previousMonth"
              name="Previous month"
              stroke={CHART_COLORS.previous}
              dot={false}
              connectNulls
              isAnimationActive={false}
            />
          )}
        </LineChart>
      </div>
      <details className="group">
        <summary className="cursor-pointer text-sm font-medium text-zinc-700 hover:text-zinc-900">
          Show the numbers
        </summary>
        <div className="mt-2">
          <DataTable
            caption={table.title}
            columns={table.columns}
            rows={table.rows.map((r) => r.shown)}
          />
        </div>
      </details>
    </div>
  );
}
