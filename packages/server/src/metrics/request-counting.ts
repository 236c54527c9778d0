// Counts every answer Fastify sends by kind and status class (server-counters.ts); the cache hits
// the fast path answers before Fastify are counted there (delivery/fast-path.ts). The kind is
// delivery for what delivery's hook answered, api under /api, other for the operational endpoints
// (/healthz, /readyz, /metrics) and dashboard for the rest (its pages and files, and unknown paths).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestKind, ServerCounters } from './server-counters.ts';

/** Whether `url`'s path is `path` itself (with or without a query). */
function isPath(url: string, path: string): boolean {
  return url.startsWith(path) && (url.length === path.length || url[path.length] === '?');
}

function kindOf(request: FastifyRequest): RequestKind {
  if (request.servedByDelivery) return 'delivery';
  const { url } = request;
  if (isPath(url, '/api') || url.startsWith('/api/')) return 'api';
  if (isPath(url, '/healthz') || isPath(url, '/readyz') || isPath(url, '/metrics')) return 'other';
  return 'dashboard';
}

export function registerRequestCounting(app: FastifyInstance, counters: ServerCounters): void {
  app.addHook('onResponse', (request, reply, done) => {
    counters.countRequest(kindOf(request), reply.statusCode);
    done();
  });
}
