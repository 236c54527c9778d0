// How a supervisor starts again a server process that died on its own: the launcher
// (scripts/start.mjs) for its one server, the cluster primary (primary.ts) for each worker.
// docs/ARCHITECTURE.md, "Stopping and failing".

/** The first wait, doubled at each death up to the last while the process keeps dying young. */
const FIRST_DELAY_MS = 1_000;
const LAST_DELAY_MS = 30_000;
/** A process that ran this long before dying starts again after the first delay. */
const RESET_UPTIME_MS = 60_000;

/** The waits before the restarts of one process: 1 s, 2, 4, ... up to 30 s. */
export class RestartBackoff {
  #delayMs = FIRST_DELAY_MS;

  /** The wait before starting again a process that died after running `uptimeMs`. */
  next(uptimeMs: number): number {
    if (uptimeMs >= RESET_UPTIME_MS) this.#delayMs = FIRST_DELAY_MS;
    const delayMs = this.#delayMs;
    this.#delayMs = Math.min(delayMs * 2, LAST_DELAY_MS);
    return delayMs;
  }
}

/** How a process ended, as the supervisors log it. */
export function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return signal === null ? `exited with code ${code}` : `was killed by ${signal}`;
}
