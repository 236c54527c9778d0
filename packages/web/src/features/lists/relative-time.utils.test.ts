import { DAY, HOUR, MINUTE, WEEK } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import { exactTime, relativeTime } from './relative-time.utils.ts';

const now = Date.UTC(2025, 5, 15, 12);

describe('relativeTime', () => {
  it('says how long ago in the largest whole unit', () => {
    expect(relativeTime(now - 3 * HOUR - 20 * MINUTE, now)).toBe('3 hours ago');
    expect(relativeTime(now - 5 * MINUTE, now)).toBe('5 minutes ago');
    expect(relativeTime(now - DAY, now)).toBe('yesterday');
    expect(relativeTime(now - 2 * WEEK, now)).toBe('2 weeks ago');
  });

  it('says how far ahead for future moments, such as an expiry', () => {
    expect(relativeTime(now + 3 * DAY, now)).toBe('in 3 days');
    expect(relativeTime(now + 40 * DAY, now)).toBe('next month');
  });

  it('calls anything within a minute "just now"', () => {
    expect(relativeTime(now - 59_000, now)).toBe('just now');
    expect(relativeTime(now + 10_000, now)).toBe('just now');
  });

  it('shows a dash for a moment that is no number', () => {
    expect(relativeTime(Number.NaN, now)).toBe('—');
  });
});

describe('exactTime', () => {
  it('gives the date, the time and the time zone', () => {
    expect(exactTime(now)).toMatch(/^Jun 15, 2025, \d{1,2}:00:00\s[AP]M \S+/);
  });
});
