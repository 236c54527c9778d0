// The cluster primary (WORKERS above 1): the launcher's child runs no app itself, it starts the
// workers that serve (each one serve.ts, as a single server is) and keeps them running. Workers
// share the listening socket through node:cluster, whose primary accepts each connection and
// hands it to one worker in turn (cluster.SCHED_RR, Node's default outside Windows).
// docs/ARCHITECTURE.md, "Stopping and failing" and "How it scales".
import cluster, { type Worker } from 'node:cluster';
import { EXIT_CONFIG } from '../config/load.ts';
import { describeExit, RestartBackoff } from './restart-backoff.ts';
import { STOP_MESSAGE, WORKER_SLOT_VARIABLE } from './worker-place.ts';

/** One worker's place: the worker in it now, or the restart it waits for. */
interface Slot {
  readonly index: number;
  readonly backoff: RestartBackoff;
  worker: Worker | null;
  /** Whether the worker listens: it has its stop handlers by then (serve.ts). */
  listening: boolean;
  startedAt: number;
  restart: NodeJS.Timeout | null;
}

/** The code the primary ends with: a wrong setting first, then any failure, else 0. */
function worseExit(current: number, code: number | null, signal: NodeJS.Signals | null): number {
  const own = code ?? (signal === null ? 0 : 1);
  if (current === EXIT_CONFIG || own === EXIT_CONFIG) return EXIT_CONFIG;
  return Math.max(current, own === 0 ? 0 : 1);
}

/**
 * Runs `workers` server processes until asked to stop. A worker that dies on its own is started
 * again in its slot with the launcher's backoff (restart-backoff.ts); one that exits on a wrong
 * setting (code 78) stops them all, since each would fail the same way. SIGTERM and SIGHUP are
 * forwarded to every worker, which drains (serve.ts); SIGINT, and the launcher gone (its IPC
 * channel closed), ask them with a message instead: a terminal's Ctrl-C reaches the whole process
 * group, the workers included, and a forwarded signal would be their second. The primary exits
 * once every worker has, with 78 after a wrong setting, 1 after any other failure, else 0.
 */
export function runClusterPrimary(workers: number): void {
  const slots: Slot[] = Array.from({ length: workers }, (_, index) => ({
    index,
    backoff: new RestartBackoff(),
    worker: null,
    listening: false,
    startedAt: 0,
    restart: null,
  }));
  let stopping = false;
  let exitCode = 0;

  const exitOnceAllExited = () => {
    if (stopping && slots.every((slot) => slot.worker === null && slot.restart === null)) {
      process.exit(exitCode);
    }
  };

  const stop = (tell: (slot: Slot, worker: Worker) => void) => {
    stopping = true;
    for (const slot of slots) {
      if (slot.restart !== null) clearTimeout(slot.restart);
      slot.restart = null;
      if (slot.worker !== null) tell(slot, slot.worker);
    }
    exitOnceAllExited();
  };

  const start = (slot: Slot) => {
    slot.restart = null;
    slot.startedAt = Date.now();
    const worker = cluster.fork({ [WORKER_SLOT_VARIABLE]: String(slot.index) });
    slot.worker = worker;
    slot.listening = false;
    worker.on('listening', () => {
      slot.listening = true;
    });
    worker.on('exit', (code: number | null, signal: NodeJS.Signals | null) => {
      slot.worker = null;
      if (!stopping && code === EXIT_CONFIG) {
        console.error(`[darkroom] Worker ${slot.index} exited on a wrong setting; stopping all.`);
        exitCode = EXIT_CONFIG;
        stop((_, other) => other.process.kill('SIGTERM'));
        return;
      }
      if (stopping) {
        exitCode = worseExit(exitCode, code, signal);
        exitOnceAllExited();
        return;
      }
      const delayMs = slot.backoff.next(Date.now() - slot.startedAt);
      console.error(
        `[darkroom] Worker ${slot.index} (pid ${worker.process.pid}) ${describeExit(code, signal)}; starting it again in ${delayMs / 1000} s.`,
      );
      slot.restart = setTimeout(() => start(slot), delayMs);
    });
  };

  for (const signal of ['SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => stop((_, worker) => worker.process.kill(signal)));
  }
  const ask = (slot: Slot, worker: Worker) => {
    // A worker still starting may not read messages yet; it has nothing to drain either.
    if (slot.listening && worker.isConnected()) worker.send(STOP_MESSAGE);
    else worker.process.kill('SIGTERM');
  };
  process.on('SIGINT', () => stop(ask));
  // Started by scripts/start.mjs over an IPC channel: a launcher that dies, even by SIGKILL, or
  // stops on Ctrl-C, closes it (serve.ts does the same for a single server).
  if (process.connected) process.on('disconnect', () => stop(ask));

  console.info(`[darkroom] Starting ${workers} server processes (WORKERS) on one port.`);
  for (const slot of slots) start(slot);
}
