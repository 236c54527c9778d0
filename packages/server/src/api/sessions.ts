import { DAY, signInSchema } from '@darkroom/core';
import type { FastifyInstance } from 'fastify';
import { verifyPassword } from '../auth/passwords.ts';
import { createSession, revokeSession } from '../store/sessions.ts';
import { findUserByEmail } from '../store/users.ts';
import { clearAdminCookie, requireAuth } from './authentication.ts';
import { sendData } from './documents.ts';
import { apiError, attributeErrors } from '../errors.ts';
import { requestAttributes } from './request-document.ts';
import { sessionResource } from './serializers.ts';
import { sendNewSession } from './session-answer.ts';

/** `sessions`: sign in (POST), the current session (GET) and sign out (DELETE). */
export function sessionRoutes(app: FastifyInstance): void {
  app.post('/sessions', async (request, reply) => {
    const attributes = requestAttributes(request.body, 'sessions');
    const parsed = signInSchema.safeParse(attributes);
    if (!parsed.success) throw attributeErrors(parsed.error, attributes);
    const { db } = app.darkroom.database;
    const user = await findUserByEmail(db, parsed.data.email);
    const valid = await verifyPassword(user?.password_hash ?? null, parsed.data.password);
    if (!user || !valid) {
      throw apiError('invalid_credentials', 'The email or password is incorrect.');
    }
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
