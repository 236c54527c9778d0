// Delivery answers as plain data (status, headers, body), built here and written by one
// function, so every path (image, error, fallback, crossdomain.xml) gets the same header rules.
import type { FastifyReply } from 'fastify';
import type { DeliverySource } from './delivery-source.ts';
import type { HitResponse } from './raw-http.ts';
import {
  CORS_HEADERS,
  SANDBOX_CSP,
  errorCacheControl,
  isActiveContent,
} from './response-headers.ts';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  /** null: no body (HEAD, 304). */
  body: Buffer | null;
}

/**
 * Headers every answer of a source carries. Without the source's own CORS headers an answer's
 * CORS headers depend on the request's Origin (withDashboardCors), so it says `Vary: Origin`
 * whether or not this request had one: a cache that stored the answer to a request without an
 * Origin must not hand it to one with (RFC 9110 section 12.5.5; the Fetch standard's CORS
 * protocol and HTTP caches).
 */
export function baseHeaders(
  source: DeliverySource | null,
  contentType: string,
): Record<string, string> {
  const sourceCors = source?.settings.crossdomain_cors_enabled === true;
  return {
    'content-type': contentType,
    'x-content-type-options': 'nosniff',
    ...(isActiveContent(contentType) ? { 'content-security-policy': SANDBOX_CSP } : {}),
    ...(sourceCors ? CORS_HEADERS : {}),
    ...(source !== null && !sourceCors ? { vary: 'Origin' } : {}),
  };
}

/** `headers` with `names` added to its Vary list, each once. */
export function withVary(
  headers: Record<string, string>,
  names: readonly string[],
): Record<string, string> {
  const listed = headers.vary?.split(',').map((name) => name.trim()) ?? [];
  const known = new Set(listed.map((name) => name.toLowerCase()));
  const added = names.filter((name) => !known.has(name.toLowerCase()));
  if (added.length === 0) return headers;
  return { ...headers, vary: [...listed, ...added].filter((name) => name !== '').join(', ') };
}

/**
 * The dashboard lives on the bare delivery domain (`localhost:8080` beside `demo.localhost:8080`)
 * or at PUBLIC_URL, and its editor and URL playground read renders' statuses (423 while
 * rendering), error texts and failure headers with HEAD and fetch. Those origins may always read
 * them, whatever the source's CORS setting, which is about the customer's own sites; `Vary:
 * Origin` keeps shared caches from handing the header to others.
 */
export function withDashboardCors(
  answer: Answer,
  host: string | undefined,
  origin: string | undefined,
  dashboardOrigin: string | null = null,
): Answer {
  if (host === undefined || origin === undefined) return answer;
  if (answer.headers['access-control-allow-origin'] !== undefined) return answer;
  if (origin === dashboardOrigin) return withReadableBy(answer, origin);
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return answer;
  }
  const dot = host.indexOf('.');
  if (dot < 0 || originHost !== host.slice(dot + 1)) return answer;
  return withReadableBy(answer, origin);
}

/** `answer` readable by scripts of `origin` (the Fetch standard's CORS protocol). */
function withReadableBy(answer: Answer, origin: string): Answer {
  return {
    ...answer,
    headers: withVary(
      {
        ...answer.headers,
        'access-control-allow-origin': origin,
        'access-control-expose-headers': CORS_HEADERS['access-control-expose-headers'] ?? '',
      },
      ['Origin'],
    ),
  };
}

const UNCACHED_ERROR_STATUSES: ReadonlySet<number> = new Set([405, 416, 423, 429, 504]);

/**
 * An error as imgix answers it: plain text, one message per line. Errors of a known source are
 * cached for its cache_ttl_error; others are not cached at all: an unknown host, a wrong method,
 * the answers about this server's load rather than the image (423 still rendering, 429 queue
 * full, 504 render timeout), which a retry a moment later may not get, and 416, which depends on
 * the request's Range rather than the URL.
 */
export function errorAnswer(
  status: number,
  messages: string | readonly string[],
  source: DeliverySource | null,
  extraHeaders: Record<string, string> = {},
): Answer {
  const text = typeof messages === 'string' ? messages : messages.join('\n');
  const cacheable = source !== null && !UNCACHED_ERROR_STATUSES.has(status);
  return {
    status,
    headers: {
      ...baseHeaders(source, 'text/plain; charset=utf-8'),
      'cache-control': cacheable ? errorCacheControl(source.settings) : 'no-store',
      ...extraHeaders,
    },
    body: Buffer.from(`${text}\n`),
  };
}

/** Writes an answer; HEAD keeps the Content-Length of the body it does not send. */
export function sendAnswer(reply: FastifyReply, answer: Answer, method: string): FastifyReply {
  reply.code(answer.status).headers(answer.headers);
  if (answer.body === null) return reply.send();
  if (method === 'HEAD') {
    reply.header('content-length', String(answer.body.length));
    return reply.send();
  }
  return reply.send(answer.body);
}

/**
 * Writes an answer on a bare node:http response exactly as `sendAnswer` has Fastify write it:
 * Content-Length is the body's (kept for HEAD), absent for 304, 0 for other bodiless answers.
 */
export function writeAnswer(response: HitResponse, answer: Answer, method: string): void {
  const { status, body } = answer;
  const headers: Record<string, string> = { ...answer.headers };
  if (body !== null) headers['content-length'] = String(body.length);
  else if (status >= 200 && status !== 204 && status !== 304 && method !== 'HEAD') {
    headers['content-length'] = '0';
  }
  response.writeHead(status, headers);
  response.end(body === null || method === 'HEAD' ? undefined : body);
}
