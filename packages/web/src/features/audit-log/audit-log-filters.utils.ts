import { isAuditAction, type AuditAction } from '@darkroom/core';
import type { AuditEventsParams } from '../../api/audit-events.ts';
import { localDayStart, nextLocalDay } from '../lists/local-day.utils.ts';

/**
 * The log's filters as its address holds them (`?action=sign_in&actor=…&since=2025-06-01`), so a
 * filtered view can be linked. Days are the viewer's calendar days, `until` included.
 */
export interface AuditFilters {
  action: AuditAction | null;
  /** A user id: what that person did, themselves or through their keys. */
  actor: string | null;
  /** An account id; install administrators only. */
  account: string | null;
  /** YYYY-MM-DD, the first day shown. */
  since: string | null;
  /** YYYY-MM-DD, the last day shown. */
  until: string | null;
}

export const NO_FILTERS: AuditFilters = {
  action: null,
  actor: null,
  account: null,
  since: null,
  until: null,
};

/** The address's parameter of each filter. */
const PARAMS = ['action', 'actor', 'account', 'since', 'until'] as const;

const ID_PATTERN = /^[0-9a-f]{24}$/;

function idParam(value: string | null): string | null {
  return value !== null && ID_PATTERN.test(value) ? value : null;
}

function dayParam(value: string | null): string | null {
  return value !== null && localDayStart(value) !== null ? value : null;
}

/**
 * The filters of an address. What the API would refuse (an unknown action, an id or a day that
 * is none) is left out, so an edited or old link still opens the log.
 */
export function filtersFromParams(params: URLSearchParams): AuditFilters {
  const action = params.get('action');
  return {
    action: action !== null && isAuditAction(action) ? action : null,
    actor: idParam(params.get('actor')),
    account: idParam(params.get('account')),
    since: dayParam(params.get('since')),
    until: dayParam(params.get('until')),
  };
}

/** The address's query for `filters`; another filter always starts again at the first page. */
export function filtersToSearch(filters: AuditFilters): string {
  const params = new URLSearchParams();
  for (const name of PARAMS) {
    const value = filters[name];
    if (value !== null) params.set(name, value);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function hasFilters(filters: AuditFilters): boolean {
  return PARAMS.some((name) => filters[name] !== null);
}

/** Why the days cannot both hold, if they cannot. */
export function rangeError({ since, until }: AuditFilters): string | null {
  if (since !== null && until !== null && since > until) {
    return 'The “From” day is after the “To” day.';
  }
  return null;
}

/** What the API is asked for: days become the moments they start (`until` the day after's). */
export function auditQueryOf(filters: AuditFilters, page: number): AuditEventsParams {
  const untilNext = filters.until === null ? null : nextLocalDay(filters.until);
  return {
    page,
    action: filters.action ?? undefined,
    actorUserId: filters.actor ?? undefined,
    accountId: filters.account ?? undefined,
    since: filters.since === null ? undefined : (localDayStart(filters.since) ?? undefined),
    until: untilNext === null ? undefined : (localDayStart(untilNext) ?? undefined),
  };
}
