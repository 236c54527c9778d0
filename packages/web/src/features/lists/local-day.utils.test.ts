import { describe, expect, it } from 'vitest';
import { localDayOf, localDayStart, nextLocalDay } from './local-day.utils.ts';

describe('localDayStart', () => {
  it('is midnight of that day in the viewer’s time zone', () => {
    expect(localDayStart('2025-03-09')).toBe(new Date(2025, 2, 9).getTime());
  });

  it('refuses what is no date', () => {
    for (const day of ['', '2025-3-9', '2025-02-30', 'yesterday', '2025-13-01']) {
      expect(localDayStart(day)).toBeNull();
    }
  });
});

describe('localDayOf', () => {
  it('gives the calendar day of a moment, padded as date inputs want it', () => {
    expect(localDayOf(new Date(2025, 0, 5, 23, 59).getTime())).toBe('2025-01-05');
  });

  it('round-trips with localDayStart', () => {
    expect(localDayOf(localDayStart('2024-02-29') ?? 0)).toBe('2024-02-29');
  });
});

describe('nextLocalDay', () => {
  it('steps over month and year ends', () => {
    expect(nextLocalDay('2025-01-31')).toBe('2025-02-01');
    expect(nextLocalDay('2024-12-31')).toBe('2025-01-01');
    expect(nextLocalDay('nope')).toBeNull();
  });
});
