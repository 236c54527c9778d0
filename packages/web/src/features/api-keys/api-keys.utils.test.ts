import { DAY, HOUR } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import { keyAllowance, keyExpiry, keyHint } from './api-keys.utils.ts';

const now = Date.UTC(2025, 5, 15, 12);

describe('keyHint', () => {
  it('shows the prefix every key has before its last four characters', () => {
    expect(keyHint('abcd')).toBe('drk_key_…abcd');
  });
});

describe('keyExpiry', () => {
  it('tells keys that never expire, expire later, soon, or have expired', () => {
    expect(keyExpiry({ date_expires: null }, now)).toEqual({ state: 'never' });
    expect(keyExpiry({ date_expires: now + 30 * DAY }, now).state).toBe('active');
    expect(keyExpiry({ date_expires: now + 2 * DAY }, now).state).toBe('soon');
    expect(keyExpiry({ date_expires: now - HOUR }, now)).toEqual({
      state: 'expired',
      at: now - HOUR,
    });
  });
});

describe('keyAllowance', () => {
  it('is full at imgix’s limit of 20 keys', () => {
    expect(keyAllowance(19)).toEqual({ used: 19, limit: 20, full: false });
    expect(keyAllowance(20).full).toBe(true);
  });
});
