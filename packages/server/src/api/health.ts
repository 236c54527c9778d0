import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** `GET /healthz` for load balancers: 200 once the database answers, 503 otherwise. */
export function healthRoutes(app: FastifyInstance): void {
  app.get('/healthz', async (request, reply) => {
    try {
      await sql`select 1`.execute(app.darkroom.database.db);
      return reply.code(200).send({ status: 'healthy' });
    } catch (error) {
      request.log.warn({ err: error }, 'health check: database unavailable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
