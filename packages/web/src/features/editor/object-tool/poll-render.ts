import { useEffect, useRef, useState } from 'react';
import { loadFailedMessage, STILL_PROCESSING_MESSAGE } from '../image-status.utils.ts';
import { failureReasonOf } from '../render-failure.ts';

export { loadFailedMessage, STILL_PROCESSING_MESSAGE };

// Editor spec section 4, 'Image loading': a rendering URL is asked for with HEAD; 423 means the
// render (a premium job) is still running, so ask again later; anything else but 200 is an error.

/** Editor spec section 9: the object tool asks again every 5 s. */
export const OBJECT_TOOL_RETRY_MS = 5000;
export const IMAGE_FAILED_MESSAGE = 'Image failed to load; try again or contact support.';

export type RenderState =
  | { kind: 'loading' }
  | { kind: 'processing' }
  | { kind: 'ready'; url: string }
  | {
      kind: 'failed';
      status: number | null;
      message: string;
      /** The delivery's own words for the failure (its answer's body); null without. */
      reason: string | null;
    };

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}

export interface PollOptions {
  retryMs: number;
  signal: AbortSignal;
  /** Called on each 423, with how many there have been. */
  onLocked?: (attempt: number) => void;
}

/** HEADs `url` until it answers something other than 423; that answer's state. */
export async function pollRender(url: string, options: PollOptions): Promise<RenderState> {
  for (let attempt = 1; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(url, { method: 'HEAD', signal: options.signal, cache: 'no-store' });
    } catch (error) {
      if (options.signal.aborted) throw error;
      return { kind: 'failed', status: null, message: IMAGE_FAILED_MESSAGE, reason: null };
    }
    if (response.ok) return { kind: 'ready', url };
    if (response.status !== 423) {
      return {
        kind: 'failed',
        status: response.status,
        message: loadFailedMessage(response.status, response.statusText),
        reason: await failureReasonOf(url, options.signal),
      };
    }
    options.onLocked?.(attempt);
    await wait(options.retryMs, options.signal);
  }
}

export interface PollCallbacks {
  /** Runs once per URL, on its first 423. */
  onProcessing?: () => void;
  /** Runs with the final state of a URL (not when a newer URL took over). */
  onSettled?: (state: RenderState) => void;
}

/** The state of the render at `url` (null: nothing to load), polled while it is processing. */
export function usePolledRender(
  url: string | null,
  retryMs: number,
  callbacks: PollCallbacks = {},
): RenderState {
  // Kept with its URL, so a new URL reads as loading without an extra render.
  const [result, setResult] = useState<{ url: string; state: RenderState } | null>(null);
  const callbacksRef = useRef(callbacks);
  useEffect(() => {
    callbacksRef.current = callbacks;
  });
  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    pollRender(url, {
      retryMs,
      signal: controller.signal,
      onLocked: (attempt) => {
        setResult({ url, state: { kind: 'processing' } });
        if (attempt === 1) callbacksRef.current.onProcessing?.();
      },
    }).then(
      (state) => {
        setResult({ url, state });
        callbacksRef.current.onSettled?.(state);
      },
      () => {
        // Aborted: a newer URL took over.
      },
    );
    return () => controller.abort();
  }, [url, retryMs]);
  return result !== null && result.url === url ? result.state : { kind: 'loading' };
}
