// What Fastify refuses before any hook runs, answered by whoever owns the host: delivery on its
// hosts, the API everywhere else.
import type { FastifyServerOptions } from 'fastify';
import { frameworkErrorMessage, sendFrameworkError } from './api/error-handler.ts';
import { errorAnswer, sendAnswer } from './delivery/answers.ts';
import { hostClassifier } from './delivery/routing.ts';
import { REQUEST_ID_HEADER } from './net/request-id.ts';

/**
 * Fastify's `frameworkErrors`: what it refuses before any hook runs (a path that is not valid
 * percent-encoding) is answered on delivery hosts as delivery answers errors, in plain text, and
 * elsewhere as the API does.
 */
export function frameworkErrorHandler(
  deliveryDomain: string,
): NonNullable<FastifyServerOptions['frameworkErrors']> {
  const roleOf = hostClassifier(deliveryDomain);
  return (error, request, reply) => {
    // No onRequest hook runs for these, the one that echoes the request id included.
    reply.header(REQUEST_ID_HEADER, request.id);
    if (roleOf(request.host.toLowerCase()) === 'other') return sendFrameworkError(error, reply);
    request.servedByDelivery = true;
    return sendAnswer(reply, errorAnswer(400, frameworkErrorMessage(error), null), request.method);
  };
}
