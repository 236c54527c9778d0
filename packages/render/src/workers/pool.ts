import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { RenderError } from '../pipeline/context.ts';
import type { TaskMessage, TaskName, TaskInput, TaskOutput, TaskReply } from './tasks.ts';

const ENTRY = new URL('./worker-main.ts', import.meta.url);

/**
 * The code a worker starts with: the project runs its TypeScript through tsx, whose loader a
 * worker thread does not inherit from `--import`; registering it in the thread first lets the
 * entry (and the modules it imports) load as they do in the main thread.
 */
function bootstrap(): string {
  const require = createRequire(import.meta.url);
  // tsx's package resolves to its CommonJS build under require; the thread imports the ESM one.
  const api = pathToFileURL(require.resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
  return `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(ENTRY.href)}); });`;
}

interface Job {
  message: TaskMessage;
  transfer: ArrayBuffer[];
  signal: AbortSignal | undefined;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
  onAbort: () => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  idleTimer: NodeJS.Timeout | null;
}

export interface WorkerPoolOptions {
  /** Threads at most; tasks past that wait their turn. */
  size: number;
  /** How long an idle thread stays before it exits and returns its memory. */
  idleMs?: number;
}

function cancelled(signal: AbortSignal): RenderError {
  return new RenderError(504, 'The render was cancelled.', { cause: signal.reason });
}

/**
 * CPU-bound render work in worker threads, so the event loop never waits on it (the delivery
 * host keeps answering `/healthz` and cache hits while a text outline is drawn). A task whose
 * signal aborts (the render's timeout or its client gone) is dropped from the queue or, when it
 * is running, its thread is terminated: JavaScript cannot be interrupted any other way, and a
 * cancelled render must spend no more CPU.
 */
export class WorkerPool {
  readonly #size: number;
  readonly #idleMs: number;
  readonly #slots = new Set<Slot>();
  readonly #queue: Job[] = [];
  #code: string | null = null;

  constructor(options: WorkerPoolOptions) {
    this.#size = Math.max(1, options.size);
    this.#idleMs = options.idleMs ?? 30_000;
  }

  /** Threads started and not yet exited. */
  get threads(): number {
    return this.#slots.size;
  }

  run<Name extends TaskName>(
    name: Name,
    input: TaskInput<Name>,
    options: { signal?: AbortSignal | undefined; transfer?: ArrayBuffer[] } = {},
  ): Promise<TaskOutput<Name>> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(cancelled(signal));
    return new Promise<TaskOutput<Name>>((resolve, reject) => {
      const job: Job = {
        message: { name, input },
        transfer: options.transfer ?? [],
        signal,
        resolve: resolve as (output: unknown) => void,
        reject,
        onAbort: () => this.#abort(job),
      };
      signal?.addEventListener('abort', job.onAbort, { once: true });
      this.#queue.push(job);
      this.#dispatch();
    });
  }

  /** Terminates every thread; their tasks fail. */
  async close(): Promise<void> {
    const slots = [...this.#slots];
    this.#slots.clear();
    for (const job of this.#queue.splice(0)) this.#settle(job, new Error('The pool was closed.'));
    await Promise.all(
      slots.map((slot) => {
        if (slot.job) this.#settle(slot.job, new Error('The pool was closed.'));
        return slot.worker.terminate();
      }),
    );
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      const slot = this.#idleSlot() ?? (this.#slots.size < this.#size ? this.#start() : null);
      if (slot === null) return;
      const job = this.#queue.shift();
      if (job === undefined) return;
      if (slot.idleTimer !== null) clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage(job.message, job.transfer);
    }
  }

  #idleSlot(): Slot | null {
    for (const slot of this.#slots) if (slot.job === null) return slot;
    return null;
  }

  #start(): Slot {
    this.#code ??= bootstrap();
    const worker = new Worker(this.#code, { eval: true });
    const slot: Slot = { worker, job: null, idleTimer: null };
    worker.on('message', (reply: TaskReply) => {
      const job = slot.job;
      slot.job = null;
      if (job !== null) {
        if (reply.ok) this.#settle(job, null, reply.output);
        else this.#settle(job, replyError(reply));
      }
      this.#rest(slot);
      this.#dispatch();
    });
    const fail = (error: Error) => {
      if (!this.#slots.delete(slot)) return;
      if (slot.job !== null) this.#settle(slot.job, error);
      slot.job = null;
      this.#dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`A render worker stopped (exit code ${code}).`)));
    this.#slots.add(slot);
    return slot;
  }

  /** An idle thread neither keeps the process alive nor stays past `idleMs`. */
  #rest(slot: Slot): void {
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => {
      if (slot.job !== null || !this.#slots.delete(slot)) return;
      void slot.worker.terminate();
    }, this.#idleMs);
    slot.idleTimer.unref();
  }

  #abort(job: Job): void {
    const signal = job.signal;
    if (signal === undefined) return;
    const queued = this.#queue.indexOf(job);
    if (queued >= 0) {
      this.#queue.splice(queued, 1);
      this.#settle(job, cancelled(signal));
      return;
    }
    for (const slot of this.#slots) {
      if (slot.job !== job) continue;
      this.#slots.delete(slot);
      slot.job = null;
      void slot.worker.terminate();
      this.#settle(job, cancelled(signal));
      this.#dispatch();
      return;
    }
  }

  #settle(job: Job, error: unknown, output?: unknown): void {
    job.signal?.removeEventListener('abort', job.onAbort);
    if (error === null) job.resolve(output);
    else job.reject(error);
  }
}

function replyError(reply: Extract<TaskReply, { ok: false }>): Error {
  if (reply.name === 'RenderError' && reply.status !== undefined) {
    return new RenderError(reply.status as RenderError['status'], reply.message);
  }
  return new Error(reply.message);
}

let shared: WorkerPool | null = null;

/**
 * A render worker idle this long exits. Each thread holds its own JavaScript heap and the last
 * large image it worked on (tens of megabytes); the server is to come back near its idle size
 * within seconds of its renders ending, and a thread starts again in a fraction of a second.
 */
const RENDER_WORKER_IDLE_MS = 5_000;

/**
 * The process's render workers: as many threads as cores, at most four (text outlines and SVG
 * checks are short; more threads would only contend with libvips for the same cores).
 */
export function renderWorkers(): WorkerPool {
  shared ??= new WorkerPool({
    size: Math.min(4, availableParallelism()),
    idleMs: RENDER_WORKER_IDLE_MS,
  });
  return shared;
}
