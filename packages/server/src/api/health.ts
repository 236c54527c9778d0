import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/**
 * A database that answered one of the app's own queries this recently, with none failing since,
 * is answering: the check does not queue a query of its own behind the transactions in flight.
 */
const RECENT_ANSWER_MS = 1_000;

/**
 * `GET /healthz` for load balancers: 200 once the database answers, 503 otherwise, and 503
 * `draining` from the moment the app starts closing (SIGTERM), so they send nothing more here.
 */
export function healthRoutes(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.get('/healthz', async (request, reply) => {
    if (draining) return reply.code(503).send({ status: 'draining' });
    const { database } = app.darkroom;
    if (database.liveness.answeredWithin(RECENT_ANSWER_MS)) {
      return reply.code(200).send({ status: 'healthy' });
    }
    try {
      await sql`select 1`.execute(database.db);
      return reply.code(200).send({ status: 'healthy' });
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unavailable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
