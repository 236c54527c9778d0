// GET /metrics: the app's registry in Prometheus's text exposition format (version 0.0.4,
// prometheus.io/docs/instrumenting/exposition_formats), for those metrics-access.ts lets in. It is
// served on the dashboard's host and any other that is not a delivery host: delivery's first hook
// answers every request on those (delivery/routing.ts), /metrics included, before routes are seen.
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { ApiError } from '../errors.ts';
import { metricsAccess } from './metrics-access.ts';

/** RFC 6750 section 3: a 401 to a bearer-token resource names the scheme it wants. */
const CHALLENGE = 'Bearer realm="metrics"';

export function registerMetricsRoute(
  app: FastifyInstance,
  registry: Registry,
  token: string | null,
): void {
  app.get('/metrics', async (request, reply) => {
    const access = metricsAccess(request, token);
    // Answered by the not-found handler itself, as any path no route has (the dashboard's page for
    // a browser), so the refusal does not tell that the route exists.
    if (access === 'hidden') return reply.callNotFound();
    if (access === 'unauthorized') {
      throw new ApiError(
        { code: 'unauthorized', detail: 'Send the metrics token as a bearer token.' },
        { 'www-authenticate': CHALLENGE },
      );
    }
    const text = await registry.metrics();
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(text);
  });
}
