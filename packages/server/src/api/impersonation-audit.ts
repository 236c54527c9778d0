import type { FastifyInstance } from 'fastify';
import { insertAuditEntry } from '../store/impersonation-audit.ts';

/**
 * Writes one audit row for every request made with an impersonation session, after the
 * response is sent so auditing never slows the admin down. Returns `flush`, which waits
 * for the rows still being written (called before the database closes).
 */
export function registerImpersonationAudit(app: FastifyInstance): () => Promise<void> {
  const pending = new Set<Promise<void>>();
  app.addHook('onResponse', async (request, reply) => {
    const auth = request.auth;
    if (auth?.impersonator == null) return;
    const write = insertAuditEntry(request.server.darkroom.database.db, {
      sessionId: auth.sessionId,
      adminUserId: auth.impersonator.id,
      impersonatedUserId: auth.user.id,
      method: request.method,
      path: request.url,
      status: reply.statusCode,
    })
      .catch((error: unknown) => request.log.error({ err: error }, 'impersonation audit failed'))
      .finally(() => pending.delete(write));
    pending.add(write);
  });
  return async () => {
    await Promise.all(pending);
  };
}
