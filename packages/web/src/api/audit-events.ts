import {
  DEFAULT_PAGE_SIZE,
  type AuditEventAttributes,
  type PaginationMeta,
  type ResourceObject,
} from '@darkroom/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSession } from '../app/session.ts';
import { apiFetch, type ApiDocument } from './client.ts';
import { paginationOf } from './users.ts';

type AuditEventResource = ResourceObject<'audit_events', AuditEventAttributes>;

export interface AuditEvent extends AuditEventAttributes {
  id: string;
}

export interface AuditEventsPage {
  events: AuditEvent[];
  pagination: PaginationMeta;
}

/** One page of the log, with the filters the API takes (`filter[...]`); dates are epoch ms. */
export interface AuditEventsParams {
  page: number;
  pageSize?: number;
  action?: string | undefined;
  actorUserId?: string | undefined;
  accountId?: string | undefined;
  /** From this moment on (inclusive). */
  since?: number | undefined;
  /** Before this moment (exclusive). */
  until?: number | undefined;
}

/** `account`: the caller's account; `admin`: every account, for install administrators. */
export type AuditScope = 'account' | 'admin';

export const auditEventKeys = {
  all: ['audit-events'] as const,
  list: (scope: AuditScope, params: AuditEventsParams) =>
    [...auditEventKeys.all, scope, params] as const,
};

function toAuditEvent({ id, attributes }: AuditEventResource): AuditEvent {
  return { id, ...attributes };
}

/** `GET /audit-events`, newest first; under `/admin` it answers across accounts. */
async function getAuditEvents(
  scope: AuditScope,
  { page, pageSize = DEFAULT_PAGE_SIZE, ...filter }: AuditEventsParams,
  signal?: AbortSignal,
): Promise<AuditEventsPage> {
  const document = await apiFetch<ApiDocument<AuditEventResource[]>>('/audit-events', {
    admin: scope === 'admin',
    query: {
      'page[number]': page,
      'page[size]': pageSize,
      sort: '-date_created',
      'filter[action]': filter.action,
      'filter[actor_user_id]': filter.actorUserId,
      'filter[account_id]': filter.accountId,
      'filter[since]': filter.since,
      'filter[until]': filter.until,
    },
    signal,
  });
  return {
    events: document.data.map(toAuditEvent),
    pagination: paginationOf(document, page, pageSize),
  };
}

export function useAuditEventsQuery(scope: AuditScope, params: AuditEventsParams) {
  // Once an admin starts impersonating, the admin log must not be asked for as the user.
  const isAdmin = useSession()?.admin === true;
  return useQuery({
    queryKey: auditEventKeys.list(scope, params),
    queryFn: ({ signal }) => getAuditEvents(scope, params, signal),
    // Paging and filtering keep the current rows on screen until the next ones arrive.
    placeholderData: keepPreviousData,
    enabled: scope === 'account' || isAdmin,
  });
}
