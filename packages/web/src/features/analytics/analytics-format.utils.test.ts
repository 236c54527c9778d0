import { describe, expect, it } from 'vitest';
import { changeBetween, formatBucketTime, formatMetricValue } from './analytics-format.utils.ts';

describe('formatMetricValue', () => {
  it('groups counts and keeps the fractions credits come in', () => {
    expect(formatMetricValue(1234567, 'count')).toBe('1,234,567');
    expect(formatMetricValue(0.006, 'count')).toBe('0.006');
    expect(formatMetricValue(2.0004, 'count')).toBe('2');
  });

  it('writes binary sizes in base-1000 units', () => {
    expect(formatMetricValue(999, 'binary_size')).toBe('999 Bytes');
    expect(formatMetricValue(1500, 'binary_size')).toBe('1.5 KB');
    expect(formatMetricValue(250_000_000, 'binary_size')).toBe('250 MB');
    expect(formatMetricValue(3_200_000_000, 'binary_size')).toBe('3.2 GB');
  });

  it('writes milliseconds and percentages with one decimal at most', () => {
    expect(formatMetricValue(84.26, 'ms')).toBe('84.3 ms');
    expect(formatMetricValue(1520, 'ms')).toBe('1,520 ms');
    expect(formatMetricValue(97.54, 'percentage')).toBe('97.5%');
    expect(formatMetricValue(100, 'percentage')).toBe('100%');
  });

  it('shows a dash where the metric has no value', () => {
    expect(formatMetricValue(null, 'ms')).toBe('–');
  });
});

describe('changeBetween', () => {
  it('gives the relative change of counts and sizes', () => {
    expect(changeBetween(150, 100, 'count')).toEqual({ direction: 'up', text: '+50%', amount: 50 });
    expect(changeBetween(2_000, 3_000, 'binary_size')).toEqual({
      direction: 'down',
      text: '−33.3%',
      amount: -33.3,
    });
    expect(changeBetween(7, 7, 'ms')).toEqual({ direction: 'flat', text: 'No change', amount: 0 });
  });

  it('calls growth from nothing new, and has no comparison without a value', () => {
    expect(changeBetween(5, 0, 'count')).toEqual({ direction: 'new', text: 'New', amount: null });
    expect(changeBetween(0, 0, 'count')).toEqual({
      direction: 'flat',
      text: 'No change',
      amount: 0,
    });
    expect(changeBetween(12, null, 'ms')).toEqual({
      direction: 'none',
      text: 'No comparison',
      amount: null,
    });
  });

  it('gives percentages their change in points', () => {
    expect(changeBetween(95, 97.5, 'percentage')).toEqual({
      direction: 'down',
      text: '−2.5 pts',
      amount: -2.5,
    });
    expect(changeBetween(100, 99.98, 'percentage')).toEqual({
      direction: 'flat',
      text: 'No change',
      amount: 0,
    });
  });
});

describe('formatBucketTime', () => {
  it('labels buckets in UTC at the granularity of the chart', () => {
    expect(formatBucketTime('2026-11-22T14:00:00.000Z', 'hour')).toBe('22 Nov, 14:00');
    expect(formatBucketTime('2026-11-22T00:00:00.000Z', 'day')).toBe('22 Nov');
    expect(formatBucketTime('2026-11-01T00:00:00.000Z', 'month')).toBe('Nov 2026');
    expect(formatBucketTime('not a time', 'day')).toBe('not a time');
  });
});
