import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../ui/index.ts';
import {
  PREVIEW_RETRY_MS,
  STILL_PROCESSING_MESSAGE,
  failureNotices,
  loadFailedMessage,
  previewStatusOf,
  type FailureNotice,
} from './image-status.utils.ts';

export type PreviewState =
  { kind: 'loading' } | { kind: 'ready'; attempt: number } | { kind: 'failed'; message: string };

/** An answer about one URL at one attempt; an answer about another is stale. */
interface Answer {
  url: string;
  attempt: number;
  state: PreviewState;
}

/** One toast for the wait, however many times the image is asked for again. */
const STILL_PROCESSING_TOAST_ID = 'editor-still-processing';

function announceStillProcessing() {
  toast.info(STILL_PROCESSING_MESSAGE, { editor: true, id: STILL_PROCESSING_TOAST_ID });
}

/**
 * Polls the preview URL with HEAD (spec editor sections 4 and 7): 200 shows it, 423 asks again
 * after 2 s with a toast, anything else is an error. The AI failure headers are passed on so
 * the skipped parameter can be taken off. `attempt` changes whenever the image should be
 * fetched again, so the `<img>` can be keyed on it.
 */
export function usePreviewImage(url: string, onFailures: (notices: FailureNotice[]) => void) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [attempt, setAttempt] = useState(0);
  const onFailuresRef = useRef(onFailures);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    onFailuresRef.current = onFailures;
  });
  useEffect(() => () => clearTimeout(retryTimer.current), []);

  useEffect(() => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (state: PreviewState) => setAnswer({ url, attempt, state });

    const poll = async () => {
      let response: Response;
      try {
        response = await fetch(url, { method: 'HEAD', signal: controller.signal });
      } catch {
        if (controller.signal.aborted) return;
        // A delivery domain without CORS headers hides its answer: the <img> itself decides,
        // and its error handler starts the same wait.
        settle({ kind: 'ready', attempt });
        return;
      }
      if (controller.signal.aborted) return;
      const notices = failureNotices(response.headers);
      if (notices.length > 0) onFailuresRef.current(notices);
      const status = previewStatusOf(response.status);
      if (status === 'ready') {
        toast.dismiss(STILL_PROCESSING_TOAST_ID);
        settle({ kind: 'ready', attempt });
      } else if (status === 'processing') {
        announceStillProcessing();
        timer = setTimeout(() => void poll(), PREVIEW_RETRY_MS);
      } else {
        settle({
          kind: 'failed',
          message: loadFailedMessage(response.status, response.statusText),
        });
      }
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [url, attempt]);

  /** The `<img>` failed although HEAD did not say so: wait and ask again (spec section 4). */
  const retryAfterImageError = useCallback(() => {
    announceStillProcessing();
    setAnswer(null);
    clearTimeout(retryTimer.current);
    retryTimer.current = setTimeout(() => setAttempt((current) => current + 1), PREVIEW_RETRY_MS);
  }, []);

  const state: PreviewState =
    answer && answer.url === url && answer.attempt === attempt ? answer.state : { kind: 'loading' };
  return { state, retryAfterImageError };
}
