// Bounded render concurrency: at most `concurrency` renders at once, at most `maxWaiting` more
// waiting for a slot; past that the caller answers 429 at once instead of letting memory and
// latency grow without bound.

export class QueueFullError extends Error {
  /** Whole seconds a client should wait before trying again. */
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number) {
    super('Too many images are being rendered right now. Please try again shortly.');
    this.name = 'QueueFullError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface RenderQueueOptions {
  concurrency: number;
  maxWaiting: number;
  now?: () => number;
}

export class RenderQueue {
  readonly #concurrency: number;
  readonly #maxWaiting: number;
  readonly #now: () => number;
  readonly #waiting: (() => void)[] = [];
  #running = 0;
  // Moving average of how long a task holds a slot, for Retry-After.
  #averageMs = 500;

  constructor(options: RenderQueueOptions) {
    this.#concurrency = Math.max(1, options.concurrency);
    this.#maxWaiting = Math.max(0, options.maxWaiting);
    this.#now = options.now ?? Date.now;
  }

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /** Runs `task` when a slot is free; throws QueueFullError when no slot and no room to wait. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#concurrency) {
      if (this.#waiting.length >= this.#maxWaiting) throw new QueueFullError(this.#retryAfter());
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    const started = this.#now();
    try {
      return await task();
    } finally {
      this.#averageMs = this.#averageMs * 0.9 + (this.#now() - started) * 0.1;
      const next = this.#waiting.shift();
      // The slot passes straight to the next waiter, so `running` never dips and overshoots.
      if (next === undefined) this.#running -= 1;
      else next();
    }
  }

  #retryAfter(): number {
    const queuedWork =
      ((this.#waiting.length + this.#running) * this.#averageMs) / this.#concurrency;
    return Math.max(1, Math.ceil(queuedWork / 1000));
  }
}

/**
 * Runs `task` in `queue` with a deadline. Once `timeoutMs` pass, the task's signal aborts and the
 * returned promise rejects with `onTimeout()`, so the client gets its answer; the slot stays
 * taken until the task really ends, so the concurrency limit keeps telling the truth.
 */
export function runWithDeadline<T>(
  queue: RenderQueue,
  timeoutMs: number,
  task: (signal: AbortSignal) => Promise<T>,
  onTimeout: () => Error,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    queue
      .run(async () => {
        const controller = new AbortController();
        const timer = setTimeout(() => {
          controller.abort();
          reject(onTimeout());
        }, timeoutMs);
        try {
          resolve(await task(controller.signal));
        } catch (error) {
          reject(error);
        } finally {
          clearTimeout(timer);
        }
      })
      .catch(reject);
  });
}
