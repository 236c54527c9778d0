import { RATE_LIMIT_DETAIL } from '@darkroom/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { hashToken } from '../auth/tokens.ts';
import { ApiError } from '../errors.ts';
import { bearerToken, ADMIN_COOKIE } from './authentication.ts';

const WINDOW_MS = 60_000;

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed one-minute windows counted in this process's memory. Each server process counts
 * on its own: behind a load balancer with N processes a client can make up to N times the
 * limit. That keeps the hot path free of database writes; a shared store (PostgreSQL or a
 * cache) is the upgrade path when exact global limits matter.
 */
export class FixedWindowLimiter {
  readonly #windows = new Map<string, Window>();
  readonly #now: () => number;
  readonly #windowMs: number;
  #nextSweep = 0;

  constructor(now: () => number = Date.now, windowMs = WINDOW_MS) {
    this.#now = now;
    this.#windowMs = windowMs;
  }

  /** Counts one request for `key`; returns the seconds to wait when over `limit`, else null. */
  hit(key: string, limit: number): number | null {
    const now = this.#now();
    this.#sweep(now);
    let window = this.#windows.get(key);
    if (window === undefined || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.#windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return window.count > limit ? Math.max(1, Math.ceil((window.resetAt - now) / 1000)) : null;
  }

  // Forget finished windows once a window so memory follows the active clients only.
  #sweep(now: number): void {
    if (now < this.#nextSweep) return;
    this.#nextSweep = now + this.#windowMs;
    for (const [key, window] of this.#windows) {
      if (window.resetAt <= now) this.#windows.delete(key);
    }
  }
}

const SIGN_IN_ROUTES = new Set(['POST /api/v4/sessions', 'POST /api/v4/accounts']);

/**
 * Routes counted with sign-ins, by route pattern: asking for password-reset mail to any address,
 * and presenting the token of an emailed link (OWASP Forgot Password Cheat Sheet).
 */
const EMAILED_LINK_ROUTES = new Set([
  'POST /api/v4/password-resets',
  'POST /api/v4/password-resets/:token',
  'GET /api/v4/invitations/:token',
  'POST /api/v4/invitations/:token/acceptance',
]);

function callerToken(request: FastifyRequest): string | null {
  if (request.headers.authorization !== undefined) return bearerToken(request);
  return request.cookies[ADMIN_COOKIE] ?? null;
}

/** 429 with the spec's words and when to try again. */
export function rateLimited(retryAfterSeconds: number): ApiError {
  return new ApiError(
    { code: 'rate_limited', detail: RATE_LIMIT_DETAIL },
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/** Limits API requests per client IP, per token, and sign-in attempts per IP. */
export function registerRateLimit(
  app: FastifyInstance,
  config: Pick<
    Config,
    'rateLimitPerMinute' | 'rateLimitTokenPerMinute' | 'signInRateLimitPerMinute'
  >,
  limiter = new FixedWindowLimiter(),
): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const checks: [string, number][] = [[`ip:${request.ip}`, config.rateLimitPerMinute]];
    const token = callerToken(request);
    if (token) checks.push([`token:${hashToken(token)}`, config.rateLimitTokenPerMinute]);
    const path = request.url.split('?')[0];
    if (
      SIGN_IN_ROUTES.has(`${request.method} ${path}`) ||
      EMAILED_LINK_ROUTES.has(`${request.method} ${request.routeOptions.url ?? ''}`)
    ) {
      checks.push([`sign-in:${request.ip}`, config.signInRateLimitPerMinute]);
    }
    let wait: number | null = null;
    for (const [key, limit] of checks) {
      const retryAfter = limiter.hit(key, limit);
      if (retryAfter !== null) wait = Math.max(wait ?? 0, retryAfter);
    }
    if (wait !== null) throw rateLimited(wait);
  });
}
