// Which uses of an API key the audit log records as `api_key.used` (spec platform section 5: the
// log says who changed what). Reads are summarised: one entry for a key's first use in each
// minute. A change is never summarised: an audited route's own entry names the key
// (`actor_api_key_id`), and every other change a key makes gets an entry of its own.
import type { FastifyRequest } from 'fastify';
import type { AuditDetails } from '../db/schema.ts';

/**
 * Requests whose API key use is to be written to the audit log: the first use of a key in each
 * minute, the same moments its `last_used_at` is written (store/api-keys.ts).
 */
export const keyUsesToRecord = new WeakSet<FastifyRequest>();

/** RFC 9110 section 9.2.1: the safe methods, which change nothing at the server. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** POST routes (under /api/v4) that compute an answer and change nothing: used as reads are. */
const UNCHANGING_POSTS = new Set([
  'POST /sources/:id/signed-urls',
  'POST /validations/domains',
  'POST /validations/source/configurations',
]);

/** Longest path kept: an asset's path names which asset a key changed. */
const MAX_PATH_LENGTH = 2000;

/** What a request with a key changes at the server, if anything, judged by its route. */
function changesSomething(request: FastifyRequest, prefix: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const url = request.routeOptions.url ?? '';
  const path = url.startsWith(prefix) ? url.slice(prefix.length) : url;
  return !UNCHANGING_POSTS.has(`${request.method} ${path}`);
}

/**
 * The details of the `api_key.used` entry a request made with a key writes, or null when it
 * writes none: a change no audited route records (answered below 400: a refused request changed
 * nothing) names its route and path; otherwise only a key's first use in the minute is written.
 */
export function keyUseEntry(
  request: FastifyRequest,
  status: number,
  prefix: string,
  audited: boolean,
): AuditDetails | null {
  const key = request.auth?.apiKey;
  if (!key) return null;
  if (!audited && status < 400 && changesSomething(request, prefix)) {
    return {
      name: key.name,
      request: `${request.method} ${request.routeOptions.url ?? ''}`,
      path: (request.url.split('?')[0] ?? '').slice(0, MAX_PATH_LENGTH),
    };
  }
  return keyUsesToRecord.has(request) ? { name: key.name } : null;
}
