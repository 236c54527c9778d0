import type { LogEvent } from 'kysely';

/**
 * When the database last answered a query, from Kysely's log of every query the app runs. A
 * health check that saw an answer a moment ago need not ask again: on the embedded database
 * its own `select 1` would wait behind every transaction holding the one connection
 * (pglite-dialect.ts), and a load balancer would read that wait as a sick server.
 */
export class DatabaseLiveness {
  #answeredAt = Number.NEGATIVE_INFINITY;
  #failedAt = Number.NEGATIVE_INFINITY;
  #closed = false;

  /** Kysely's `log` option: called after each query, answered or failed. */
  readonly record = (event: LogEvent): void => {
    if (event.level === 'query') this.#answeredAt = performance.now();
    else this.#failedAt = performance.now();
  };

  /** The database is closing: whatever it answered before says nothing about it now. */
  close(): void {
    this.#closed = true;
  }

  /** True when a query was answered in the last `ms`, none has failed since and it is open. */
  answeredWithin(ms: number): boolean {
    return (
      !this.#closed &&
      this.#answeredAt > this.#failedAt &&
      performance.now() - this.#answeredAt <= ms
    );
  }
}
