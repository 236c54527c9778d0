import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { effectivePermissions } from '@darkroom/core';
import {
  API_KEY_PREFIX,
  findActiveApiKey,
  touchApiKey,
  type ActiveApiKey,
} from '../store/api-keys.ts';
import { findActiveSession, type ActiveSession } from '../store/sessions.ts';
import { keyUsesToRecord } from './key-use.ts';
import type { SessionAuth } from './context.ts';
import { apiError, routeNotFound } from '../errors.ts';

/** The HttpOnly cookie that marks an admin session in a browser without a stored token. */
export const ADMIN_COOKIE = 'darkroom_admin';

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

function toAuth(session: ActiveSession): SessionAuth | null {
  const impersonating = session.impersonator_user_id !== null;
  // An impersonation ends as soon as its administrator stops being one.
  if (impersonating && session.impersonator_admin !== true) return null;
  return {
    sessionId: session.id,
    user: {
      id: session.user_id,
      name: session.user_name,
      email: session.user_email,
      accountId: session.account_id,
      admin: session.user_admin,
      permissions: session.user_permissions,
    },
    admin: !impersonating && session.admin && session.user_admin,
    impersonator: impersonating
      ? { id: session.impersonator_user_id ?? '', name: session.impersonator_name ?? '' }
      : null,
    apiKey: null,
  };
}

/**
 * A key acts for the user who created it, with its own groups, narrowed to what that user holds
 * today: demoting the user narrows their keys too.
 */
function keyAuth(key: ActiveApiKey): SessionAuth {
  const held = effectivePermissions(key.user_permissions);
  return {
    sessionId: key.id,
    user: {
      id: key.user_id,
      name: key.user_name,
      email: key.user_email,
      accountId: key.account_id,
      admin: false,
      permissions: effectivePermissions(key.permissions).filter((group) => held.includes(group)),
    },
    admin: false,
    impersonator: null,
    apiKey: { id: key.id, name: key.name },
  };
}

async function authenticateBearer(
  request: FastifyRequest,
  token: string,
): Promise<SessionAuth | null> {
  const { db } = request.server.darkroom.database;
  if (token.startsWith(API_KEY_PREFIX)) {
    const key = await findActiveApiKey(db, token);
    if (key !== undefined) {
      if (await touchApiKey(db, key)) keyUsesToRecord.add(request);
      // Every use of a key is attributable in the request log.
      request.log = request.log.child({ apiKeyId: key.id });
      return keyAuth(key);
    }
  }
  const session = await findActiveSession(db, token);
  return session ? toAuth(session) : null;
}

/**
 * Resolves `request.auth` for API requests. A request with an Authorization header is
 * judged by that header alone; only without one does the admin cookie count, and only
 * for an admin session (spec platform section 6). The cookie is SameSite=Strict and
 * bodies must be JSON, so other sites cannot make a browser use it.
 */
export function registerAuthentication(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const { db } = request.server.darkroom.database;
    if (request.headers.authorization !== undefined) {
      const token = bearerToken(request);
      request.auth = token ? await authenticateBearer(request, token) : null;
      return;
    }
    const cookie = request.cookies[ADMIN_COOKIE];
    if (cookie) {
      const session = await findActiveSession(db, cookie);
      const auth = session ? toAuth(session) : null;
      request.auth = auth?.admin ? auth : null;
    }
  });
}

/** The caller, or 401 when the request carries no valid session. */
export function requireAuth(request: FastifyRequest): SessionAuth {
  if (request.auth === null) {
    throw apiError('unauthorized', 'Sign in to continue: send a valid bearer token.');
  }
  return request.auth;
}

/** Hook for /api/v4/admin: anyone but an admin session sees a route that does not exist. */
export async function requireAdminSession(request: FastifyRequest): Promise<void> {
  if (request.auth?.admin !== true) {
    throw routeNotFound(request.method, request.url);
  }
}

export function setAdminCookie(reply: FastifyReply, token: string, maxAgeSeconds: number): void {
  reply.setCookie(ADMIN_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/api',
    secure: reply.request.protocol === 'https',
    maxAge: maxAgeSeconds,
  });
}

export function clearAdminCookie(reply: FastifyReply): void {
  reply.clearCookie(ADMIN_COOKIE, { httpOnly: true, sameSite: 'strict', path: '/api' });
}
