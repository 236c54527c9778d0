// Which requests are deliveries (docs/ARCHITECTURE.md, "A delivery from socket to bytes"): a Host
// of `{subdomain}.{DELIVERY_DOMAIN}` (any port) or a source's custom domain. Those are answered
// here, in the first onRequest hook, before the API's rate limit, authentication and routes see
// them; every other request goes on as before.
import { parseDeliveryDomain } from '@darkroom/core';
import type { FastifyInstance } from 'fastify';
import { hostName } from '../net/host-name.ts';
import { deliveryHostLookup } from '../store/source-hosts.ts';
import type { Delivery } from './delivery.ts';

declare module 'fastify' {
  interface FastifyInstance {
    delivery: Delivery;
  }
  interface FastifyRequest {
    /** Answered by delivery (the hook below), for the request counts of /metrics. */
    servedByDelivery: boolean;
  }
}

/** How a Host header is served: by delivery for sure, by delivery if a source has it, or not. */
export type HostRole = 'delivery' | 'custom-domain' | 'other';

/** Classifies Host headers (any port or letter case) for one delivery domain, parsed once. */
export function hostClassifier(deliveryDomain: string): (host: string) => HostRole {
  const suffix = `.${parseDeliveryDomain(deliveryDomain).host}`;
  return (host) => {
    const hostname = hostName(host);
    if (hostname.endsWith(suffix)) return 'delivery';
    return deliveryHostLookup(hostname, deliveryDomain) === null ? 'other' : 'custom-domain';
  };
}

/**
 * Adds the delivery hook; call it before any other onRequest hook is added but the one that sets
 * X-Request-Id (net/request-id.ts), which every answer carries.
 */
export function registerDelivery(app: FastifyInstance, delivery: Delivery): void {
  const roleOf = hostClassifier(app.darkroom.config.deliveryDomain);
  app.decorate('delivery', delivery);
  app.decorateRequest('servedByDelivery', false);
  app.addHook('onRequest', async (request, reply) => {
    // request.host honours TRUST_PROXY (X-Forwarded-Host behind a trusted proxy).
    const host = request.host.toLowerCase();
    const role = roleOf(host);
    if (role === 'other') return;
    const source = await delivery.source(host);
    // A host that is no source's custom domain is the dashboard's own (or anyone's): not ours.
    if (source === null && role === 'custom-domain') return;
    request.servedByDelivery = true;
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
