// Deletes the counters nobody reads any more: rate-limit windows that have ended and runs of
// failed sign-ins older than the lockout period. Once a minute, in bounded batches, never on the
// request path; every process runs it, and `skip locked` keeps two processes off the same rows.
import type { FastifyInstance } from 'fastify';
import { deleteEndedWindows } from '../store/rate-limit-windows.ts';
import { deleteStaleSignInFailures } from '../store/sign-in-failures.ts';

const SWEEP_INTERVAL_MS = 60_000;
const BATCH_ROWS = 1_000;
/** A busier minute than this many batches leaves the rest for the next sweep. */
const MAX_BATCHES = 20;

async function sweepBatches(deleteBatch: () => Promise<number>): Promise<number> {
  let deleted = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const rows = await deleteBatch();
    deleted += rows;
    if (rows < BATCH_ROWS) break;
  }
  return deleted;
}

/** Runs one sweep; answers how many rows of each table it deleted. */
export async function sweepRateLimits(
  app: FastifyInstance,
  now: Date = new Date(),
): Promise<{ windows: number; signInFailures: number }> {
  const { database, config } = app.darkroom;
  const { db } = database;
  const lockoutStart = new Date(now.getTime() - config.signInLockoutMinutes * 60_000);
  return {
    windows: await sweepBatches(() => deleteEndedWindows(db, now, BATCH_ROWS)),
    signInFailures: await sweepBatches(() =>
      deleteStaleSignInFailures(db, lockoutStart, BATCH_ROWS),
    ),
  };
}

/** Sweeps once a minute while the app is open. */
export function registerRateLimitSweep(app: FastifyInstance): void {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    // A sweep slower than a minute is not stacked on.
    running ??= sweepRateLimits(app)
      .catch((error: unknown) => app.log.warn({ err: error }, 'rate limit sweep failed'))
      .finally(() => {
        running = null;
      });
  }, SWEEP_INTERVAL_MS);
  // The sweep must not keep a process alive on its own.
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
