// What the cluster primary (primary.ts) tells each worker it starts: its place among the workers,
// in the worker's environment, and when to stop, over the cluster's IPC channel.
import cluster from 'node:cluster';

/** The worker's slot, 0 to WORKERS - 1; a worker started again in place of one takes its slot. */
export const WORKER_SLOT_VARIABLE = 'DARKROOM_WORKER_SLOT';

/** Where a server process stands among the processes of its cluster. */
export interface WorkerPlace {
  /** 0 to `of` - 1. */
  readonly slot: number;
  readonly of: number;
}

/** This process's place, or null when it is no cluster worker (it serves alone). */
export function workerPlace(workers: number): WorkerPlace | null {
  if (!cluster.isWorker) return null;
  const slot = Number(process.env[WORKER_SLOT_VARIABLE]);
  if (!Number.isInteger(slot) || slot < 0 || slot >= workers) {
    throw new Error(`${WORKER_SLOT_VARIABLE} must be a slot below ${workers}`);
  }
  return { slot, of: workers };
}

/**
 * Asks a worker to drain and exit, as a first signal would, without being a second signal to a
 * worker that a terminal's Ctrl-C already reached (it is then ignored).
 */
export const STOP_MESSAGE = { darkroom: 'stop' } as const;

export function isStopMessage(message: unknown): boolean {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { darkroom?: unknown }).darkroom === STOP_MESSAGE.darkroom
  );
}
