import { describe, expect, it } from 'vitest';
import { formatDate, toggleGroup } from './users.utils.ts';

const utc = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });

describe('formatDate', () => {
  it('formats milliseconds since the epoch as a medium date', () => {
    expect(formatDate(Date.UTC(2025, 10, 21, 12), utc)).toBe('Nov 21, 2025');
  });

  it('shows a dash for a value that is not a date', () => {
    expect(formatDate(Number.NaN, utc)).toBe('—');
  });
});

describe('toggleGroup', () => {
  it('adds a checked group in the catalogue order', () => {
    expect(toggleGroup(['asset_manager_browse'], 'billing', true)).toEqual([
      'billing',
      'asset_manager_browse',
    ]);
  });

  it('removes an unchecked group and keeps the others', () => {
    expect(toggleGroup(['account_admin', 'purge'], 'account_admin', false)).toEqual(['purge']);
  });

  it('lists a group once however often it is checked', () => {
    expect(toggleGroup(['sources'], 'sources', true)).toEqual(['sources']);
  });
});
