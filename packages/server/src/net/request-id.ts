// X-Request-Id: one id per request, taken from the client (or the proxy in front) when it sent a
// sane one and made here otherwise, so the same id is in the proxy's log, in every line this
// server logs of the request (Fastify's `reqId`) and in the answer. The header is a convention
// (Heroku's router, nginx's $request_id), not a standard. What is taken is bounded to a short
// token of [A-Za-z0-9._:-], so a client cannot write anything else into the log through it
// (OWASP Logging Cheat Sheet, "Event data sources": log injection).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

// An id made here is a random prefix per process and a counter: unique among the processes
// writing to one log, without a random draw per request (the cache-hit path answers tens of
// thousands a second). Nothing depends on ids being unguessable.
const PREFIX = randomBytes(6).toString('base64url');
let sequence = 0;

/** A new id, unique within this process and, by its random prefix, among processes. */
export function newRequestId(): string {
  sequence += 1;
  return `${PREFIX}-${sequence.toString(36)}`;
}

/** The id of a request whose X-Request-Id header is `sent`: that one when sane, else a new one. */
export function requestIdOf(sent: string | readonly string[] | undefined): string {
  return typeof sent === 'string' && SANE_ID.test(sent) ? sent : newRequestId();
}

/**
 * Echoes `request.id` (Fastify's `genReqId` made it with requestIdOf) in X-Request-Id on every
 * answer Fastify sends. Add it before every other onRequest hook: delivery's first hook ends the
 * requests it answers.
 */
export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
