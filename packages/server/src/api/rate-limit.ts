import { RATE_LIMIT_DETAIL } from '@darkroom/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { hashToken } from '../auth/tokens.ts';
import { ApiError } from '../errors.ts';
import { bearerToken, ADMIN_COOKIE } from './authentication.ts';
import { DatabaseRateLimiter } from './database-rate-limiter.ts';
import { MemoryRateLimiter } from './memory-rate-limiter.ts';
import type { RateLimitCheck, RateLimiter } from './rate-limiter.ts';

const WINDOW_MS = 60_000;

/**
 * The limiter for windows of `windowMs`: in this process's memory on the embedded database, which
 * one process opens, and in the database on PostgreSQL, which several processes may share, so that
 * the configured limit holds across all of them instead of once per process.
 */
export function rateLimiterFor(app: FastifyInstance, windowMs: number): RateLimiter {
  const { database } = app.darkroom;
  return database.kind === 'postgres'
    ? new DatabaseRateLimiter(database.db, { windowMs, log: app.log })
    : new MemoryRateLimiter(windowMs);
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
  limiter: RateLimiter = rateLimiterFor(app, WINDOW_MS),
): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const checks: RateLimitCheck[] = [
      { key: `ip:${request.ip}`, limit: config.rateLimitPerMinute },
    ];
    const token = callerToken(request);
    if (token) {
      checks.push({ key: `token:${hashToken(token)}`, limit: config.rateLimitTokenPerMinute });
    }
    const path = request.url.split('?')[0];
    if (
      SIGN_IN_ROUTES.has(`${request.method} ${path}`) ||
      EMAILED_LINK_ROUTES.has(`${request.method} ${request.routeOptions.url ?? ''}`)
    ) {
      checks.push({ key: `sign-in:${request.ip}`, limit: config.signInRateLimitPerMinute });
    }
    const wait = await limiter.hit(checks);
    if (wait !== null) throw rateLimited(wait);
  });
}
