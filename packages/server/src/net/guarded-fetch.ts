// One HTTP GET or HEAD to a customer-chosen address, which is trusted for nothing, so it has every
// limit (net/fetch-limits.ts): the SSRF guard on each hop, at most `maxRedirects` redirects
// followed by hand (so each hop's scheme and host are checked again), a connect timeout, a
// whole-request timeout, a byte cap and a body that errors rather than ending early.
import type { Readable } from 'node:stream';
import { request, type Agent } from 'undici';
import { DEFAULT_FETCH_LIMITS } from './fetch-limits.ts';
import {
  GuardedFetchError,
  toGuardedFetchError,
  findGuardedFetchError,
} from './guarded-fetch-error.ts';
import { limitBody } from './limited-body.ts';
import { checkUrl, createGuardedAgent, type GuardOptions } from './ssrf-guard.ts';

export interface GuardedFetchOptions extends GuardOptions {
  maxBytes?: number;
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
  maxRedirects?: number;
  method?: 'GET' | 'HEAD';
  headers?: Record<string, string>;
  /**
   * Headers for one hop only, asked again for each address (the first and every redirect):
   * credentials that must not follow a redirect to another host (storage/origin-auth.ts).
   */
  hopHeaders?: (url: URL, method: 'GET' | 'HEAD') => Record<string, string>;
  /** Asks for bytes `start` to `end` (inclusive) with a Range header. */
  range?: { start: number; end?: number };
  /** A guarded Agent to use instead of the shared one (tests with their own resolver). */
  agent?: Agent;
  /** Turns the body stream's GuardedFetchError into the caller's own error type. */
  mapBodyError?: (error: GuardedFetchError) => Error;
}

export interface GuardedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The address that answered, after redirects. */
  url: URL;
  /** Content-Length of the answer, or null when the origin did not send one. */
  contentLength: number | null;
  /** The body; for HEAD or a discarded answer, an empty stream. */
  body: Readable;
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

// Agents keep connection pools, so one per distinct guard setting is shared by every fetch.
const sharedAgents = new Map<string, Agent>();

function agentFor(options: GuardedFetchOptions, connectTimeoutMs: number): Agent {
  if (options.agent !== undefined) return options.agent;
  if (options.resolver !== undefined || options.exemptAddresses !== undefined) {
    throw new Error('A custom resolver or exemption needs its own agent (createGuardedAgent).');
  }
  const key = `${options.allowPrivateOrigins}:${connectTimeoutMs}`;
  let agent = sharedAgents.get(key);
  if (agent === undefined) {
    agent = createGuardedAgent({
      allowPrivateOrigins: options.allowPrivateOrigins,
      connectTimeoutMs,
    });
    sharedAgents.set(key, agent);
  }
  return agent;
}

/** Reads a header's single value (the first when the origin repeated it). */
export function headerValue(
  headers: Record<string, string | string[] | undefined>,
  name: string,
): string | null {
  const value = headers[name.toLowerCase()];
  if (Array.isArray(value)) return value[0] ?? null;
  return value ?? null;
}

function parseLength(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** Fetches `input` through the SSRF guard; throws GuardedFetchError on every failure. */
export async function guardedFetch(
  input: string | URL,
  options: GuardedFetchOptions,
): Promise<GuardedResponse> {
  const maxBytes = options.maxBytes ?? DEFAULT_FETCH_LIMITS.maxBytes;
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_FETCH_LIMITS.connectTimeoutMs;
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_FETCH_LIMITS.requestTimeoutMs;
  const maxRedirects = options.maxRedirects ?? DEFAULT_FETCH_LIMITS.maxRedirects;
  const agent = agentFor(options, connectTimeoutMs);
  const deadline = Date.now() + requestTimeoutMs;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), requestTimeoutMs);
  timer.unref();

  let method = options.method ?? 'GET';
  const headers: Record<string, string> = { ...options.headers };
  if (options.range !== undefined) {
    headers.range = `bytes=${options.range.start}-${options.range.end ?? ''}`;
  }

  let current: string | URL = input;
  try {
    for (let hop = 0; ; hop += 1) {
      const url = checkUrl(current, options);
      const response = await request(url, {
        dispatcher: agent,
        method,
        headers:
          options.hopHeaders === undefined
            ? headers
            : { ...options.hopHeaders(url, method), ...headers },
        signal: controller.signal,
        headersTimeout: requestTimeoutMs,
        bodyTimeout: requestTimeoutMs,
      });
      const location = headerValue(response.headers, 'location');
      if (REDIRECT_STATUSES.has(response.statusCode) && location !== null) {
        await response.body.dump().catch(() => undefined);
        if (hop >= maxRedirects) {
          throw new GuardedFetchError(
            'too_many_redirects',
            `The origin redirected more than ${maxRedirects} times.`,
          );
        }
        if (response.statusCode === 303) method = 'GET';
        current = new URL(location, url);
        continue;
      }

      const contentLength = parseLength(headerValue(response.headers, 'content-length'));
      if (contentLength !== null && contentLength > maxBytes && method !== 'HEAD') {
        // undici reports a destroyed body as an AbortError; nobody is reading it any more.
        response.body.on('error', () => undefined).destroy();
        throw new GuardedFetchError('too_large', `The file is larger than ${maxBytes} bytes.`);
      }
      const body = limitBody(response.body, {
        maxBytes,
        expectedLength: method === 'HEAD' ? 0 : contentLength,
        deadline,
        ...(options.mapBodyError === undefined ? {} : { mapError: options.mapBodyError }),
      });
      return { status: response.statusCode, headers: response.headers, url, contentLength, body };
    }
  } catch (error) {
    if (controller.signal.aborted && findGuardedFetchError(error) === null) {
      throw new GuardedFetchError('timeout', 'The origin did not answer in time.', {
        cause: error,
      });
    }
    throw toGuardedFetchError(error);
  } finally {
    clearTimeout(timer);
  }
}
