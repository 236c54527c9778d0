import type { Kysely } from 'kysely';
import type { AuditDetails, AuditEventRow, DatabaseSchema } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { selectPage, type Page, type PageRequest } from './list.ts';

export type AuditColumn = 'created_at' | 'action';

export interface NewAuditEvent {
  accountId: string | null;
  action: string;
  actor: {
    userId: string | null;
    name: string | null;
    apiKeyId: string | null;
    impersonatorUserId: string | null;
  };
  target: { type: string; id: string } | null;
  details: AuditDetails;
  ip: string;
  userAgent: string;
}

/** Longest user agent kept: enough to tell browsers and scripts apart. */
const MAX_USER_AGENT_LENGTH = 300;

export async function recordAuditEvent(
  db: Kysely<DatabaseSchema>,
  event: NewAuditEvent,
): Promise<void> {
  await db
    .insertInto('audit_events')
    .values({
      id: newId(),
      account_id: event.accountId,
      action: event.action,
      actor_user_id: event.actor.userId,
      actor_name: event.actor.name,
      actor_api_key_id: event.actor.apiKeyId,
      impersonator_user_id: event.actor.impersonatorUserId,
      target_type: event.target?.type ?? null,
      target_id: event.target?.id ?? null,
      details: JSON.stringify(event.details),
      ip: event.ip,
      user_agent: event.userAgent.slice(0, MAX_USER_AGENT_LENGTH),
    })
    .execute();
}

export interface AuditFilter {
  /** Null: every account (install administrators). */
  scopeAccountId: string | null;
  accountId?: string | undefined;
  action?: string | undefined;
  actorUserId?: string | undefined;
  since?: Date | undefined;
  until?: Date | undefined;
}

export async function listAuditEvents(
  db: Kysely<DatabaseSchema>,
  filter: AuditFilter,
  request: PageRequest<AuditColumn>,
): Promise<Page<AuditEventRow>> {
  let query = db.selectFrom('audit_events');
  if (filter.scopeAccountId !== null) query = query.where('account_id', '=', filter.scopeAccountId);
  if (filter.accountId !== undefined) query = query.where('account_id', '=', filter.accountId);
  if (filter.action !== undefined) query = query.where('action', '=', filter.action);
  if (filter.actorUserId !== undefined) {
    query = query.where('actor_user_id', '=', filter.actorUserId);
  }
  if (filter.since !== undefined) query = query.where('created_at', '>=', filter.since);
  if (filter.until !== undefined) query = query.where('created_at', '<', filter.until);
  return selectPage(query, request, { idFollowsLastSort: true });
}
