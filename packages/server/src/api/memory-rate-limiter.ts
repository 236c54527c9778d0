import type { RateLimitCheck, RateLimiter } from './rate-limiter.ts';
import { secondsUntil } from './rate-limiter.ts';

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Fixed windows counted in this process's memory, each starting at its key's first request. Exact
 * for the embedded database, which one process opens, and free of database writes on the hot path
 * (the API's p99 budget on the embedded database is 50 ms at 200 requests a second). Processes
 * sharing PostgreSQL count in the database instead (api/database-rate-limiter.ts).
 */
export class MemoryRateLimiter implements RateLimiter {
  readonly #windows = new Map<string, Window>();
  readonly #now: () => number;
  readonly #windowMs: number;
  #nextSweep = 0;

  constructor(windowMs: number, now: () => number = Date.now) {
    this.#now = now;
    this.#windowMs = windowMs;
  }

  async hit(checks: readonly RateLimitCheck[]): Promise<number | null> {
    return this.count(checks);
  }

  /** `hit` without the promise. */
  count(checks: readonly RateLimitCheck[]): number | null {
    const now = this.#now();
    this.#sweep(now);
    let wait: number | null = null;
    for (const { key, limit } of checks) {
      let window = this.#windows.get(key);
      if (window === undefined || window.resetAt <= now) {
        window = { count: 0, resetAt: now + this.#windowMs };
        this.#windows.set(key, window);
      }
      window.count += 1;
      if (window.count > limit) wait = Math.max(wait ?? 0, secondsUntil(window.resetAt, now));
    }
    return wait;
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
