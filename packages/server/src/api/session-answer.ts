import type { FastifyReply } from 'fastify';
import type { SessionRow, UserRow } from '../db/schema.ts';
import { setAdminCookie } from './authentication.ts';
import { sendData } from './documents.ts';
import { sessionResource } from './serializers.ts';

/**
 * Answers a sign-up or sign-in with 201 and the new session, token included. The answer's
 * meta already describes the new session; an admin session also gets the admin cookie.
 */
export function sendNewSession(
  reply: FastifyReply,
  user: UserRow,
  created: { session: SessionRow; token: string },
): FastifyReply {
  const { session, token } = created;
  reply.request.auth = {
    sessionId: session.id,
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      accountId: user.account_id,
      admin: user.admin,
      permissions: user.permissions,
    },
    admin: session.admin,
    impersonator: null,
    apiKey: null,
  };
  if (session.admin) {
    const maxAgeSeconds = Math.floor((session.expires_at.getTime() - Date.now()) / 1000);
    setAdminCookie(reply, token, maxAgeSeconds);
  }
  const resource = sessionResource(
    session,
    { id: user.id, accountId: user.account_id, permissions: user.permissions },
    token,
  );
  return sendData(reply, 201, resource);
}
