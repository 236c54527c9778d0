import { AsyncLocalStorage } from 'node:async_hooks';
import sharp from 'sharp';
import type { Deadline } from '../output/limits.ts';
import { RenderError } from './context.ts';

/**
 * The deadline of the render in progress, for everything it runs: every sharp pipeline a step
 * starts (sharp's `timeout()` is per pipeline, and libvips cannot be stopped any other way) and
 * every worker task (terminated when the signal aborts). Without it a render answered 504 went
 * on spending CPU in whatever pipeline or task it had in hand.
 */
interface RenderScope {
  deadline: Deadline;
  /** Aborts at the deadline or when the caller gives up, whichever comes first. */
  signal: AbortSignal;
}

const scope = new AsyncLocalStorage<RenderScope>();

/** Runs `work` (a render) with `deadline` as its current deadline, for all it awaits. */
export function withinDeadline<T>(
  deadline: Deadline,
  callerSignal: AbortSignal | undefined,
  work: () => Promise<T>,
): Promise<T> {
  bindSharpToDeadlines();
  const timeout = AbortSignal.timeout(Math.max(0, deadline.msLeft()));
  const signal = callerSignal === undefined ? timeout : AbortSignal.any([callerSignal, timeout]);
  return scope.run({ deadline, signal }, work);
}

/** What bounds a step's own work: seconds left for sharp, a check between stages, a signal. */
export interface StepDeadline {
  secondsLeft(): number;
  check(): void;
  signal: AbortSignal | undefined;
}

/** The current render's deadline; outside a render, nothing is bounded (seconds left 0: none). */
export function currentDeadline(): StepDeadline {
  const current = scope.getStore();
  if (current === undefined) {
    return { secondsLeft: () => 0, check: () => undefined, signal: undefined };
  }
  return {
    secondsLeft: () => current.deadline.secondsLeft(),
    check: () => current.deadline.check(),
    signal: current.signal,
  };
}

function isTimeoutMessage(error: unknown): boolean {
  return error instanceof Error && /^timeout: \d+% complete/.test(error.message);
}

interface SharpInternals {
  options: { timeoutSeconds: number };
}

let bound = false;

/**
 * Every sharp pipeline run within a render gets the render's remaining time as its `timeout()`
 * unless it set one, and none starts once the render's time is up or its caller has gone: a
 * render past RENDER_TIMEOUT_MS stops at the pipeline it is in instead of running its steps to
 * the end. Pipelines outside a render are left as they are.
 */
function bindSharpToDeadlines(): void {
  if (bound) return;
  bound = true;
  const prototype = sharp.prototype as sharp.Sharp & SharpInternals;
  for (const method of ['toBuffer', 'toFile'] as const) {
    const original = prototype[method] as (this: sharp.Sharp, ...args: unknown[]) => unknown;
    Object.defineProperty(prototype, method, {
      configurable: true,
      writable: true,
      value: function boundToDeadline(this: sharp.Sharp & SharpInternals, ...args: unknown[]) {
        const current = scope.getStore();
        if (current !== undefined) {
          try {
            current.deadline.check();
          } catch (error) {
            return Promise.reject(error);
          }
          if (this.options.timeoutSeconds === 0) {
            this.timeout({ seconds: current.deadline.secondsLeft() });
          }
        }
        const seconds = this.options.timeoutSeconds;
        const started = Date.now();
        const result = original.apply(this, args);
        if (seconds === 0 || !(result instanceof Promise)) return result;
        // libvips stops a pipeline past its timeout by killing the image; some savers then fail
        // with no message of their own ("Unknown error"), which is the timeout all the same.
        return result.catch((error: unknown) => {
          if (Date.now() - started < seconds * 1000 || isTimeoutMessage(error)) throw error;
          throw new RenderError(504, 'The render took too long and was abandoned.', {
            cause: error,
          });
        });
      },
    });
  }
}
