import type { Deadline } from '../output/limits.ts';
import { RenderError } from './context.ts';

/**
 * The decoded bytes all renders of this process may hold at once (RenderLimits.maxMemoryBytes).
 * The pixel budget bounds one render; this bounds how many large ones run together, so that a
 * process rendering at full concurrency stays within its memory whatever the URLs (OWASP's
 * guidance on resource consumption: bound what each request may take *and* what they take
 * together). Small renders pass at once; a render whose estimate is more than the whole share
 * waits until it can run alone, instead of being refused.
 */
export class MemoryGate {
  #inUse = 0;
  readonly #waiting: { bytes: number; wake: () => void }[] = [];

  constructor(public capacity: number) {}

  /** Bytes held by the renders running now (for tests and figures). */
  get inUse(): number {
    return this.#inUse;
  }

  /**
   * Waits until `bytes` (capped at the capacity) fit beside the renders running, then holds
   * them until the returned release is called. Gives up with the deadline's 504.
   */
  async acquire(bytes: number, deadline: Deadline): Promise<() => void> {
    const held = Math.min(Math.max(0, bytes), this.capacity);
    // First come, first served: a large render is not overtaken forever by small ones.
    if (held > 0 && (this.#waiting.length > 0 || this.#inUse + held > this.capacity)) {
      // Woken with its bytes already counted (#wakeNext).
      await this.#wait(held, deadline);
    } else {
      this.#inUse += held;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#inUse -= held;
      this.#wakeNext();
    };
  }

  #wait(bytes: number, deadline: Deadline): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const entry = {
        bytes,
        wake: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      this.#waiting.push(entry);
      const timer = setTimeout(
        () => {
          this.#waiting.splice(this.#waiting.indexOf(entry), 1);
          this.#wakeNext();
          reject(
            new RenderError(504, 'The render waited for memory past its time and was abandoned.'),
          );
        },
        Math.max(1, deadline.msLeft()),
      );
    });
  }

  /** Lets in, in order, the waiting renders that now fit. */
  #wakeNext(): void {
    for (;;) {
      const next = this.#waiting[0];
      if (!next || this.#inUse + next.bytes > this.capacity) return;
      this.#waiting.shift();
      this.#inUse += next.bytes;
      next.wake();
    }
  }
}

/** The one gate of this process; its capacity follows the limits each render is given. */
export const RENDER_MEMORY = new MemoryGate(Number.POSITIVE_INFINITY);
