// Cache hits answered from node:http's `request` event, before Fastify sees the request (the
// cache-hit budget of `npm run bench`: over 20,000 hits a second from one process; Fastify's
// request lifecycle alone manages under half of that). Only a GET or HEAD whose source lookup and
// render are both in memory is answered here, through the same checks and answer builder as the
// Fastify route (Delivery.answerFromMemory); everything else goes on to Fastify untouched. On
// keep-alive connections that start with hits, those hits are read and written on the socket itself
// (raw-http.ts), since node:http alone costs about as much as the whole hit. Each hit carries its
// X-Request-Id (net/request-id.ts) and is counted (DeliveryMetrics) here, as Fastify does its own.
import http, { type IncomingHttpHeaders } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyServerFactory } from 'fastify';
import type { Config } from '../config.ts';
import { hasRepeatedHost, refuseRepeatedHost } from '../net/repeated-host.ts';
import { REQUEST_ID_HEADER, requestIdOf } from '../net/request-id.ts';
import { answerHitsFromSockets, type HitResponse } from './raw-http.ts';
import { hostClassifier, type HostRole } from './routing.ts';
import type { Delivery } from './delivery.ts';
import type { DeliveryMetrics } from './delivery-metrics.ts';
import type { DeliveryRequest } from './request.ts';
import { isTargetTooLong } from './request-target.ts';

/** Levels at which Fastify logs every request; the hits answered here log theirs too. */
const REQUEST_LOG_LEVELS: ReadonlySet<string> = new Set(['info', 'debug', 'trace']);

function numberOption(options: Record<string, unknown>, name: string, fallback: number): number {
  const value = options[name];
  return typeof value === 'number' ? value : fallback;
}

export class DeliveryFastPath {
  readonly #roleOf: (host: string) => HostRole;
  readonly #trustsProxy: boolean;
  readonly #logsRequests: boolean;
  #delivery: Delivery | null = null;
  #log: FastifyBaseLogger | null = null;
  #metrics: DeliveryMetrics | null = null;

  constructor(config: Pick<Config, 'deliveryDomain' | 'trustProxy' | 'logLevel'>) {
    this.#roleOf = hostClassifier(config.deliveryDomain);
    this.#trustsProxy = config.trustProxy !== false;
    this.#logsRequests = REQUEST_LOG_LEVELS.has(config.logLevel);
  }

  /** Starts answering hits of `delivery` (the server exists before delivery is built). */
  attach(delivery: Delivery, log: FastifyBaseLogger, metrics: DeliveryMetrics): void {
    this.#delivery = delivery;
    this.#log = log;
    this.#metrics = metrics;
  }

  /** Fastify's `serverFactory`: an HTTP/1 server that offers each request here first. */
  readonly serverFactory: FastifyServerFactory = (handler, options) => {
    // Fastify's `http` options (headersTimeout, connectionsCheckingInterval) and its
    // requestTimeout, given to the server at creation as Fastify gives them to one it makes.
    const serverOptions: http.ServerOptions = {
      ...(typeof options.http === 'object' ? options.http : {}),
      requestTimeout: numberOption(options, 'requestTimeout', 0),
    };
    const server = http.createServer(serverOptions, (request, response) => {
      // Before anything reads the Host, for delivery and API requests alike.
      if (hasRepeatedHost(request.rawHeaders)) refuseRepeatedHost(response);
      else if (
        !this.#answer(
          request.method,
          request.url,
          request.headers,
          request.socket.remoteAddress,
          response,
        )
      ) {
        handler(request, response);
      }
    });
    // What Fastify sets on a server it makes itself; a factory's server gets none of it.
    server.keepAliveTimeout = numberOption(options, 'keepAliveTimeout', 72_000);
    // Hits on keep-alive connections skip node:http altogether (raw-http.ts); any other request
    // reaches the listener above. The raw parser refuses repeated headers, Host included.
    answerHitsFromSockets(server, {
      keepAliveTimeoutMs: server.keepAliveTimeout,
      answer: (request, response, socket) =>
        this.#answer(request.method, request.url, request.headers, socket.remoteAddress, response),
    });
    server.setTimeout(numberOption(options, 'connectionTimeout', 0));
    const maxRequestsPerSocket = numberOption(options, 'maxRequestsPerSocket', 0);
    if (maxRequestsPerSocket > 0) server.maxRequestsPerSocket = maxRequestsPerSocket;
    return server;
  };

  #answer(
    method: string | undefined,
    url: string | undefined,
    headers: IncomingHttpHeaders,
    ip: string | undefined,
    response: HitResponse,
  ): boolean {
    const delivery = this.#delivery;
    if (delivery === null || (method !== 'GET' && method !== 'HEAD')) return false;
    // An over-long URL is no hit: the Fastify route answers its 414 (refusal.ts) before any
    // lookup or parse here.
    if (url !== undefined && isTargetTooLong(url)) return false;
    // Behind a trusted proxy the host may come from X-Forwarded-Host, which only Fastify's
    // request.host reads by the TRUST_PROXY rules: leave those requests to Fastify.
    if (this.#trustsProxy && headers['x-forwarded-host'] !== undefined) return false;
    const host = (headers.host ?? '').toLowerCase();
    if (host === '' || this.#roleOf(host) === 'other') return false;
    // Set before the answer is tried, since it is written with the answer's head. A request left to
    // Fastify keeps it only if Fastify sends none: its own X-Request-Id, set for every request
    // (net/request-id.ts), replaces this one when its head is written.
    const id = requestIdOf(headers[REQUEST_ID_HEADER]);
    response.setHeader(REQUEST_ID_HEADER, id);
    const started = this.#logsRequests ? performance.now() : 0;
    const target = url ?? '/';
    const answered = this.#tryAnswer(delivery, { method, url: target, headers }, response, host);
    if (!answered) return false;
    this.#metrics?.fastAnswer(response.statusCode);
    if (this.#logsRequests) {
      this.#log?.info(
        {
          reqId: id,
          req: { method, url: target, host, ip },
          res: { statusCode: response.statusCode },
          responseTime: performance.now() - started,
          cache: 'hit',
        },
        'request completed',
      );
    }
    return true;
  }

  #tryAnswer(
    delivery: Delivery,
    request: DeliveryRequest,
    response: HitResponse,
    host: string,
  ): boolean {
    try {
      return delivery.answerFromMemory(request, response, host);
    } catch (error) {
      // A fault here must not take the process down from an event listener. Nothing has been
      // written unless writing itself failed; Fastify answers (or reports) what is left.
      this.#log?.error({ err: error }, 'delivery fast path failed');
      return response.headersSent;
    }
  }
}
