import { DAY, YEAR } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import { localDayOf, localDayStart } from '../lists/local-day.utils.ts';
import { apiKeyFormSchema, expiryDayBounds } from './api-key-form.schema.ts';

const valid = { name: 'CI purge', permissions: ['purge'], expires_on: '' };

describe('apiKeyFormSchema', () => {
  it('sends no expiry for an empty day, and the start of the chosen day otherwise', () => {
    expect(apiKeyFormSchema.parse(valid)).toEqual({
      name: 'CI purge',
      permissions: ['purge'],
      date_expires: null,
    });
    const day = localDayOf(Date.now() + 10 * DAY);
    expect(apiKeyFormSchema.parse({ ...valid, expires_on: day }).date_expires).toBe(
      localDayStart(day),
    );
  });

  it('sends only the groups that stand on their own', () => {
    const parsed = apiKeyFormSchema.parse({
      ...valid,
      permissions: ['billing', 'account_admin', 'asset_manager_browse'],
    });
    expect(parsed.permissions).toEqual(['account_admin']);
  });

  it('refuses today, a day more than five years ahead, and no group', () => {
    const issues = (input: object) =>
      apiKeyFormSchema
        .safeParse({ ...valid, ...input })
        .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ expires_on: localDayOf(Date.now()) })).toEqual([
      ['expires_on', 'Choose a day after today'],
    ]);
    expect(issues({ expires_on: localDayOf(Date.now() + 5 * YEAR + 2 * DAY) })).toEqual([
      ['expires_on', 'Choose a day within five years'],
    ]);
    expect(issues({ permissions: [] })).toEqual([
      ['permissions', 'Give the key at least one permission group'],
    ]);
  });
});

describe('expiryDayBounds', () => {
  it('offers tomorrow up to five years ahead', () => {
    const now = new Date(2025, 11, 31, 15).getTime();
    expect(expiryDayBounds(now)).toEqual({ min: '2026-01-01', max: '2030-12-30' });
  });
});
