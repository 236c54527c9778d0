import type { FastifyInstance } from 'fastify';
import { apiError } from '../errors.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** READ_ONLY=1: reads work, every API write answers 503 read_only (e.g. during maintenance). */
export function registerReadOnlyGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (WRITE_METHODS.has(request.method) && request.url.startsWith('/api/')) {
      throw apiError(
        'read_only',
        'Darkroom is in read-only mode: changes are paused. Please try again later.',
      );
    }
  });
}
