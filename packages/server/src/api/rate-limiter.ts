// What the API's rate limits count with: in memory (api/memory-rate-limiter.ts) for the one
// process of the embedded database, in PostgreSQL (api/database-rate-limiter.ts) for processes
// that share one, so that a limit holds across them. api/rate-limit.ts picks one.

/** One request counted against `key`, allowed `limit` per window. */
export interface RateLimitCheck {
  readonly key: string;
  readonly limit: number;
}

export interface RateLimiter {
  /**
   * Counts one request against each check's key; answers the seconds to wait when any key is over
   * its limit (RFC 6585: 429 with Retry-After), else null.
   */
  hit(checks: readonly RateLimitCheck[]): Promise<number | null>;
}

/** Whole seconds from `now` until `resetsAt`, at least one (a Retry-After of 0 invites a retry storm). */
export function secondsUntil(resetsAt: number, now: number): number {
  return Math.max(1, Math.ceil((resetsAt - now) / 1000));
}
