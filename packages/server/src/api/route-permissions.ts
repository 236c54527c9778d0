// Which permission group each route of /api/v4 needs (platform spec section 5; the groups are
// imgix's). Every route mounted under /api/v4 must be listed: the app refuses to start with a
// route this table does not name, so no route can be added without deciding who may call it.
import { grantsPermission, PERMISSION_GROUP_LABELS, type PermissionGroup } from '@darkroom/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiError } from '../errors.ts';

/**
 * `public`: anyone, signed in or not (sign-up, sign-in, signed provider webhooks);
 * `signed_in`: any user of the account, whatever their groups; `account_admin_or_self`: Account
 * Admin, or the user the route's `:id` names reading themselves; else the group needed.
 */
export type RouteRule = PermissionGroup | 'signed_in' | 'public' | 'account_admin_or_self';

/** `METHOD path` under /api/v4 (HEAD answers as GET does) to the rule it follows. */
export const ROUTE_RULES: Readonly<Record<string, RouteRule>> = {
  // Accounts: sign-up, and a user reads their own account (only install admins change one).
  'POST /accounts': 'public',
  'GET /accounts': 'signed_in',
  'GET /accounts/:id': 'signed_in',
  // Sessions: signing in and out, and the session itself.
  'POST /sessions': 'public',
  'GET /sessions/current': 'signed_in',
  'DELETE /sessions/current': 'signed_in',
  // Single sign-on (api/sso.ts): the browser is not signed in on its way to the provider and back.
  'GET /sso/providers': 'public',
  'GET /sso/start': 'public',
  'GET /sso/callback': 'public',
  // Whether the account requires single sign-on (api/account-sso.ts).
  'GET /account/sso': 'account_admin',
  'PATCH /account/sso': 'account_admin',
  // API keys: Account Admin's (keys themselves cannot create or revoke keys).
  'GET /api-keys': 'account_admin',
  'POST /api-keys': 'account_admin',
  'DELETE /api-keys/:id': 'account_admin',
  // The audit log.
  'GET /audit-events': 'account_admin',
  // Users and their groups.
  'GET /users': 'account_admin',
  'GET /users/:id': 'account_admin_or_self',
  'POST /users': 'account_admin',
  'PATCH /users/:id': 'account_admin',
  'DELETE /users/:id': 'account_admin',
  // Invitations: resending is Account Admin's; reading and accepting one, and resetting a
  // forgotten password, are public: the emailed token is the credential (api/invitations.ts,
  // api/password-resets.ts).
  'POST /users/:id/invitation': 'account_admin',
  'GET /invitations/:token': 'public',
  'POST /invitations/:token/acceptance': 'public',
  'POST /password-resets': 'public',
  'POST /password-resets/:token': 'public',
  // The dashboard's own event log and the install's settings every screen reads.
  'POST /events': 'signed_in',
  // The signed-in user's own dashboard experiment variants (api/experiments.ts).
  'GET /experiments/assignments': 'signed_in',
  'GET /platform-settings': 'signed_in',
  // The marker of the dashboard's own delivery requests (api/internal-marker.ts).
  'GET /delivery-markers/current': 'signed_in',
  // Analytics.
  'GET /analytics': 'analytics',
  'GET /analytics/:metric': 'analytics',
  'GET /analytics/top_assets': 'analytics',
  'GET /analytics/top_referrers': 'analytics',
  // Sources: every user sees which exist (browsing assets starts there); changing them,
  // checking configurations and reading the signing token is the Sources group's.
  'GET /sources': 'signed_in',
  'GET /sources/:id': 'signed_in',
  'POST /sources': 'sources',
  'PATCH /sources/:id': 'sources',
  'GET /sources/:id/secure-url-token': 'sources',
  'POST /sources/:id/secure-url-token': 'sources',
  // Deleting a source, and its setting for hidden assets (api/source-deletion.ts,
  // api/hidden-assets.ts): every user reads the setting, as they read the source.
  'DELETE /sources/:id': 'sources',
  'GET /sources/:id/hidden-assets': 'signed_in',
  'PATCH /sources/:id/hidden-assets': 'sources',
  'GET /sources/:id/origin-authentication': 'sources',
  'PUT /sources/:id/origin-authentication': 'sources',
  'GET /sources/:id/upload-credentials': 'sources',
  'PUT /sources/:id/upload-credentials': 'sources',
  'DELETE /sources/:id/upload-credentials': 'sources',
  // Signing delivery URLs (api/signed-urls.ts) is reading the source's assets: whoever browses
  // them sees them, signed or not; the token itself stays the Sources group's.
  'POST /sources/:id/signed-urls': 'asset_manager_browse',
  'POST /validations/domains': 'sources',
  'POST /validations/source/configurations': 'sources',
  // Purges, and their history (the Purge screen).
  'POST /purges': 'purge',
  'GET /purges': 'purge',
  // The asset manager: Browse reads, Edit writes (uploads, metadata, indexing, generation).
  'GET /assets/sources': 'asset_manager_browse',
  'GET /sources/:id/assets': 'asset_manager_browse',
  'POST /sources/:id/files': 'asset_manager_edit',
  'POST /sources/:id/assets/index': 'asset_manager_edit',
  'GET /assets/:sourceId/*': 'asset_manager_browse',
  'PATCH /assets/:sourceId/*': 'asset_manager_edit',
  'POST /assets/:sourceId/*': 'asset_manager_edit',
  'DELETE /assets/:sourceId/*': 'asset_manager_edit',
  'GET /assets/manual-alt-text': 'asset_manager_browse',
  'POST /assets/manual-alt-text': 'asset_manager_edit',
  'GET /video-generations': 'asset_manager_browse',
  'GET /video-generations/:id': 'asset_manager_browse',
  'GET /video-generations/:id/content': 'asset_manager_browse',
  'POST /video-generations': 'asset_manager_edit',
  // Billing. Every screen shows the plan (what it includes decides what is offered).
  'GET /account/plan': 'signed_in',
  'POST /stripe/webhooks': 'public',
  'GET /stripe/passthrough/v1/invoices': 'billing',
  'GET /stripe/passthrough/v1/subscriptions/:id': 'billing',
  'GET /billing/prices': 'billing',
  'GET /billing/subscription': 'billing',
  'PATCH /billing/subscription': 'billing',
  'DELETE /billing/subscription': 'billing',
  'GET /billing/usage': 'billing',
  'GET /billing/invoices/:id/hosted': 'billing',
  'GET /billing/invoices/:id/pdf': 'billing',
  'POST /customer-portal-sessions': 'billing',
};

/** Routes mounted only when Stripe webhooks are configured (STRIPE_WEBHOOK_SECRET). */
export const ROUTES_NEEDING_BILLING: ReadonlySet<string> = new Set(['POST /stripe/webhooks']);

function ruleKey(method: string, url: string, prefix: string): string {
  const path = url.startsWith(prefix) ? url.slice(prefix.length) : url;
  // Some lists answer with and without the spec's trailing slash: one rule covers both.
  const bare = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return `${method === 'HEAD' ? 'GET' : method} ${bare}`;
}

/** The rule of a route in `rules` (ROUTE_RULES by default), or undefined when it is not named. */
export function routeRule(
  method: string,
  url: string,
  prefix: string,
  rules: Readonly<Record<string, RouteRule>> = ROUTE_RULES,
): RouteRule | undefined {
  const key = ruleKey(method, url, prefix);
  // Own entries only: a path such as `/constructor` must not find Object.prototype's.
  return Object.hasOwn(rules, key) ? rules[key] : undefined;
}

/** 403 naming the missing group, and who can grant it. */
function missingGroup(group: PermissionGroup) {
  return apiError(
    'forbidden',
    `This needs the ${PERMISSION_GROUP_LABELS[group]} permission group. Ask an Account Admin of your account to grant it.`,
  );
}

/** Throws 403 when the signed-in caller lacks the group the route needs. */
export function checkRouteRule(request: FastifyRequest, rule: RouteRule): void {
  // Anonymous callers reach the handler, which answers 401 (requireAuth) where it must.
  if (rule === 'public' || rule === 'signed_in' || request.auth === null) return;
  if (rule === 'account_admin_or_self') {
    // Every user reads their own profile (the dashboard shows their name).
    if ((request.params as { id?: unknown }).id === request.auth.user.id) return;
    if (!grantsPermission(request.auth.user.permissions, 'account_admin')) {
      throw missingGroup('account_admin');
    }
    return;
  }
  if (!grantsPermission(request.auth.user.permissions, rule)) throw missingGroup(rule);
}

/**
 * Checks every route of `api` against its rule in `rules`, before its body is read: ROUTE_RULES
 * for /api/v4, the Management API's own table for /api/v1 (api/v1/route-rules.ts), each named in
 * `tableName` when a route is missing from it. Must be registered before the routes of `api`
 * (Fastify's onRoute hook only sees routes added after it).
 */
export function enforceRouteRules(
  api: FastifyInstance,
  prefix: string,
  rules: Readonly<Record<string, RouteRule>> = ROUTE_RULES,
  tableName = 'ROUTE_RULES (api/route-permissions.ts)',
): void {
  api.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (routeRule(method, route.url, prefix, rules) === undefined) {
        throw new Error(`${method} ${route.url} has no permission rule: add it to ${tableName}.`);
      }
    }
  });
  api.addHook('onRequest', async (request) => {
    const rule = routeRule(request.method, request.routeOptions.url ?? '', prefix, rules);
    if (rule !== undefined) checkRouteRule(request, rule);
  });
}
