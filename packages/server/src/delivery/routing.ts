// Which requests are deliveries (issue 4 item 1): a Host of `{subdomain}.{DELIVERY_DOMAIN}` (any
// port) or a source's custom domain. Those are answered here, in the first onRequest hook, before
// the API's rate limit, authentication and routes see them; every other request goes on as before.
import { parseDeliveryDomain } from '@darkroom/core';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { frameworkErrorMessage, sendFrameworkError } from '../api/error-handler.ts';
import { deliveryHostLookup } from '../store/sources.ts';
import { errorAnswer, sendAnswer } from './answers.ts';
import type { Delivery } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    delivery: Delivery;
  }
}

/** How a Host header is served: by delivery for sure, by delivery if a source has it, or not. */
export type HostRole = 'delivery' | 'custom-domain' | 'other';

/** Classifies lowercased Host headers for one delivery domain (parsed once, not per request). */
export function hostClassifier(deliveryDomain: string): (host: string) => HostRole {
  const suffix = `.${parseDeliveryDomain(deliveryDomain).host}`;
  return (host) => {
    const hostname = host.replace(/:\d+$/, '').replace(/\.$/, '');
    if (hostname.endsWith(suffix)) return 'delivery';
    return deliveryHostLookup(hostname, deliveryDomain) === null ? 'other' : 'custom-domain';
  };
}

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
    if (roleOf(request.host.toLowerCase()) === 'other') return sendFrameworkError(error, reply);
    return sendAnswer(reply, errorAnswer(400, frameworkErrorMessage(error), null), request.method);
  };
}

/** Adds the delivery hook; call it before any other onRequest hook is added. */
export function registerDelivery(app: FastifyInstance, delivery: Delivery): void {
  const roleOf = hostClassifier(app.darkroom.config.deliveryDomain);
  app.decorate('delivery', delivery);
  app.addHook('onRequest', async (request, reply) => {
    // request.host honours TRUST_PROXY (X-Forwarded-Host behind a trusted proxy).
    const host = request.host.toLowerCase();
    const role = roleOf(host);
    if (role === 'other') return;
    const source = await delivery.source(host);
    // A host that is no source's custom domain is the dashboard's own (or anyone's): not ours.
    if (source === null && role === 'custom-domain') return;
    await delivery.handle(
      {
        method: request.method,
        url: request.raw.url ?? '/',
        headers: request.headers,
        host,
        log: request.log,
      },
      reply,
      source,
    );
    return reply;
  });
}
