import { formatBytes } from '@darkroom/core';
import type { AnalyticsGranularity, AnalyticsValueType } from '../../api/analytics.ts';

// Credits come in fractions (a standard transformation is 1/500 of a credit, spec platform
// section 9), so counts keep up to three decimals.
const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A metric value as people read it: "1,234", "1.5 MB", "84 ms", "97.5%"; a dash for none. */
export function formatMetricValue(value: number | null, valueType: AnalyticsValueType): string {
  if (value === null) return '–';
  switch (valueType) {
    case 'count':
      return countFormat.format(value);
    case 'binary_size':
      // Spec platform section 9: file sizes in base-1000 units.
      return formatBytes(value);
    case 'ms':
      return `${oneDecimal.format(value)} ms`;
    case 'percentage':
      return `${oneDecimal.format(value)}%`;
  }
}

export type ChangeDirection = 'up' | 'down' | 'flat' | 'new' | 'none';

export interface Change {
  direction: ChangeDirection;
  /** "+12.5%", "−3 pts", "No change", "New", "No comparison". */
  text: string;
  /** The signed change to one decimal (percent, or points for percentages); null without one. */
  amount: number | null;
}

const tenths = (value: number) => Math.round(value * 10) / 10;

/**
 * The change from the previous period. Percentages (delivery success) change by points, since a
 * relative change of a ratio reads ambiguously; other metrics by a relative percentage.
 */
export function changeBetween(
  current: number | null,
  previous: number | null,
  valueType: AnalyticsValueType,
): Change {
  // An average over no requests has no value to compare with.
  if (current === null || previous === null) {
    return { direction: 'none', text: 'No comparison', amount: null };
  }
  const sign = (delta: number) => (delta > 0 ? '+' : '−');
  if (valueType === 'percentage') {
    const delta = current - previous;
    if (Math.abs(delta) < 0.05) return { direction: 'flat', text: 'No change', amount: 0 };
    return {
      direction: delta > 0 ? 'up' : 'down',
      text: `${sign(delta)}${oneDecimal.format(Math.abs(delta))} pts`,
      amount: tenths(delta),
    };
  }
  if (current === previous) return { direction: 'flat', text: 'No change', amount: 0 };
  if (previous === 0) return { direction: 'new', text: 'New', amount: null };
  const relative = ((current - previous) / previous) * 100;
  return {
    direction: relative > 0 ? 'up' : 'down',
    text: `${sign(relative)}${oneDecimal.format(Math.abs(relative))}%`,
    amount: tenths(relative),
  };
}

const bucketFormats: Record<AnalyticsGranularity, Intl.DateTimeFormat> = {
  hour: new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }),
  day: new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' }),
  month: new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'short', year: 'numeric' }),
};

/** A chart bucket's time, in UTC like the rollups: "22 Nov, 14:00", "22 Nov", "Nov 2026". */
export function formatBucketTime(time: string, granularity: AnalyticsGranularity): string {
  const date = new Date(time);
  return Number.isNaN(date.getTime()) ? time : bucketFormats[granularity].format(date);
}
