// The probes of load balancers and orchestrators (docs/ARCHITECTURE.md, "Stopping and failing").
// `GET /healthz` is liveness: 200 while this process serves, whatever the database does, since
// delivery answers cached images and known sources without it (delivery/source-cache.ts), and a
// database outage reported by every process at once would have the whole fleet taken out of
// rotation, or restarted, for nothing. `GET /readyz` is readiness: whether the database answers,
// for what needs it (the API, renders deferred to jobs). Both say 503 `draining` from the moment
// the app starts closing (SIGTERM), so that a balancer sends nothing more here.
import type { FastifyInstance } from 'fastify';
import { databaseAvailability } from './database-availability.ts';

export function healthRoutes(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  // Nothing here waits on anything: its budget is a p99 under 100 ms under load.
  app.get('/healthz', async (_request, reply) => {
    if (draining) return reply.code(503).send({ status: 'draining' });
    return reply.code(200).send({ status: 'healthy' });
  });
  const availability = databaseAvailability(app);
  let reportedDown = false;
  app.get('/readyz', async (request, reply) => {
    if (draining) return reply.code(503).send({ status: 'draining' });
    const down = await availability.check();
    if (down === null) {
      reportedDown = false;
      return reply.code(200).send({ status: 'ready', database: 'up' });
    }
    // Logged when it changes, not at every probe of every balancer.
    if (!reportedDown) {
      request.log.warn({ err: down.reason }, 'not ready: the database does not answer');
    }
    reportedDown = true;
    return reply.code(503).send({ status: 'not_ready', database: 'down' });
  });
}
