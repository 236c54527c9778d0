// The account audit log: which requests are recorded, and reading it back. One hook records
// every audited route after its answer is sent (the request never waits on it), so a new
// action is one line in AUDITED_ROUTES, and the uses of API keys api/key-use.ts picks (every
// change a key makes names the key; its reads are summarised once a minute). Request bodies
// are never stored: they carry passwords and storage secrets; only what `auditDetails` picks
// is kept.
import { capabilityList, paginationMeta } from '@darkroom/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuditDetails, AuditEventRow } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import { recordAuditEvent, listAuditEvents, type AuditColumn } from '../store/audit-events.ts';
import { findUserByEmail } from '../store/users.ts';
import { requireAuth } from './authentication.ts';
import { sendData } from './documents.ts';
import { keyUseEntry } from './key-use.ts';
import { parseListQuery, type ListQueryRules } from './list-query.ts';
import { listParameters } from './openapi/list-parameters.ts';
import { describeRoutes } from './openapi/registry.ts';
import type { RouteScope } from './scope.ts';
import { scopeAccountId } from './scope.ts';

/** `METHOD path` (under the scope's prefix) to the action it records, and the target's type. */
const AUDITED_ROUTES: Readonly<Record<string, { action: string; target?: string }>> = {
  // Sign-up: the new session's answer names the account's first user, who is the actor.
  'POST /accounts': { action: 'account.created' },
  'POST /sessions': { action: 'sign_in' },
  'DELETE /sessions/current': { action: 'sign_out' },
  'POST /api-keys': { action: 'api_key.created', target: 'api_keys' },
  'DELETE /api-keys/:id': { action: 'api_key.revoked', target: 'api_keys' },
  'POST /users': { action: 'user.added', target: 'users' },
  'PATCH /users/:id': { action: 'user.updated', target: 'users' },
  'DELETE /users/:id': { action: 'user.removed', target: 'users' },
  'POST /users/:id/invitation': { action: 'user.invitation_sent', target: 'users' },
  // The new session's answer names the teammate, who is the actor (api/session-answer.ts).
  'POST /invitations/:token/acceptance': { action: 'user.invitation_accepted' },
  'POST /sources': { action: 'source.created', target: 'sources' },
  'PATCH /sources/:id': { action: 'source.updated', target: 'sources' },
  'POST /sources/:id/secure-url-token': { action: 'source.token_rotated', target: 'sources' },
  'PUT /sources/:id/origin-authentication': {
    action: 'source.origin_auth_changed',
    target: 'sources',
  },
  'DELETE /sources/:id': { action: 'source.deleted', target: 'sources' },
  // The source's "Stop delivering hidden images" setting (api/hidden-assets.ts).
  'PATCH /sources/:id/hidden-assets': { action: 'source.updated', target: 'sources' },
  // Its source and path are in its details (auditDetails): the route has no `:id`.
  'DELETE /assets/:sourceId/*': { action: 'asset.deleted' },
  'POST /purges': { action: 'purge.requested' },
  // imgix's Management API (/api/v1): its purge; its sources share /api/v4's paths above.
  'POST /purge': { action: 'purge.requested' },
  'PATCH /billing/subscription': { action: 'billing.subscription_changed' },
  'DELETE /billing/subscription': { action: 'billing.subscription_cancelled' },
  'POST /customer-portal-sessions': { action: 'billing.portal_opened' },
  'PATCH /account/sso': { action: 'account.sso_changed' },
  // Under /api/v4/admin.
  'POST /impersonations': { action: 'impersonation.started', target: 'users' },
  'PATCH /accounts/:id': { action: 'account.capabilities_changed', target: 'accounts' },
  'POST /billing/close-period': { action: 'billing.period_closed', target: 'invoices' },
  'PATCH /billing/invoices/:id': { action: 'billing.invoice_settled', target: 'invoices' },
};

/** Every action the log can hold, for the dashboard's filter. */
export const AUDIT_ACTIONS: readonly string[] = [
  ...new Set([
    ...Object.values(AUDITED_ROUTES).map((route) => route.action),
    'sign_in.failed',
    // Recorded by api/sessions.ts at the failure that locks an email (api/sign-in-lockout.ts).
    'sign_in.locked',
    'api_key.used',
    // Recorded by api/password-resets.ts, which knows the account only once the token is read.
    'user.password_reset_requested',
    'user.password_reset',
    // Recorded by api/upload-credentials-audit.ts, which knows whether keys were added or replaced.
    'source.upload_credentials_added',
    'source.upload_credentials_replaced',
    'source.upload_credentials_removed',
  ]),
].sort();

type Body = { data?: { id?: unknown; attributes?: Record<string, unknown> } } | undefined;

/** Most attribute names a source change lists: a source has fewer settings than this. */
const MAX_LISTED_ATTRIBUTES = 50;

function attributesOf(request: FastifyRequest): Record<string, unknown> {
  const attributes = (request.body as Body)?.data?.attributes;
  return attributes !== null && typeof attributes === 'object' ? attributes : {};
}

/** What is worth keeping of a request: never a password, a key or a storage secret. */
function auditDetails(action: string, request: FastifyRequest): AuditDetails {
  const attributes = attributesOf(request);
  const permissions = attributes['permissions'];
  const groups = Array.isArray(permissions) ? permissions.filter((g) => typeof g === 'string') : [];
  switch (action) {
    case 'user.added':
    case 'user.updated':
      return groups.length > 0 ? { permissions: groups.map(String) } : {};
    case 'api_key.created': {
      // The key's name, so the log still says which key once it is revoked; never the key.
      const name = typeof attributes['name'] === 'string' ? attributes['name'].trim() : '';
      return {
        ...(name ? { name: name.slice(0, 120) } : {}),
        ...(groups.length > 0 ? { permissions: groups.map(String) } : {}),
      };
    }
    case 'sign_in.failed':
      return typeof attributes['email'] === 'string'
        ? { email: attributes['email'].slice(0, 254).toLowerCase() }
        : {};
    case 'sign_in':
      // A single sign-on ends at POST /sessions with its one-time code, never with a password.
      return { method: Object.hasOwn(attributes, 'sso_auth_code') ? 'sso' : 'password' };
    case 'account.sso_changed':
      return typeof attributes['require_sso'] === 'boolean'
        ? { require_sso: attributes['require_sso'] }
        : {};
    case 'purge.requested': {
      const text = (name: string) =>
        typeof attributes[name] === 'string' ? { [name]: attributes[name].slice(0, 2000) } : {};
      return { ...text('url'), ...text('source_id'), ...text('prefix') };
    }
    case 'source.updated': {
      if (typeof attributes['stop_delivering'] === 'boolean') {
        return { stop_delivering_hidden: attributes['stop_delivering'] };
      }
      // Which settings changed, never their values: they carry storage keys and secrets.
      const names = Object.keys(attributes).sort().slice(0, MAX_LISTED_ATTRIBUTES);
      return names.length > 0 ? { attributes: names.map((name) => name.slice(0, 100)) } : {};
    }
    case 'billing.subscription_changed':
      return typeof attributes['price_id'] === 'string'
        ? { price_id: attributes['price_id'].slice(0, 255) }
        : {};
    case 'billing.period_closed':
      return typeof attributes['account_id'] === 'string'
        ? { account_id: attributes['account_id'].slice(0, 64) }
        : {};
    case 'billing.invoice_settled':
      return typeof attributes['status'] === 'string'
        ? { status: attributes['status'].slice(0, 32) }
        : {};
    case 'asset.deleted': {
      // The asset's source and path: the target of a route with no `:id`.
      const params = request.params as { sourceId?: string; '*'?: string };
      return { source_id: params.sourceId ?? '', path: `/${params['*'] ?? ''}`.slice(0, 2000) };
    }
    case 'account.capabilities_changed': {
      // The grants as answered (the route refused any other): what the admin gave, in order.
      const granted = attributes['capabilities'];
      return Array.isArray(granted) ? { capabilities: capabilityList(granted.map(String)) } : {};
    }
    default:
      return {};
  }
}

/** What a creation answered with: the new resource's id, and the user and account it names. */
interface Created {
  id: string | null;
  userId: string | null;
  accountId: string | null;
}

function createdResource(payload: unknown): Created | null {
  if (typeof payload !== 'string') return null;
  try {
    const data = (JSON.parse(payload) as Body)?.data;
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    return {
      id: text(data?.id),
      userId: text(data?.attributes?.['user_id']),
      accountId: text(data?.attributes?.['account_id']),
    };
  } catch {
    return null;
  }
}

const createdByReply = new WeakMap<FastifyReply, Created>();

function requestOrigin(request: FastifyRequest): { ip: string; userAgent: string } {
  return { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

/** Records one event as the request's caller; a failure is logged, never answered. */
export async function recordAs(
  request: FastifyRequest,
  action: string,
  target: { type: string; id: string } | null,
  details: AuditDetails = {},
  accountId: string | null = request.auth?.user.accountId ?? null,
): Promise<void> {
  const auth = request.auth;
  try {
    await recordAuditEvent(request.server.darkroom.database.db, {
      accountId,
      action,
      actor: {
        userId: auth?.user.id ?? null,
        name: auth?.user.name ?? null,
        apiKeyId: auth?.apiKey?.id ?? null,
        impersonatorUserId: auth?.impersonator?.id ?? null,
      },
      target,
      details,
      ...requestOrigin(request),
    });
  } catch (error) {
    request.log.error({ err: error, action }, 'audit event not recorded');
  }
}

/** The audited route a request is, if any. */
function auditedRoute(request: FastifyRequest, prefix: string) {
  const url = request.routeOptions.url ?? '';
  const key = `${request.method} ${url.startsWith(prefix) ? url.slice(prefix.length) : url}`;
  const route = AUDITED_ROUTES[key];
  return route === undefined ? undefined : { key, ...route };
}

async function recordAnswered(
  request: FastifyRequest,
  reply: FastifyReply,
  prefix: string,
): Promise<void> {
  const route = auditedRoute(request, prefix);
  if (route === undefined) return;
  const { key } = route;
  const status = reply.statusCode;
  if (key === 'POST /sessions' && status === 401) {
    // A failed sign-in belongs to the account of the email tried, when there is one.
    const details = auditDetails('sign_in.failed', request);
    const email = typeof details['email'] === 'string' ? details['email'] : null;
    const user =
      email === null
        ? undefined
        : await findUserByEmail(request.server.darkroom.database.db, email);
    await recordAs(request, 'sign_in.failed', null, details, user?.account_id ?? null);
    return;
  }
  if (status >= 400) return;
  const created = createdByReply.get(reply);
  if (route.action === 'impersonation.started') {
    // Recorded in the impersonated account, so its admins see who looked at it.
    const target = created?.userId ? { type: 'users', id: created.userId } : null;
    await recordAs(request, route.action, target, {}, created?.accountId ?? null);
    return;
  }
  const targetId = (request.params as { id?: string }).id ?? created?.id ?? null;
  const target =
    route.target !== undefined && targetId !== null ? { type: route.target, id: targetId } : null;
  await recordAs(request, route.action, target, auditDetails(route.action, request));
}

/** Records the audited routes of one scope (mounted before its routes). */
export function auditRoutes(api: FastifyInstance, prefix: string): void {
  api.addHook('onSend', async (request, reply, payload) => {
    // Only an audited creation's answer is read back, never any other route's.
    if (request.method === 'POST' && reply.statusCode < 300 && auditedRoute(request, prefix)) {
      const created = createdResource(payload);
      if (created !== null) createdByReply.set(reply, created);
    }
    return payload;
  });
  api.addHook('onResponse', async (request, reply) => {
    const audited = auditedRoute(request, prefix) !== undefined;
    const keyUse = keyUseEntry(request, reply.statusCode, prefix, audited);
    if (keyUse !== null && request.auth?.apiKey) {
      const target = { type: 'api_keys', id: request.auth.apiKey.id };
      await recordAs(request, 'api_key.used', target, keyUse);
    }
    await recordAnswered(request, reply, prefix);
  });
}

const AUDIT_SORT_FIELDS: Record<string, AuditColumn> = {
  date_created: 'created_at',
  action: 'action',
};

const AUDIT_LIST_RULES: ListQueryRules<
  AuditColumn,
  'account_id' | 'action' | 'actor_user_id' | 'since' | 'until'
> = {
  sortFields: AUDIT_SORT_FIELDS,
  defaultSort: '-date_created',
  filters: ['account_id', 'action', 'actor_user_id', 'since', 'until'],
  includes: [],
};

function auditResource(row: AuditEventRow) {
  return {
    type: 'audit_events' as const,
    id: row.id,
    attributes: {
      account_id: row.account_id,
      action: row.action,
      actor_user_id: row.actor_user_id,
      actor_name: row.actor_name,
      actor_api_key_id: row.actor_api_key_id,
      impersonator_user_id: row.impersonator_user_id,
      target_type: row.target_type,
      target_id: row.target_id,
      details: row.details,
      ip: row.ip,
      user_agent: row.user_agent,
      date_created: row.created_at.getTime(),
    },
  };
}

function dateFilter(value: string | undefined, name: string): Date | undefined {
  if (value === undefined) return undefined;
  const at = Number(value);
  if (!Number.isSafeInteger(at) || at < 0) {
    throw apiError('invalid_parameter', `${name} is milliseconds since the epoch.`, {
      parameter: name,
    });
  }
  return new Date(at);
}

/** `GET /audit-events`: the account's log (Account Admin), every account's under /admin. */
export function auditEventRoutes(app: FastifyInstance, scope: RouteScope): void {
  describeRoutes(app, {
    'GET /audit-events': {
      summary: scope === 'admin' ? "Every account's audit log" : "The account's audit log",
      description:
        'Who did what, newest first: sign-ins, key, user, source and billing changes, purges.',
      tag: 'Audit log',
      query: listParameters(AUDIT_LIST_RULES, {
        account_id: 'Only the events of this account.',
        action: `Only this action, one of: ${AUDIT_ACTIONS.join(', ')}.`,
        actor_user_id: 'Only what this user did.',
        since: 'Only events at or after this time, in milliseconds since the epoch.',
        until: 'Only events before this time, in milliseconds since the epoch.',
      }),
      answer: { status: 200, resource: 'audit_events', many: true },
    },
  });

  app.get('/audit-events', async (request, reply) => {
    requireAuth(request);
    const query = parseListQuery(request.query as Record<string, unknown>, AUDIT_LIST_RULES);
    const { action } = query.filter;
    if (action !== undefined && !AUDIT_ACTIONS.includes(action)) {
      throw apiError(
        'invalid_parameter',
        `Filter by one of the actions: ${AUDIT_ACTIONS.join(', ')}.`,
        {
          parameter: 'filter[action]',
        },
      );
    }
    const { rows, total } = await listAuditEvents(
      app.darkroom.database.db,
      {
        scopeAccountId: scopeAccountId(request, scope),
        accountId: query.filter.account_id,
        action: query.filter.action,
        actorUserId: query.filter.actor_user_id,
        since: dateFilter(query.filter.since, 'filter[since]'),
        until: dateFilter(query.filter.until, 'filter[until]'),
      },
      query,
    );
    return sendData(reply, 200, rows.map(auditResource), {
      pagination: paginationMeta(query.page, query.pageSize, total),
    });
  });
}
