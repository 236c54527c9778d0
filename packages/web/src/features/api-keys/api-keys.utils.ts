import { API_KEY_PREFIX, MAX_API_KEYS, WEEK } from '@darkroom/core';
import type { ApiKey } from '../../api/api-keys.ts';

/** A key as its hint shows it: the prefix every key has, then its last four characters. */
export function keyHint(hint: string): string {
  return `${API_KEY_PREFIX}…${hint}`;
}

/** A key's expiry as the list shows it; a week ahead counts as soon, to replace it in time. */
export type KeyExpiry = { state: 'never' } | { state: 'active' | 'soon' | 'expired'; at: number };

/** Within this long of its expiry a key is flagged, so scripts can be given a new one. */
export const EXPIRES_SOON_MS = WEEK;

export function keyExpiry(key: Pick<ApiKey, 'date_expires'>, now: number = Date.now()): KeyExpiry {
  const at = key.date_expires;
  if (at === null) return { state: 'never' };
  if (at <= now) return { state: 'expired', at };
  return { state: at - now <= EXPIRES_SOON_MS ? 'soon' : 'active', at };
}

/** How many keys the account holds against imgix's limit, and whether another fits. */
export function keyAllowance(count: number): { used: number; limit: number; full: boolean } {
  return { used: count, limit: MAX_API_KEYS, full: count >= MAX_API_KEYS };
}
