import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';
import { countInWindows } from '../store/rate-limit-windows.ts';
import type { RateLimitCheck, RateLimiter } from './rate-limiter.ts';
import { secondsUntil } from './rate-limiter.ts';

/** How often a failing database is reported: once, not once per request. */
const ERROR_LOG_INTERVAL_MS = 60_000;
/**
 * Longest a request waits for its count. A database that hangs (a lock, a pool with no free
 * connection) then fails open like one that errs, instead of holding every API request.
 */
const COUNT_DEADLINE_MS = 1_000;

async function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface DatabaseRateLimiterOptions {
  windowMs: number;
  log: Pick<FastifyBaseLogger, 'error'>;
  now?: () => number;
}

/**
 * Fixed windows counted in the database, so that processes sharing one PostgreSQL hold the
 * configured limit together rather than each allowing it: one statement per request, whatever the
 * number of keys it counts against (store/rate-limit-windows.ts). Ended windows are deleted by
 * api/rate-limit-sweep.ts, never on the request path.
 */
export class DatabaseRateLimiter implements RateLimiter {
  readonly #db: Kysely<DatabaseSchema>;
  readonly #windowMs: number;
  readonly #log: Pick<FastifyBaseLogger, 'error'>;
  readonly #now: () => number;
  #nextErrorLog = 0;

  constructor(db: Kysely<DatabaseSchema>, options: DatabaseRateLimiterOptions) {
    this.#db = db;
    this.#windowMs = options.windowMs;
    this.#log = options.log;
    this.#now = options.now ?? Date.now;
  }

  async hit(checks: readonly RateLimitCheck[]): Promise<number | null> {
    if (checks.length === 0) return null;
    // One limit per key: the statement may not count a key twice.
    const limits = new Map<string, number>();
    for (const { key, limit } of checks) limits.set(key, Math.min(limit, limits.get(key) ?? limit));
    const now = this.#now();
    let counts;
    try {
      counts = await within(
        countInWindows(this.#db, [...limits.keys()], new Date(now), this.#windowMs),
        COUNT_DEADLINE_MS,
      );
    } catch (error) {
      // Fail open: a database that cannot count (or not in time) is no reason to refuse every
      // request, and the requests that need the database fail on their own. Reported once a
      // minute, not per request.
      if (now >= this.#nextErrorLog) {
        this.#nextErrorLog = now + ERROR_LOG_INTERVAL_MS;
        this.#log.error(
          { err: error },
          'rate limit not counted (the database failed or was late): requests allowed',
        );
      }
      return null;
    }
    let wait: number | null = null;
    for (const { key, count, resetsAt } of counts) {
      if (count > (limits.get(key) ?? Infinity)) {
        wait = Math.max(wait ?? 0, secondsUntil(resetsAt.getTime(), now));
      }
    }
    return wait;
  }
}
