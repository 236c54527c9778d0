// Requests held open while the job making their render runs (RENDER_JOB_WAIT_MS), so a client
// gets the image as soon as it exists rather than at its next poll after a 423: the editor polls
// every 2 or 5 s (spec editor section 4, "Image loading"), and an <img> does not poll at all.
import type { EventEmitter } from 'node:events';

/** Why a held request stopped waiting. */
export type WaitOutcome = 'settled' | 'tick' | 'released';

export class RenderJobWaits {
  readonly #maxHeld: number;
  readonly #listeners = new Map<string, Set<(outcome: WaitOutcome) => void>>();
  #held = 0;
  #closed = false;

  /** `maxHeld`: requests held at once in this process; past it, a request is answered 423 at once. */
  constructor(maxHeld: number) {
    this.#maxHeld = maxHeld;
  }

  /** Takes one of the slots, or false when all are taken or the process is stopping. */
  tryHold(): boolean {
    if (this.#closed || this.#held >= this.#maxHeld) return false;
    this.#held += 1;
    return true;
  }

  /** Gives back the slot `tryHold` took. */
  leave(): void {
    this.#held -= 1;
  }

  /** Requests held now (for tests and metrics). */
  get held(): number {
    return this.#held;
  }

  /**
   * Resolves 'settled' when this process records the end of the job of `key`, 'tick' after
   * `ms` (the job may have ended in another process: ask again), and 'released' when the
   * process starts stopping or `connection` closes (the client went away).
   */
  next(key: string, ms: number, connection?: EventEmitter): Promise<WaitOutcome> {
    if (this.#closed) return Promise.resolve('released');
    return new Promise((resolve) => {
      const listeners = this.#listeners.get(key) ?? new Set();
      this.#listeners.set(key, listeners);
      const done = (outcome: WaitOutcome) => {
        clearTimeout(timer);
        connection?.off('close', gone);
        listeners.delete(done);
        if (listeners.size === 0 && this.#listeners.get(key) === listeners) {
          this.#listeners.delete(key);
        }
        resolve(outcome);
      };
      const gone = () => done('released');
      const timer = setTimeout(() => done('tick'), ms);
      connection?.once('close', gone);
      listeners.add(done);
    });
  }

  /** The job of `key` ended in this process: its requests ask again now. */
  settled(key: string): void {
    for (const done of [...(this.#listeners.get(key) ?? [])]) done('settled');
  }

  /** The process is stopping: every held request is answered now, and no more are held. */
  close(): void {
    this.#closed = true;
    for (const listeners of [...this.#listeners.values()]) {
      for (const done of [...listeners]) done('released');
    }
  }
}

/** A request that may be held: until when, and its connection, whose closing ends the wait. */
export interface Hold {
  until: number;
  connection: EventEmitter;
}

/** How often a held request asks again although no job ended here: one may end elsewhere. */
const ASK_AGAIN_MS = 1_000;

/**
 * Holds a request whose render the job of `key` is making: asks again (`askAgain`, the request
 * served once more, not held) each time a job of `key` ends in this process and every second,
 * and returns the first answer that is not 423. Null when no slot was free, the hold ran out,
 * the client left or the process is stopping: the caller answers 423 then.
 */
export async function holdUntilRendered<Served extends { answer: { status: number } }>(
  waits: RenderJobWaits,
  key: string,
  hold: Hold,
  askAgain: () => Promise<Served>,
): Promise<Served | null> {
  if (!waits.tryHold()) return null;
  try {
    for (;;) {
      const remainingMs = hold.until - Date.now();
      if (remainingMs <= 0) return null;
      const outcome = await waits.next(key, Math.min(ASK_AGAIN_MS, remainingMs), hold.connection);
      if (outcome === 'released') return null;
      const served = await askAgain();
      if (served.answer.status !== 423) return served;
    }
  } finally {
    waits.leave();
  }
}
