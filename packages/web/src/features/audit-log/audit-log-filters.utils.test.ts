import { describe, expect, it } from 'vitest';
import { localDayStart } from '../lists/local-day.utils.ts';
import {
  auditQueryOf,
  filtersFromParams,
  filtersToSearch,
  hasFilters,
  NO_FILTERS,
  rangeError,
} from './audit-log-filters.utils.ts';

const id = 'a'.repeat(24);

describe('filtersFromParams', () => {
  it('reads every filter of a linked view', () => {
    const params = new URLSearchParams(
      `action=api_key.used&actor=${id}&account=${id}&since=2025-06-01&until=2025-06-30`,
    );
    expect(filtersFromParams(params)).toEqual({
      action: 'api_key.used',
      actor: id,
      account: id,
      since: '2025-06-01',
      until: '2025-06-30',
    });
  });

  it('leaves out what the API would refuse, so an edited link still opens the log', () => {
    const params = new URLSearchParams('action=drop_tables&actor=1&since=2025-02-30&until=soon');
    expect(filtersFromParams(params)).toEqual(NO_FILTERS);
  });
});

describe('filtersToSearch', () => {
  it('writes only the filters set, and never a page', () => {
    expect(filtersToSearch({ ...NO_FILTERS, action: 'sign_in', since: '2025-06-01' })).toBe(
      '?action=sign_in&since=2025-06-01',
    );
    expect(filtersToSearch(NO_FILTERS)).toBe('');
  });
});

describe('auditQueryOf', () => {
  it('asks from the start of the first day to the start of the day after the last', () => {
    expect(
      auditQueryOf({ ...NO_FILTERS, since: '2025-06-01', until: '2025-06-30', actor: id }, 2),
    ).toEqual({
      page: 2,
      action: undefined,
      actorUserId: id,
      accountId: undefined,
      since: localDayStart('2025-06-01'),
      until: localDayStart('2025-07-01'),
    });
  });
});

describe('rangeError and hasFilters', () => {
  it('refuses a first day after the last', () => {
    expect(rangeError({ ...NO_FILTERS, since: '2025-06-02', until: '2025-06-01' })).toMatch(
      /after/,
    );
    expect(rangeError({ ...NO_FILTERS, since: '2025-06-01', until: '2025-06-01' })).toBeNull();
  });

  it('knows an unfiltered view', () => {
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS, until: '2025-06-01' })).toBe(true);
  });
});
