import { describe, expect, it } from 'vitest';
import type { AnalyticsMetric, AnalyticsSeries } from '../../api/analytics.ts';
import {
  breakdownTable,
  creditsTable,
  exportTablesOf,
  headlineTable,
  topTable,
  trendTable,
} from './analytics-tables.utils.ts';
import { breakdownRows, creditMetrics, headlineMetrics } from './analytics-view.utils.ts';

const metric = (
  name: string,
  label: string,
  valueType: AnalyticsMetric['valueType'] = 'count',
): AnalyticsMetric => ({
  name,
  label,
  valueType,
  breakdowns: ['device', 'os', 'browser', 'referrer', 'source'],
});

const requests = metric('requests', 'Requests');
const bandwidth = metric('bandwidth', 'Bandwidth', 'binary_size');

function series(
  points: { time?: string; value: number | null; group?: string }[],
  extra: Partial<AnalyticsSeries> = {},
): AnalyticsSeries {
  return {
    metric: 'requests',
    granularity: 'day',
    breakdown: null,
    valueType: 'count',
    total: null,
    points: points.map((point) => ({
      time: point.time ?? '2026-11-22T00:00:00.000Z',
      value: point.value,
      group: point.group ?? null,
    })),
    groups: null,
    movingAverage: null,
    previousMonth: null,
    ...extra,
  };
}

describe('trendTable', () => {
  it('lines up the moving average and the previous month with the points by time', () => {
    const table = trendTable(
      bandwidth,
      'day',
      series(
        [
          { time: '2026-11-21T00:00:00.000Z', value: 1500 },
          { time: '2026-11-22T00:00:00.000Z', value: 2_000_000 },
        ],
        {
          movingAverage: [
            { time: '2026-11-21T00:00:00.000Z', value: 1500 },
            { time: '2026-11-22T00:00:00.000Z', value: 1_000_750 },
          ],
          previousMonth: [{ time: '2026-11-21T00:00:00.000Z', value: 500 }],
        },
      ),
    );
    expect(table.columns).toEqual(['Time (UTC)', 'Bandwidth', 'Moving average', 'Previous month']);
    expect(table.exportColumns).toEqual([
      'Time',
      'Bandwidth (bytes)',
      'Moving average (bytes)',
      'Previous month (bytes)',
    ]);
    expect(table.rows).toEqual([
      {
        shown: ['21 Nov', '1.5 KB', '1.5 KB', '500 Bytes'],
        raw: ['2026-11-21T00:00:00.000Z', 1500, 1500, 500],
      },
      {
        shown: ['22 Nov', '2 MB', '1 MB', '–'],
        raw: ['2026-11-22T00:00:00.000Z', 2_000_000, 1_000_750, null],
      },
    ]);
  });

  it('leaves out the columns a metric does not have', () => {
    const table = trendTable(requests, 'hour', series([{ value: 3 }]));
    expect(table.columns).toEqual(['Time (UTC)', 'Requests']);
  });
});

describe('breakdownRows and breakdownTable', () => {
  it('sums each group of the points when the answer has no group values, largest first', () => {
    const split = series([
      { time: '2026-11-21T00:00:00.000Z', value: 2, group: 'Smartphone' },
      { time: '2026-11-21T00:00:00.000Z', value: 4, group: 'Desktop PC' },
      { time: '2026-11-22T00:00:00.000Z', value: 3, group: 'Smartphone' },
      { time: '2026-11-22T00:00:00.000Z', value: 0, group: 'Bot' },
      { time: '2026-11-22T00:00:00.000Z', value: null, group: 'Other' },
    ]);
    expect(breakdownRows(split)).toEqual([
      { group: 'Smartphone', value: 5 },
      { group: 'Desktop PC', value: 4 },
    ]);
    const bySource = breakdownTable(
      'Source',
      requests,
      series([{ value: 7, group: 'f'.repeat(24) }]),
      new Map([['f'.repeat(24), 'photos']]),
    );
    expect(bySource.title).toBe('Requests by source');
    expect(bySource.rows).toEqual([{ shown: ['photos', '7'], raw: ['photos', 7] }]);
  });

  it("takes the server's group values, which an average cannot be summed into", () => {
    const split = series([{ value: 100, group: 'Chrome' }], {
      valueType: 'ms',
      groups: [
        { group: 'Safari', value: 40 },
        { group: 'Chrome', value: 85.5 },
        { group: 'Firefox', value: null },
      ],
    });
    expect(breakdownRows(split)).toEqual([
      { group: 'Chrome', value: 85.5 },
      { group: 'Safari', value: 40 },
    ]);
    // Averages beyond the limit are cut, not summed.
    expect(breakdownRows(split, 1)).toEqual([{ group: 'Chrome', value: 85.5 }]);
  });

  it('sums the groups beyond the limit into Other', () => {
    const split = series(
      ['a', 'b', 'c', 'd'].map((group, index) => ({ value: 10 - index, group })),
    );
    expect(breakdownRows(split, 3)).toEqual([
      { group: 'a', value: 10 },
      { group: 'b', value: 9 },
      { group: 'Other', value: 15 },
    ]);
  });
});

describe('headlineTable, creditsTable and exportTablesOf', () => {
  it('shows formatted values and exports the raw numbers of the same rows', () => {
    const totals = headlineTable([
      { metric: requests, current: 12, previous: 8 },
      {
        metric: metric('average_response_time', 'Average response time', 'ms'),
        current: null,
        previous: 40,
      },
    ]);
    expect(totals.rows.map((row) => row.shown)).toEqual([
      ['Requests', '12', '8', '+50%'],
      ['Average response time', '–', '40 ms', 'No comparison'],
    ]);
    const credits = creditsTable([
      { metric: metric('standard_render_credits', 'Standard render credits'), total: 0.004 },
    ]);
    expect(exportTablesOf([totals, credits])).toEqual([
      {
        title: 'Totals',
        columns: [
          'Metric',
          'Value type',
          'This period',
          'Previous period',
          'Change (%, points for percentages)',
        ],
        rows: [
          ['Requests', 'count', 12, 8, 50],
          ['Average response time', 'ms', null, 40, null],
        ],
      },
      {
        title: 'Credits used',
        columns: ['Kind', 'Credits'],
        rows: [['Standard render credits', 0.004]],
      },
    ]);
  });
});

describe('topTable', () => {
  it('names the source of each asset across sources, and none for referrers', () => {
    const assets = topTable(
      'assets',
      [{ sourceId: 'f'.repeat(24), value: '/coffee.png', requests: 3, bandwidth: 21_000 }],
      new Map([['f'.repeat(24), 'photos']]),
    );
    expect(assets.columns).toEqual(['Asset', 'Source', 'Requests', 'Bandwidth']);
    expect(assets.rows).toEqual([
      { shown: ['/coffee.png', 'photos', '3', '21 KB'], raw: ['/coffee.png', 'photos', 3, 21_000] },
    ]);
    const referrers = topTable(
      'referrers',
      [{ sourceId: null, value: '(direct)', requests: 2, bandwidth: 0 }],
      null,
    );
    expect(referrers.exportColumns).toEqual(['Referrer', 'Requests', 'Bandwidth (bytes)']);
    expect(referrers.rows[0]?.shown).toEqual(['(direct)', '2', '0 Bytes']);
  });
});

describe('headlineMetrics and creditMetrics', () => {
  it('pick the tiles in their order and the credit kinds under the total', () => {
    const catalogue = [
      metric('total_credits', 'Total credits used'),
      metric('standard_render_credits', 'Standard render credits'),
      metric('management_credits', 'Management credits'),
      bandwidth,
      requests,
      metric('cdn_misses', 'CDN misses'),
    ];
    expect(headlineMetrics(catalogue).map((item) => item.name)).toEqual([
      'requests',
      'bandwidth',
      'total_credits',
    ]);
    expect(creditMetrics(catalogue).map((item) => item.name)).toEqual([
      'standard_render_credits',
      'management_credits',
    ]);
  });
});
