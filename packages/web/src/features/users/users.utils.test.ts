import { describe, expect, it } from 'vitest';
import { formatDate } from './users.utils.ts';

const utc = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

describe('formatDate', () => {
  it('formats milliseconds since the epoch as a medium date', () => {
    expect(formatDate(Date.UTC(2025, 10, 21, 12), utc)).toBe('Nov 21, 2025');
  });

  it('shows a dash for a value that is not a date', () => {
    expect(formatDate(Number.NaN, utc)).toBe('—');
  });
});
