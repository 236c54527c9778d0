// What delivery reads of a request, the same whether Fastify, node:http or a job replaying a
// request hands it over.
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';

export interface DeliveryRequest {
  method: string;
  /** The request target exactly as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  /** The lowercased host the source was found by (Host, or X-Forwarded-Host behind a proxy). */
  host?: string;
  /** The request's own logger (with its id) when Fastify has one. */
  log?: FastifyBaseLogger;
}

/** A request header's value (the first when it was sent more than once), or null. */
export function headerText(request: DeliveryRequest, name: string): string | null {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/** The lowercased host the request is served for. */
export function hostOf(request: DeliveryRequest): string {
  return request.host ?? (headerText(request, 'host') ?? '').toLowerCase();
}
