import type { FastifyRequest } from 'fastify';

/**
 * Requests whose API key use is to be written to the audit log: the first use of a key in each
 * minute, the same moments its `last_used_at` is written (store/api-keys.ts).
 */
export const keyUsesToRecord = new WeakSet<FastifyRequest>();
