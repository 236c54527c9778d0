import { describe, expect, it } from 'vitest';
import {
  customRangeError,
  granularityFor,
  parseDay,
  periodFromParams,
  periodToParams,
  resolvePeriod,
} from './analytics-period.utils.ts';

const now = new Date('2026-11-22T10:30:00.000Z');
const iso = (range: { start: Date; end: Date }) => [
  range.start.toISOString(),
  range.end.toISOString(),
];

describe('resolvePeriod', () => {
  it('ends the rolling periods now and compares them with the same length just before', () => {
    const day = resolvePeriod({ key: '24h' }, now);
    expect(iso(day.range)).toEqual(['2026-11-21T10:30:00.000Z', '2026-11-22T10:30:00.000Z']);
    expect(iso(day.previous)).toEqual(['2026-11-20T10:30:00.000Z', '2026-11-21T10:30:00.000Z']);
    expect(day.granularity).toBe('hour');

    const week = resolvePeriod({ key: '7d' }, now);
    expect(iso(week.range)).toEqual(['2026-11-15T10:30:00.000Z', '2026-11-22T10:30:00.000Z']);
    expect(iso(week.previous)).toEqual(['2026-11-08T10:30:00.000Z', '2026-11-15T10:30:00.000Z']);
    expect(week.granularity).toBe('day');

    expect(iso(resolvePeriod({ key: '30d' }, now).range)).toEqual([
      '2026-10-23T10:30:00.000Z',
      '2026-11-22T10:30:00.000Z',
    ]);
  });

  it('compares this month so far with as many days of the month before', () => {
    const period = resolvePeriod({ key: 'this-month' }, now);
    expect(iso(period.range)).toEqual(['2026-11-01T00:00:00.000Z', '2026-11-22T10:30:00.000Z']);
    expect(iso(period.previous)).toEqual(['2026-10-01T00:00:00.000Z', '2026-10-22T10:30:00.000Z']);
  });

  it('takes last month as whole calendar months, across a year boundary too', () => {
    const period = resolvePeriod({ key: 'last-month' }, new Date('2027-01-05T08:00:00.000Z'));
    expect(iso(period.range)).toEqual(['2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
    expect(iso(period.previous)).toEqual(['2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z']);
    expect(period.granularity).toBe('day');
  });

  it('covers a custom range from the first day to the end of the last, never past now', () => {
    const past = resolvePeriod({ key: 'custom', from: '2026-11-01', to: '2026-11-10' }, now);
    expect(iso(past.range)).toEqual(['2026-11-01T00:00:00.000Z', '2026-11-11T00:00:00.000Z']);
    expect(iso(past.previous)).toEqual(['2026-10-22T00:00:00.000Z', '2026-11-01T00:00:00.000Z']);

    const today = resolvePeriod({ key: 'custom', from: '2026-11-22', to: '2026-11-22' }, now);
    expect(iso(today.range)).toEqual(['2026-11-22T00:00:00.000Z', '2026-11-22T10:30:00.000Z']);
    expect(today.granularity).toBe('hour');
  });
});

describe('granularityFor', () => {
  const days = (count: number) => ({ start: new Date(0), end: new Date(count * 86_400_000) });

  it('uses hours up to two days, days up to 92 days and months beyond', () => {
    expect(granularityFor(days(2))).toBe('hour');
    expect(granularityFor(days(3))).toBe('day');
    expect(granularityFor(days(92))).toBe('day');
    expect(granularityFor(days(93))).toBe('month');
  });
});

describe('customRangeError', () => {
  it('accepts a range of past days, and a single day', () => {
    expect(customRangeError('2026-11-01', '2026-11-10', now)).toBeNull();
    expect(customRangeError('2026-11-22', '2026-11-22', now)).toBeNull();
  });

  it('refuses missing or impossible dates, a reversed range, the future and over 366 days', () => {
    expect(customRangeError('', '2026-11-10', now)).toBe('Enter both dates.');
    expect(customRangeError('2026-02-30', '2026-03-02', now)).toBe('Enter both dates.');
    expect(customRangeError('2026-11-10', '2026-11-01', now)).toBe(
      'The start date must be on or before the end date.',
    );
    expect(customRangeError('2026-11-23', '2026-11-24', now)).toBe(
      'The start date cannot be in the future.',
    );
    expect(customRangeError('2025-11-20', '2026-11-21', now)).toBe('Choose at most 366 days.');
    expect(customRangeError('2025-11-21', '2026-11-21', now)).toBeNull();
  });
});

describe('periodFromParams and periodToParams', () => {
  it('round-trips presets and custom ranges through the address, keeping the source', () => {
    const custom = periodToParams(
      { key: 'custom', from: '2026-11-01', to: '2026-11-10' },
      new URLSearchParams('source=abc'),
    );
    expect(custom.toString()).toBe('source=abc&period=custom&from=2026-11-01&to=2026-11-10');
    expect(periodFromParams(custom, now)).toEqual({
      key: 'custom',
      from: '2026-11-01',
      to: '2026-11-10',
    });

    const preset = periodToParams({ key: 'last-month' }, custom);
    expect(preset.toString()).toBe('source=abc&period=last-month');
    expect(periodFromParams(preset, now)).toEqual({ key: 'last-month' });
  });

  it('falls back to the last 7 days for an unknown period or an invalid custom range', () => {
    expect(periodFromParams(new URLSearchParams(), now)).toEqual({ key: '7d' });
    expect(periodFromParams(new URLSearchParams('period=forever'), now)).toEqual({ key: '7d' });
    expect(
      periodFromParams(new URLSearchParams('period=custom&from=2026-11-10&to=2026-11-01'), now),
    ).toEqual({ key: '7d' });
  });
});

describe('parseDay', () => {
  it('reads calendar days as midnight UTC and nothing else', () => {
    expect(parseDay('2026-11-22')?.toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(parseDay('2026-11-31')).toBeNull();
    expect(parseDay('22/11/2026')).toBeNull();
  });
});
