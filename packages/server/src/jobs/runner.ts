// Runs the durable queue's jobs: each runner polls for due jobs of the kinds it has handlers
// for, so a process runs only the kinds it was given (AI renders, say, by runners of their own).
// A claimed job is leased for a short while and the lease renewed while its handler runs, so a
// job whose process died is taken over within a lease; a runner that lost its lease (another
// took the job over) stops the handler and records nothing, so a job's end is recorded once.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DatabaseSchema, JobPayload, JobRow } from '../db/schema.ts';
import type { JobKind } from './kind.ts';
import { claimJob, completeJob, failJob, releaseJob, renewLease } from './queue.ts';

/** How long a claimed job is its runner's before another process may take it over. */
export const JOB_LEASE_MS = 30_000;

/** A failure another attempt would repeat (a render refused on its merits): no retry. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** The runner no longer holds the job's lease: another runner took the job over. */
export class LeaseLostError extends Error {
  override name = 'LeaseLostError';
}

const NEVER_ABORTED = new AbortController().signal;

/**
 * What a handler leaves to be done once its job's end is recorded (metering the work, say): it
 * runs only when this runner still held the lease, so once per job however often it ran.
 */
export type AfterCompletion = () => void;

/** What runs the jobs of one kind. */
export interface JobHandler {
  readonly kind: string;
  /**
   * `signal` aborts when the runner stops (the process is shutting down: the job goes back to
   * the queue at once) or loses the job's lease (another runner took it over): a long handler
   * should stop its work on it. Without one, never.
   */
  run(job: JobRow, signal?: AbortSignal): Promise<AfterCompletion | undefined>;
}

/**
 * The handler of `kind`: `run` gets the payload parsed by the kind's schema. A payload that does
 * not parse (written by another version, or by hand) fails the job for good: no retry mends it.
 */
export function handleJob<Payload extends JobPayload>(
  kind: JobKind<Payload>,
  run: (
    payload: Payload,
    job: JobRow,
    signal: AbortSignal,
  ) => Promise<AfterCompletion | undefined> | Promise<void>,
): JobHandler {
  return {
    kind: kind.name,
    async run(job, signal) {
      const parsed = kind.payload.safeParse(job.payload);
      if (!parsed.success) {
        throw new PermanentJobError(
          `The payload of this ${kind.name} job is not valid: ${z.prettifyError(parsed.error)}`,
        );
      }
      return (await run(parsed.data, job, signal ?? NEVER_ABORTED)) ?? undefined;
    },
  };
}

export interface JobRunnerOptions {
  db: Kysely<DatabaseSchema>;
  handlers: readonly JobHandler[];
  /** How often an idle runner looks for due jobs. */
  pollIntervalMs?: number;
  /** How long a claimed job is ours before another process may take it over (JOB_LEASE_MS). */
  leaseMs?: number;
  /** How often the lease of the job in hand is renewed (a third of the lease). */
  heartbeatMs?: number;
  /** Delay before a failed attempt is retried; doubles with each attempt. */
  retryBaseMs?: number;
  onError?: (error: unknown, job: JobRow | null) => void;
  /** A job in hand given back to the queue because the runner stopped. */
  onRelease?: (job: JobRow) => void;
  /** A job whose lease another runner took over: its handler stopped, its end not recorded. */
  onLeaseLost?: (job: JobRow) => void;
  /** A job whose end (done, or failed for now or for good) this runner has just recorded. */
  onSettled?: (job: JobRow) => void;
}

export interface JobRunner {
  start(): void;
  /**
   * Stops for good: no more polling, and the job in hand, if any, is aborted (its handler's
   * signal) and given back to the queue, without waiting for its handler to finish.
   */
  stop(): Promise<void>;
  /** Runs due jobs until none is left (tests, and the poll loop); returns how many ran. */
  drain(): Promise<number>;
  /**
   * Looks for due jobs now rather than at the next poll, when started: a job this process has
   * just queued, which a client is waiting for.
   */
  wake(): void;
}

/** How a handler's run ended. */
type Outcome = { kind: 'done'; after: AfterCompletion | null } | { kind: 'failed'; error: unknown };

/** Polls the durable queue (jobs table) and runs each due job with its kind's handler. */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const heartbeatMs = options.heartbeatMs ?? leaseMs / 3;
  const retryBaseMs = options.retryBaseMs ?? 5_000;
  const handlers = new Map(options.handlers.map((handler) => [handler.kind, handler]));
  const kinds = [...handlers.keys()];
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;
  // Aborted by stop(), which every job from then on would meet too: none is claimed after it.
  const stopping = new AbortController();

  /**
   * Renews the lease of `job` every `heartbeatMs` while its handler runs; `signal` aborts when
   * a renewal finds the lease taken over. A renewal the database fails is tried again at the
   * next beat: the lease lasts three beats.
   */
  function holdLease(job: JobRow): { signal: AbortSignal; release(): void } {
    const lost = new AbortController();
    let renewing = false;
    const beat = setInterval(() => {
      if (renewing) return;
      renewing = true;
      renewLease(options.db, job, leaseMs)
        .then((held) => {
          if (!held) {
            lost.abort(
              new LeaseLostError(`Another runner took over the ${job.kind} job ${job.id}.`),
            );
          }
        })
        .catch((error: unknown) => options.onError?.(error, job))
        .finally(() => {
          renewing = false;
        });
    }, heartbeatMs);
    // The beat must not keep a process alive on its own.
    beat.unref();
    return { signal: lost.signal, release: () => clearInterval(beat) };
  }

  /** How the job ends, recorded only while this runner still holds its lease. */
  async function record(job: JobRow, outcome: Outcome): Promise<void> {
    if (outcome.kind === 'done') {
      if (await completeJob(options.db, job)) outcome.after?.();
      else options.onLeaseLost?.(job);
      return;
    }
    const { error } = outcome;
    options.onError?.(error, job);
    const message = error instanceof Error ? error.message : String(error);
    const retryInMs = retryBaseMs * 2 ** Math.max(0, job.attempts - 1);
    const final = error instanceof PermanentJobError;
    if (!(await failJob(options.db, job, message, retryInMs, { final }))) {
      options.onLeaseLost?.(job);
    }
  }

  async function runOne(): Promise<boolean> {
    if (stopping.signal.aborted) return false;
    const job = await claimJob(options.db, kinds, leaseMs);
    if (job === undefined) return false;
    const handler = handlers.get(job.kind);
    const lease = holdLease(job);
    const signal = AbortSignal.any([stopping.signal, lease.signal]);
    let outcome: Outcome;
    try {
      if (handler === undefined) throw new Error(`No handler for job kind ${job.kind}.`);
      const after = await untilAborted(handler.run(job, signal), signal);
      outcome = { kind: 'done', after: after ?? null };
    } catch (error) {
      outcome = { kind: 'failed', error };
    } finally {
      lease.release();
    }
    if (lease.signal.aborted) {
      // Taken over: the runner holding the lease now records how the job ends.
      options.onLeaseLost?.(job);
    } else if (outcome.kind === 'failed' && stopping.signal.aborted) {
      // Stopped, not failed: due at once for another process, or this one started again.
      await releaseJob(options.db, job);
      options.onRelease?.(job);
    } else {
      await record(job, outcome);
      options.onSettled?.(job);
    }
    return true;
  }

  async function drainLoop(): Promise<number> {
    let count = 0;
    while (await runOne()) count += 1;
    return count;
  }

  function drain(): Promise<number> {
    // One loop at a time per runner; callers share the one in progress.
    running ??= drainLoop().finally(() => {
      running = null;
    });
    return running;
  }

  /** Set by a wake() that came while a round ran: the next round starts at once. */
  let wakeRequested = false;

  function round(): void {
    drain()
      .catch((error: unknown) => options.onError?.(error, null))
      .finally(schedule);
  }

  function schedule(): void {
    if (stopped) return;
    const delayMs = wakeRequested ? 0 : pollIntervalMs;
    wakeRequested = false;
    timer = setTimeout(() => {
      timer = null;
      round();
    }, delayMs);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      stopping.abort(new Error('The job runner stopped.'));
      await running?.catch(() => {});
    },
    drain,
    wake() {
      if (stopped) return;
      // A round is running (the timer is set only between rounds): it may have looked already.
      if (timer === null) {
        wakeRequested = true;
        return;
      }
      clearTimeout(timer);
      timer = null;
      round();
    },
  };
}

/**
 * `work`, or a rejection with the signal's reason as soon as `signal` aborts. Work left behind
 * then settles unobserved: a handler that does not stop on the signal ends with the process.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    void work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** Several runners as one: each claims and runs its own job, so up to `runners.length` at once. */
export function combineRunners(runners: readonly JobRunner[]): JobRunner {
  return {
    start() {
      for (const runner of runners) runner.start();
    },
    async stop() {
      await Promise.all(runners.map((runner) => runner.stop()));
    },
    // Until a round runs nothing: a job of one runner may queue one for another (a deploy queues
    // its source's indexing).
    async drain() {
      let total = 0;
      for (;;) {
        const counts = await Promise.all(runners.map((runner) => runner.drain()));
        const ran = counts.reduce((sum, count) => sum + count, 0);
        if (ran === 0) return total;
        total += ran;
      }
    },
    wake() {
      for (const runner of runners) runner.wake();
    },
  };
}
