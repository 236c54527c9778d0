import {
  PERMISSION_GROUP_LABELS,
  PERMISSION_GROUPS,
  grantsPermission,
  type PermissionGroup,
} from '@darkroom/core';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { pathTemplate } from '../src/api/openapi/document.ts';
import {
  ROUTE_RULES,
  ROUTES_NEEDING_BILLING,
  type RouteRule,
} from '../src/api/route-permissions.ts';
import { MANAGEMENT_API_PREFIX, MANAGEMENT_ROUTE_RULES } from '../src/api/v1/index.ts';
import { BACKENDS } from './databases.ts';
import { call, PASSWORD, signIn, signUp, uniqueEmail, type SignedUp } from './requests.ts';
import { useTestApp } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An id no row has: allowed callers get past the permission check to a 404 or a 422. */
const UNKNOWN_ID = '0123456789abcdef01234567';

/**
 * What a route's `*` stands for: an asset's path, and for the asset refresh the `/refresh` its
 * handler needs (any other POST under /assets/{sourceId}/ is no route, api/asset-index.ts).
 */
function wildcardOf(method: Method, path: string): string {
  return method === 'POST' && path === '/assets/:sourceId/*'
    ? 'missing.png/refresh'
    : 'missing.png';
}

function concretePath(method: Method, path: string, prefix = '/api/v4'): string {
  return `${prefix}${path
    .replace(':sourceId', UNKNOWN_ID)
    .replace(':sessionId', UNKNOWN_ID)
    .replace(':id', UNKNOWN_ID)
    .replace(':metric', 'requests')
    .replace(':reportId', 'image_analytics_20000101')
    .replace(':fileName', 'image_analytics_20000101.csv')
    .replace('*', wildcardOf(method, path))}`;
}

/** True when the answer is the permission check's refusal (not a handler's own 403). */
function refusedForGroup(response: { status: number; body: unknown }): boolean {
  const error = (response.body as { errors?: { code?: string; detail?: string }[] } | null)
    ?.errors?.[0];
  return (
    response.status === 403 &&
    error?.code === 'forbidden' &&
    (error.detail ?? '').includes('permission group')
  );
}

function expectedRefusal(rule: RouteRule, held: readonly PermissionGroup[]): boolean {
  if (rule === 'public' || rule === 'signed_in') return false;
  // The matrix asks for an id that is never the caller's own.
  if (rule === 'account_admin_or_self') return !grantsPermission(held, 'account_admin');
  return !grantsPermission(held, rule);
}

/** Who calls the matrix's routes: a teammate's session, an API key, or nobody signed in. */
type Caller =
  | { kind: 'session' | 'key'; held: readonly PermissionGroup[]; token: string }
  | { kind: 'anonymous' };

function callerLabel(caller: Caller): string {
  return caller.kind === 'anonymous' ? 'anonymous' : `${caller.kind}:${caller.held.join('+')}`;
}

/**
 * What a caller must be answered: the permission check's 403; a handler's refusal of API keys
 * (400 or 403: the route is for people signed in to the dashboard); 401 without a sign-in, or 404
 * where a link's token opens the route instead (the matrix sends none, and an unopened link says
 * nothing of what exists); or an answer past all of these, which may refuse the matrix's unknown
 * ids and empty bodies (404, 409, 422) but is never 401, 403 or a failure of the server (5xx).
 */
type Expected = 'group refusal' | 'key refusal' | '401' | '404' | 'answer';

/** How the OpenAPI document says an operation is signed in to (api/openapi/security.ts). */
interface Access {
  refusesKeys: boolean;
  opensWithLink: boolean;
}

function expectedAnswer(rule: RouteRule, caller: Caller, access: Access): Expected {
  if (caller.kind === 'anonymous') {
    if (rule === 'public') return 'answer';
    return access.opensWithLink ? '404' : '401';
  }
  if (expectedRefusal(rule, caller.held)) return 'group refusal';
  if (caller.kind === 'key' && access.refusesKeys) return 'key refusal';
  return 'answer';
}

function answered(expected: Expected, response: { status: number; body: unknown }): boolean {
  switch (expected) {
    case 'group refusal':
      return refusedForGroup(response);
    case 'key refusal':
      return (response.status === 400 || response.status === 403) && !refusedForGroup(response);
    case '401':
      return response.status === 401;
    case '404':
      return response.status === 404;
    case 'answer':
      return response.status !== 401 && response.status !== 403 && response.status < 500;
  }
}

/** Each route's Access, from the served OpenAPI document's security requirements. */
async function accessOfRoutes(app: FastifyInstance): Promise<(key: string) => Access> {
  const response = await call(app, 'GET', '/api/docs/openapi.json');
  expect(response.status).toBe(200);
  const paths = response.body.paths as Record<
    string,
    Record<string, { security?: Record<string, unknown>[] }>
  >;
  return (key) => {
    const [method, path] = key.split(' ') as [Method, string];
    const operation = paths[pathTemplate(path).template]?.[method.toLowerCase()];
    if (operation === undefined) throw new Error(`${key} is not in the OpenAPI document`);
    const security = operation.security ?? [];
    return {
      refusesKeys: !security.some((requirement) => 'apiKey' in requirement),
      // An empty requirement: signing in is optional (OpenAPI 3.1, "Security Requirement Object").
      opensWithLink: security.some((requirement) => Object.keys(requirement).length === 0),
    };
  };
}

describe.each(BACKENDS)('permission groups on $name', (backend) => {
  const context = useTestApp(backend);

  async function addTeammate(
    owner: SignedUp,
    permissions: readonly PermissionGroup[] | undefined,
  ): Promise<{ id: string; token: string; email: string }> {
    const email = uniqueEmail('member');
    const created = await call(context.app, 'POST', '/api/v4/users', {
      token: owner.token,
      body: {
        data: {
          type: 'users',
          attributes: {
            name: 'Grace Hopper',
            email,
            password: PASSWORD,
            ...(permissions ? { permissions } : {}),
          },
        },
      },
    });
    expect(created.status).toBe(201);
    const session = await signIn(context.app, email);
    return {
      id: (created.body as { data: { id: string } }).data.id,
      token: (session.body as { data: { attributes: { token: string } } }).data.attributes.token,
      email,
    };
  }

  /** A teammate's session for each group, one group each, in a new account. */
  async function sessionCallers(): Promise<Caller[]> {
    const owner = await signUp(context.app);
    const callers: Caller[] = [];
    for (const group of PERMISSION_GROUPS) {
      const { token } = await addTeammate(owner, [group]);
      callers.push({ kind: 'session', held: [group], token });
    }
    return callers;
  }

  /** An API key for each group, one group each, made by a new account's Account Admin. */
  async function keyCallers(): Promise<Caller[]> {
    const owner = await signUp(context.app);
    const callers: Caller[] = [];
    for (const group of PERMISSION_GROUPS) {
      const created = await call(context.app, 'POST', '/api/v4/api-keys', {
        token: owner.token,
        body: { data: { type: 'api_keys', attributes: { name: group, permissions: [group] } } },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      callers.push({ kind: 'key', held: [group], token: created.body.data.attributes.key });
    }
    return callers;
  }

  /** Calls every route of `rules` as each caller; one line per unexpected answer. */
  async function matrixMismatches(
    rules: Readonly<Record<string, RouteRule>>,
    prefix: string,
    callers: readonly Caller[],
  ): Promise<{ checked: number; mismatches: string[] }> {
    const accessOf = await accessOfRoutes(context.app);
    const mismatches: string[] = [];
    let checked = 0;
    // Signing out ends the session the rest of the matrix uses: it goes last.
    const routes = Object.entries(rules).sort(
      ([a], [b]) =>
        Number(a === 'DELETE /sessions/current') - Number(b === 'DELETE /sessions/current'),
    );
    for (const caller of callers) {
      for (const [key, rule] of routes) {
        const [method, path] = key.split(' ') as [Method, string];
        const response = await call(context.app, method, concretePath(method, path, prefix), {
          ...(caller.kind === 'anonymous' ? {} : { token: caller.token }),
          ...(method === 'POST' || method === 'PATCH' ? { body: { data: {} } } : {}),
        });
        checked += 1;
        const access =
          rule === 'public'
            ? { refusesKeys: false, opensWithLink: false }
            : accessOf(`${method} ${prefix}${path}`);
        const expected = expectedAnswer(rule, caller, access);
        if (!answered(expected, response)) {
          const error = (response.body as { errors?: { detail?: string }[] } | null)?.errors?.[0];
          mismatches.push(
            `${callerLabel(caller)} ${key}: expected ${expected}, got ${response.status} ${error?.detail ?? ''}`.trim(),
          );
        }
      }
    }
    return { checked, mismatches };
  }

  it('checks every /api/v4 route against a session of every group: 0 mismatches', async () => {
    const { checked, mismatches } = await matrixMismatches(
      ROUTE_RULES,
      '/api/v4',
      await sessionCallers(),
    );
    expect(checked).toBe(PERMISSION_GROUPS.length * Object.keys(ROUTE_RULES).length);
    expect(mismatches).toEqual([]);
  });

  it('checks every /api/v4 route against an API key of every group: 0 mismatches', async () => {
    const { checked, mismatches } = await matrixMismatches(
      ROUTE_RULES,
      '/api/v4',
      await keyCallers(),
    );
    expect(checked).toBe(PERMISSION_GROUPS.length * Object.keys(ROUTE_RULES).length);
    expect(mismatches).toEqual([]);
  });

  it("checks every route of imgix's Management API (/api/v1) against a session and an API key of every group: 0 mismatches", async () => {
    const callers = [...(await sessionCallers()), ...(await keyCallers())];
    const { checked, mismatches } = await matrixMismatches(
      MANAGEMENT_ROUTE_RULES,
      MANAGEMENT_API_PREFIX,
      callers,
    );
    expect(checked).toBe(2 * PERMISSION_GROUPS.length * Object.keys(MANAGEMENT_ROUTE_RULES).length);
    expect(mismatches).toEqual([]);
  });

  it('answers every route but the public ones 401 without a sign-in, on both APIs', async () => {
    const anonymous: Caller[] = [{ kind: 'anonymous' }];
    const v4 = await matrixMismatches(ROUTE_RULES, '/api/v4', anonymous);
    const v1 = await matrixMismatches(MANAGEMENT_ROUTE_RULES, MANAGEMENT_API_PREFIX, anonymous);
    expect(v4.checked + v1.checked).toBe(
      Object.keys(ROUTE_RULES).length + Object.keys(MANAGEMENT_ROUTE_RULES).length,
    );
    expect([...v4.mismatches, ...v1.mismatches]).toEqual([]);
  });

  it('lists only routes that exist', () => {
    const stale = [
      ...Object.keys(ROUTE_RULES).map((key) => [key, '/api/v4'] as const),
      ...Object.keys(MANAGEMENT_ROUTE_RULES).map((key) => [key, MANAGEMENT_API_PREFIX] as const),
    ].filter(([key, prefix]) => {
      if (prefix === '/api/v4' && ROUTES_NEEDING_BILLING.has(key)) return false;
      const [method, path] = key.split(' ') as [Method, string];
      return !context.app.hasRoute({ method, url: `${prefix}${path}` });
    });
    expect(stale).toEqual([]);
  });

  it('lets every user read their own profile, and only Account Admins read others', async () => {
    const owner = await signUp(context.app);
    const member = await addTeammate(owner, ['purge']);
    const own = await call(context.app, 'GET', `/api/v4/users/${member.id}`, {
      token: member.token,
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      data: { id: member.id, attributes: { permissions: ['purge'] } },
    });
    const other = await call(context.app, 'GET', `/api/v4/users/${owner.userId}`, {
      token: member.token,
    });
    expect(refusedForGroup(other)).toBe(true);
  });

  it('names the missing group in the 403', async () => {
    const owner = await signUp(context.app);
    const browser = await addTeammate(owner, ['asset_manager_browse']);
    const response = await call(context.app, 'GET', '/api/v4/analytics', { token: browser.token });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({
      errors: [
        {
          code: 'forbidden',
          detail: `This needs the ${PERMISSION_GROUP_LABELS.analytics} permission group. Ask an Account Admin of your account to grant it.`,
        },
      ],
    });
  });

  it('makes the first user Account Admin and gives a teammate added without groups only browsing', async () => {
    const owner = await signUp(context.app);
    const session = await call(context.app, 'GET', '/api/v4/sessions/current', {
      token: owner.token,
    });
    expect(session.body).toMatchObject({
      data: { attributes: { permissions: PERMISSION_GROUPS } },
    });
    const member = await addTeammate(owner, undefined);
    const own = await call(context.app, 'GET', '/api/v4/sessions/current', {
      token: member.token,
    });
    expect(own.body).toMatchObject({
      data: { attributes: { permissions: ['asset_manager_browse'] } },
    });
  });

  it('reports implied groups in the session: Edit holds Browse', async () => {
    const owner = await signUp(context.app);
    const editor = await addTeammate(owner, ['asset_manager_edit', 'purge']);
    const session = await call(context.app, 'GET', '/api/v4/sessions/current', {
      token: editor.token,
    });
    expect(session.body).toMatchObject({
      data: {
        attributes: { permissions: ['purge', 'asset_manager_browse', 'asset_manager_edit'] },
      },
    });
  });

  it("edits a teammate's groups, which apply to their next request", async () => {
    const owner = await signUp(context.app);
    const member = await addTeammate(owner, ['asset_manager_browse']);
    expect(
      (await call(context.app, 'GET', '/api/v4/analytics', { token: member.token })).status,
    ).toBe(403);
    const patched = await call(context.app, 'PATCH', `/api/v4/users/${member.id}`, {
      token: owner.token,
      body: { data: { type: 'users', attributes: { permissions: ['analytics', 'billing'] } } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      data: { attributes: { permissions: ['billing', 'analytics'] } },
    });
    expect(
      refusedForGroup(await call(context.app, 'GET', '/api/v4/analytics', { token: member.token })),
    ).toBe(false);
  });

  it('refuses groups that do not exist, none at all, or other attributes with 422', async () => {
    const owner = await signUp(context.app);
    const member = await addTeammate(owner, ['purge']);
    for (const attributes of [
      { permissions: [] },
      { permissions: ['superuser'] },
      { permissions: ['purge', 'purge'] },
      { permissions: 'purge' },
      { email: 'other@example.com' },
    ]) {
      const response = await call(context.app, 'PATCH', `/api/v4/users/${member.id}`, {
        token: owner.token,
        body: { data: { type: 'users', attributes } },
      });
      expect(response.status, JSON.stringify(attributes)).toBe(422);
    }
  });

  it('never leaves an account without an Account Admin', async () => {
    const owner = await signUp(context.app);
    const ownerId = owner.userId;
    const demoted = await call(context.app, 'PATCH', `/api/v4/users/${ownerId}`, {
      token: owner.token,
      body: { data: { type: 'users', attributes: { permissions: ['billing'] } } },
    });
    expect(demoted.status).toBe(409);
    expect(demoted.body).toMatchObject({
      errors: [{ code: 'conflict', source: { pointer: '/data/attributes/permissions' } }],
    });

    // With a second Account Admin, the first may step down, and the last one stays.
    const second = await addTeammate(owner, ['account_admin']);
    const stepDown = await call(context.app, 'PATCH', `/api/v4/users/${ownerId}`, {
      token: owner.token,
      body: { data: { type: 'users', attributes: { permissions: ['billing'] } } },
    });
    expect(stepDown.status).toBe(200);
    const last = await call(context.app, 'PATCH', `/api/v4/users/${second.id}`, {
      token: second.token,
      body: { data: { type: 'users', attributes: { permissions: ['purge'] } } },
    });
    expect(last.status).toBe(409);
    // The former admin lost user management with the group.
    const refused = await call(context.app, 'GET', '/api/v4/users', { token: owner.token });
    expect(refusedForGroup(refused)).toBe(true);
  });
});
