import { DAY, YEAR } from '@darkroom/core';
import type { AnalyticsGranularity } from '../../api/analytics.ts';

// Periods are read in UTC, like the server's hourly and daily rollups: a day on the chart is the
// same day the API sums, wherever the reader sits.

export type PeriodKey = '24h' | '7d' | '30d' | 'this-month' | 'last-month' | 'custom';

export const PERIOD_OPTIONS: readonly { value: PeriodKey; label: string }[] = [
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'custom', label: 'Custom range' },
];

const DEFAULT_PERIOD: PeriodKey = '7d';

/** The longest custom range: a year of daily points is still a readable chart. */
const MAX_CUSTOM_DAYS = 366;

/** The period as the address holds it; a custom range has its first and last day (inclusive). */
export type PeriodChoice =
  { key: Exclude<PeriodKey, 'custom'> } | { key: 'custom'; from: string; to: string };

/** Instants, the end exclusive. */
export interface DateRange {
  start: Date;
  end: Date;
}

export interface ResolvedPeriod {
  range: DateRange;
  /** The period the headline tiles compare against. */
  previous: DateRange;
  granularity: AnalyticsGranularity;
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** `2026-11-22` as midnight UTC, or null when it is no calendar date. */
export function parseDay(day: string): Date | null {
  if (!DATE_PATTERN.test(day)) return null;
  const date = new Date(`${day}T00:00:00.000Z`);
  // `2026-02-30` parses to March 2nd: a date that does not round-trip does not exist.
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : date;
}

/** The UTC calendar day of an instant: `2026-11-22`. */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function monthStart(date: Date, monthsBack = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - monthsBack, 1));
}

/** Why a custom range cannot be shown, or null when it can. */
export function customRangeError(from: string, to: string, now: Date): string | null {
  const start = parseDay(from);
  const end = parseDay(to);
  if (start === null || end === null) return 'Enter both dates.';
  if (start > end) return 'The start date must be on or before the end date.';
  if (start > now) return 'The start date cannot be in the future.';
  if ((end.getTime() - start.getTime()) / DAY + 1 > MAX_CUSTOM_DAYS) {
    return `Choose at most ${MAX_CUSTOM_DAYS} days.`;
  }
  return null;
}

/** The period in the address (`?period=30d`, `?period=custom&from=…&to=…`); anything else is the default. */
export function periodFromParams(params: URLSearchParams, now: Date): PeriodChoice {
  const key = params.get('period');
  if (key === 'custom') {
    const from = params.get('from') ?? '';
    const to = params.get('to') ?? '';
    return customRangeError(from, to, now) === null
      ? { key, from, to }
      : { key: DEFAULT_PERIOD as Exclude<PeriodKey, 'custom'> };
  }
  const preset = PERIOD_OPTIONS.find((option) => option.value === key && key !== 'custom');
  return { key: (preset?.value ?? DEFAULT_PERIOD) as Exclude<PeriodKey, 'custom'> };
}

/** The address with the period written in, keeping its other parameters (the source). */
export function periodToParams(choice: PeriodChoice, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('period', choice.key);
  if (choice.key === 'custom') {
    next.set('from', choice.from);
    next.set('to', choice.to);
  } else {
    next.delete('from');
    next.delete('to');
  }
  return next;
}

/** Hours for a day or two, days up to about a quarter, months beyond. */
export function granularityFor(range: DateRange): AnalyticsGranularity {
  const days = (range.end.getTime() - range.start.getTime()) / DAY;
  if (days <= 2) return 'hour';
  if (days <= 92) return 'day';
  return 'month';
}

function shiftedBack(range: DateRange): DateRange {
  const length = range.end.getTime() - range.start.getTime();
  return { start: new Date(range.start.getTime() - length), end: range.start };
}

/** The period's instants at `now`, the one before it, and the chart's granularity. */
export function resolvePeriod(choice: PeriodChoice, now: Date): ResolvedPeriod {
  const at = (range: DateRange, previous = shiftedBack(range)): ResolvedPeriod => ({
    range,
    previous,
    granularity: granularityFor(range),
  });
  const back = (length: number) => ({ start: new Date(now.getTime() - length), end: now });
  switch (choice.key) {
    case '24h':
      return at(back(DAY));
    case '7d':
      return at(back(7 * DAY));
    case '30d':
      return at(back(30 * DAY));
    case 'this-month': {
      // Compared with the same number of days of the month before: 1-22 November with 1-22 October.
      const start = monthStart(now);
      const previousStart = monthStart(now, 1);
      return at(
        { start, end: now },
        {
          start: previousStart,
          end: new Date(previousStart.getTime() + (now.getTime() - start.getTime())),
        },
      );
    }
    case 'last-month':
      return at(
        { start: monthStart(now, 1), end: monthStart(now) },
        { start: monthStart(now, 2), end: monthStart(now, 1) },
      );
    case 'custom': {
      const start = parseDay(choice.from) ?? now;
      const lastDay = parseDay(choice.to) ?? now;
      const dayAfter = new Date(lastDay.getTime() + DAY);
      return at({ start, end: dayAfter < now ? dayAfter : now });
    }
  }
}

/** What the period reads as in a heading: "Last 7 days", "2026-11-01 to 2026-11-10". */
export function periodLabel(choice: PeriodChoice): string {
  if (choice.key !== 'custom') {
    return PERIOD_OPTIONS.find((option) => option.value === choice.key)?.label ?? choice.key;
  }
  return `${choice.from} to ${choice.to}`;
}

/** The custom picker's date bounds: nothing after today, nothing older than two years. */
export function customDateBounds(now: Date): { min: string; max: string } {
  return { min: dayOf(new Date(now.getTime() - 2 * YEAR)), max: dayOf(now) };
}
