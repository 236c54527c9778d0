import { ERROR_CODES, JSONAPI_MEDIA_TYPE, type ErrorCode } from '@darkroom/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { ApiError, apiError, routeNotFound } from '../errors.ts';
import { isDatabaseError } from '../store/errors.ts';
import { sendErrors } from './documents.ts';

// Fastify's own client errors (body too large, bad content length, ...) keep their meaning.
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'payload_too_large',
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed_json',
};

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
};

// Fastify's own wording names neither what to send nor the limit.
const FASTIFY_DETAILS: Partial<Record<string, (request: FastifyRequest) => string>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () =>
    `Send the request body as ${JSONAPI_MEDIA_TYPE} (or application/json).`,
  FST_ERR_CTP_BODY_TOO_LARGE: (request) =>
    `The request body is larger than the limit of ${request.routeOptions.bodyLimit} bytes.`,
};

/**
 * A value the database refuses for its column (SQLSTATE class 22, "data exception": out of
 * range, not of the column's type, a character it cannot store) came from the request: a 422
 * that says so without the database's text. Routes validate first; this is the safety net.
 */
function databaseRefusal(error: unknown): ApiError | null {
  if (!isDatabaseError(error) || !error.code.startsWith('22')) return null;
  return apiError(
    'validation_failed',
    'A value in the request cannot be stored: it is out of range or not of the kind its field holds.',
  );
}

/** Seconds a client is asked to wait before sending again a request the database missed. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** 503 database_unavailable, with when to try again (RFC 9110 section 10.2.3, Retry-After). */
export function databaseUnavailableError(): ApiError {
  return new ApiError(
    {
      code: 'database_unavailable',
      detail:
        'The database cannot be reached right now, so this request was not completed. Try again in a few seconds.',
    },
    { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  );
}

/**
 * A database that could not be reached (refused or lost connections, no connection within the
 * pool's timeout, a server shutting down) is a 503 the client may retry, not a 500: the request
 * was not completed. A write either committed before its answer was sent (and was answered 2xx)
 * or is answered this, its transaction rolled back. (A lone statement whose answer was lost with
 * its connection may have committed; a client retrying a create may then find it made.)
 */
function databaseUnavailable(error: unknown): ApiError | null {
  return isDatabaseUnavailable(error) ? databaseUnavailableError() : null;
}

function toApiError(error: FastifyError, request: FastifyRequest): ApiError | null {
  if (error instanceof ApiError) return error;
  const unavailable = databaseUnavailable(error);
  if (unavailable !== null) return unavailable;
  const refusal = databaseRefusal(error);
  if (refusal !== null) return refusal;
  const code = FASTIFY_CODES[error.code] ?? STATUS_CODES[error.statusCode ?? 0];
  if (code) return apiError(code, FASTIFY_DETAILS[error.code]?.(request) ?? error.message);
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return apiError('bad_request', error.message);
  }
  return null;
}

/** What Fastify refuses before routing (a path that is not valid percent-encoding, say). */
export function frameworkErrorMessage(error: FastifyError): string {
  return error.code === 'FST_ERR_BAD_URL'
    ? 'The path is not valid: each % must start a percent-encoded UTF-8 byte such as %2F.'
    : error.message;
}

/** Fastify's `frameworkErrors` for API and dashboard hosts: a JSON:API 400 like every other. */
export function sendFrameworkError(error: FastifyError, reply: FastifyReply): FastifyReply {
  const refused = apiError('bad_request', frameworkErrorMessage(error));
  return sendErrors(reply, refused.status, refused.errors);
}

export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

/**
 * One error handler for the whole app: every failure leaves as a JSON:API errors
 * document. Unexpected errors are logged and answered with a generic 500, never a stack.
 * Register it before any route plugin: plugins inherit the handler present when they register.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = toApiError(error, request);
    if (known === null) {
      request.log.error({ err: error }, 'unhandled error');
      const { status } = ERROR_CODES.internal_error;
      const internal = apiError('internal_error', 'Something went wrong on our side.');
      return sendErrors(reply, status, internal.errors);
    }
    // A value only the database refused means a route validates too little: worth a look.
    if (known.status === 503 && isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database is unavailable');
    } else if (isDatabaseError(error)) {
      request.log.warn({ err: error }, 'the database refused a value');
    }
    for (const [name, value] of Object.entries(known.headers)) reply.header(name, value);
    return sendErrors(reply, known.status, known.errors);
  });
}

/** Unknown routes: the dashboard's fallback when it takes the request, else 404 route_not_found. */
export function registerNotFoundHandler(app: FastifyInstance, fallback?: NotFoundFallback): void {
  app.setNotFoundHandler((request, reply) => {
    if (fallback?.(request, reply)) return reply;
    const error = routeNotFound(request.method, request.url);
    return sendErrors(reply, error.status, error.errors);
  });
}
