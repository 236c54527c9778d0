import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsValueType } from '../../api/analytics.ts';
import { formatMetricValue } from './analytics-format.utils.ts';
import type { AnalyticsTable } from './analytics-tables.utils.ts';
import { DataTable } from './data-table.tsx';
import { CHART_COLORS } from './trend-chart.tsx';

const AXIS_TICK = { fontSize: 12, fill: CHART_COLORS.axis };
const ROW_HEIGHT = 32;

/**
 * Horizontal bars with their table beside them (a breakdown, the credits): long group names
 * (browsers, referrer hosts) read better down the side than under the bars.
 */
export function BarSummaryChart({
  bars,
  valueType,
  table,
}: {
  bars: readonly { name: string; value: number }[];
  valueType: AnalyticsValueType;
  table: AnalyticsTable;
}) {
  const format = (value: unknown) => formatMetricValue(Number(value), valueType);
  const summary =
    `Bar chart of ${table.title.toLowerCase()}: ` +
    bars.map((bar) => `${bar.name} ${format(bar.value)}`).join(', ') +
    '.';

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div role="img" aria-label={summary} className="min-w-0">
        <BarChart
          responsive
          layout="vertical"
          data={[...bars]}
          style={{ width: '100%', height: Math.max(120, bars.length * ROW_HEIGHT + 40) }}
          margin={{ top: 4, right: 16, bottom: 4, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid stroke={CHART_COLORS.grid} strokeDasharray="3 3" horizontal={false} />
          <XAxis
            type="number"
            tick={AXIS_TICK}
            tickFormatter={format}
            // Half a request is no tick to show; fractions of a credit are.
            allowDecimals={!bars.every((bar) => Number.isInteger(bar.value))}
          />
          <YAxis type="category" dataKey="name" tick={AXIS_TICK} width={112} />
          <Tooltip formatter={format} />
          <Bar
            dataKey="value"
            name={table.columns[1] ?? 'Value'}
            fill={CHART_COLORS.main}
            radius={[0, 4, 4, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </div>
      <DataTable
        caption={table.title}
        columns={table.columns}
        rows={table.rows.map((row) => row.shown)}
      />
    </div>
  );
}
