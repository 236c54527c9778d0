import { impersonationSchema } from '@darkroom/core';
import type { FastifyInstance } from 'fastify';
import { createSession, IMPERSONATION_TTL_MS } from '../store/sessions.ts';
import { findUser } from '../store/users.ts';
import { requireAuth } from './authentication.ts';
import { apiError, attributeErrors } from '../errors.ts';
import { requestAttributes } from './request-document.ts';
import { sendData } from './documents.ts';
import { sessionResource } from './serializers.ts';
import { describeRoutes } from './openapi/registry.ts';

/**
 * `POST /api/v4/admin/impersonations`: a one-hour session that acts as another user. Its
 * requests are audited (see impersonation-audit.ts); administrators cannot be impersonated.
 */
export function impersonationRoutes(app: FastifyInstance): void {
  describeRoutes(app, {
    'POST /impersonations': {
      summary: 'Impersonate a user',
      description:
        'Answers a one-hour session (with its `token`) that acts as the user; its every request is audited. Administrators cannot be impersonated.',
      tag: 'Impersonations',
      body: { resource: 'impersonations', attributes: impersonationSchema },
      answer: { status: 201, resource: 'sessions' },
      errors: [403],
    },
  });
  app.post('/impersonations', async (request, reply) => {
    const admin = requireAuth(request);
    const attributes = requestAttributes(request.body, 'impersonations');
    const parsed = impersonationSchema.safeParse(attributes);
    if (!parsed.success) throw attributeErrors(parsed.error, attributes);
    const { db } = app.darkroom.database;
    const target = await findUser(db, parsed.data.user_id, null);
    if (!target) {
      throw apiError('not_found', 'No user has this id.', { pointer: '/data/attributes/user_id' });
    }
    if (target.admin) {
      throw apiError('forbidden', 'Administrators cannot be impersonated.', {
        pointer: '/data/attributes/user_id',
      });
    }
    const created = await createSession(db, {
      userId: target.id,
      admin: false,
      impersonatorUserId: admin.user.id,
      ttlMs: IMPERSONATION_TTL_MS,
    });
    request.log.info(
      { adminUserId: admin.user.id, userId: target.id, sessionId: created.session.id },
      'impersonation started',
    );
    // The answer's meta stays the admin's: this request is theirs, not the impersonation's.
    const resource = sessionResource(
      created.session,
      { id: target.id, accountId: target.account_id, permissions: target.permissions },
      created.token,
    );
    return sendData(reply, 201, resource);
  });
}
