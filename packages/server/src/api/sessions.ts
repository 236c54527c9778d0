import { DAY, signInSchema } from '@darkroom/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifyPassword } from '../auth/passwords.ts';
import type { UserRow } from '../db/schema.ts';
import { recordAuthProvider } from '../store/auth-providers.ts';
import { createSession, revokeSession } from '../store/sessions.ts';
import { findUserByEmail } from '../store/users.ts';
import { recordAs } from './audit-log.ts';
import { clearAdminCookie, requireAuth } from './authentication.ts';
import { sendData } from './documents.ts';
import { apiError, attributeErrors } from '../errors.ts';
import { requestAttributes } from './request-document.ts';
import { sessionResource } from './serializers.ts';
import { sendNewSession } from './session-answer.ts';
import { describeRoutes } from './openapi/registry.ts';
import { countPasswordAttempt, signInSucceeded } from './sign-in-lockout.ts';
import { refusePasswordWhenSsoRequired } from './sso-requirement.ts';
import { isSsoSignIn, userOfSsoCode } from './sso-session.ts';

/**
 * The user an email and password sign in as; 401 for either wrong, 429 while the email is locked
 * out after failed sign-ins (api/sign-in-lockout.ts), 403 when SSO is required.
 */
async function userOfPassword(
  request: FastifyRequest,
  attributes: Record<string, unknown>,
): Promise<UserRow> {
  const parsed = signInSchema.safeParse(attributes);
  if (!parsed.success) throw attributeErrors(parsed.error, attributes);
  const { email, password } = parsed.data;
  const { config, database } = request.server.darkroom;
  const { db } = database;
  // Counted before the password is checked, so a locked email is refused even with the right one.
  const attempt = await countPasswordAttempt(request, email);
  const user = await findUserByEmail(db, email);
  const valid = await verifyPassword(user?.password_hash ?? null, password);
  if (!user || !valid) {
    if (attempt.locksOnFailure) {
      await recordAs(request, 'sign_in.locked', null, { email }, user?.account_id ?? null);
    }
    throw apiError('invalid_credentials', 'The email or password is incorrect.');
  }
  // The password is right, so what was counted were no guesses, even should SSO refuse it below.
  await signInSucceeded(request, email);
  // Only after the password is checked, so the answer tells nothing to who does not know it.
  await refusePasswordWhenSsoRequired(db, config.oidc, user);
  await recordAuthProvider(db, user.id, 'password');
  return user;
}

/** `sessions`: sign in (POST), the current session (GET) and sign out (DELETE). */
export function sessionRoutes(app: FastifyInstance): void {
  const { signInLockoutFailures, signInLockoutMinutes } = app.darkroom.config;
  describeRoutes(app, {
    'POST /sessions': {
      summary: 'Sign in',
      description: `Answers the new session with its \`token\`, shown this once: send it as \`Authorization: Bearer <token>\`. After single sign-on, send \`sso_auth_code\` instead of an email and password. After ${signInLockoutFailures} failed password sign-ins with one email, that email is refused (429 \`sign_in_locked\`, with \`Retry-After\`), even with the right password, until ${signInLockoutMinutes} minutes after the last failure.`,
      tag: 'Sessions',
      body: { resource: 'sessions', attributes: signInSchema },
      answer: { status: 201, resource: 'sessions' },
      errors: [403],
    },
    'GET /sessions/current': {
      summary: 'The current session',
      tag: 'Sessions',
      answer: { status: 200, resource: 'sessions' },
    },
    'DELETE /sessions/current': {
      summary: 'Sign out',
      description:
        'Ends the session the request is made with. An API key is no session: revoke it instead.',
      tag: 'Sessions',
      refusesApiKeys: true,
      answer: { status: 204, mediaType: null, description: 'Signed out.' },
    },
  });

  app.post('/sessions', async (request, reply) => {
    const attributes = requestAttributes(request.body, 'sessions');
    const { db } = app.darkroom.database;
    // A finished single sign-on (api/sso.ts) signs in with its one-time code instead.
    const user = isSsoSignIn(attributes)
      ? await userOfSsoCode(request, reply, attributes)
      : await userOfPassword(request, attributes);
    const created = await createSession(db, {
      userId: user.id,
      admin: user.admin,
      impersonatorUserId: null,
      ttlMs: app.darkroom.config.sessionTtlDays * DAY,
    });
    return sendNewSession(reply, user, created);
  });

  app.get('/sessions/current', async (request, reply) => {
    const auth = requireAuth(request);
    const session = sessionResource(
      {
        id: auth.sessionId,
        admin: auth.admin,
        impersonator_user_id: auth.impersonator?.id ?? null,
      },
      {
        id: auth.user.id,
        accountId: auth.user.accountId,
        permissions: auth.user.permissions,
      },
    );
    return sendData(reply, 200, session);
  });

  app.delete('/sessions/current', async (request, reply) => {
    const auth = requireAuth(request);
    if (auth.apiKey !== null) {
      throw apiError('bad_request', 'An API key is not a session: revoke it on the API keys page.');
    }
    await revokeSession(app.darkroom.database.db, auth.sessionId);
    // Ending an impersonation keeps the admin's own cookie: the admin returns to it.
    if (auth.admin) clearAdminCookie(reply);
    return reply.code(204).send();
  });
}
