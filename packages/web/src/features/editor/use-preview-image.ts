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
import { recordRenderDuration, renderKindOf } from './render-durations.ts';
import { failureReasonOf } from './render-failure.ts';

export type PreviewState =
  | {
      kind: 'loading';
      /**
       * When the wait began (ms since the epoch) once the delivery answered 423: an AI render
       * runs as a job; null while the first answer is awaited.
       */
      processingSince: number | null;
    }
  | { kind: 'ready'; attempt: number }
  | {
      kind: 'failed';
      message: string;
      /** The delivery's own words for the failure, from its answer's body; null without. */
      reason: string | null;
    };

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
 * after 2 s with a toast, anything else is an error (with the delivery's reason read from the
 * body). The AI failure headers are passed on so the skipped parameter can be taken off, and
 * kept as `skipped` until dismissed so the reason stays readable. `attempt` changes whenever the
 * image should be fetched again, so the `<img>` can be keyed on it. `shownUrl` is the last URL
 * that rendered: it stays on screen, dimmed, while the next one renders.
 */
export function usePreviewImage(
  // Null while the URL is being signed (delivery-urls/): the preview is loading.
  url: string | null,
  onFailures: (notices: FailureNotice[]) => void,
) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [shownUrl, setShownUrl] = useState<string | null>(null);
  const [skipped, setSkipped] = useState<FailureNotice[]>([]);
  /** The wait the `<img>` itself revealed (its error), when HEAD could not be read. */
  const [imageWait, setImageWait] = useState<{ url: string; since: number } | null>(null);
  const urlRef = useRef(url);
  const onFailuresRef = useRef(onFailures);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    onFailuresRef.current = onFailures;
    urlRef.current = url;
  });
  useEffect(() => () => clearTimeout(retryTimer.current), []);

  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const startedAt = Date.now();
    let waited = false;
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
      if (notices.length > 0) {
        setSkipped(notices);
        onFailuresRef.current(notices);
      }
      const status = previewStatusOf(response.status);
      if (status === 'ready') {
        toast.dismiss(STILL_PROCESSING_TOAST_ID);
        // Only renders that waited teach the estimate: a cached answer says nothing of a job.
        const kind = renderKindOf(url);
        if (waited && kind !== null) recordRenderDuration(kind, Date.now() - startedAt);
        settle({ kind: 'ready', attempt });
      } else if (status === 'processing') {
        announceStillProcessing();
        if (!waited) settle({ kind: 'loading', processingSince: startedAt });
        waited = true;
        timer = setTimeout(() => void poll(), PREVIEW_RETRY_MS);
      } else {
        if (waited) toast.dismiss(STILL_PROCESSING_TOAST_ID);
        const reason = await failureReasonOf(url, controller.signal);
        if (controller.signal.aborted) return;
        settle({
          kind: 'failed',
          message: loadFailedMessage(response.status, response.statusText),
          reason,
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
    const failed = urlRef.current;
    if (failed !== null) {
      setImageWait((current) =>
        current?.url === failed ? current : { url: failed, since: Date.now() },
      );
    }
    setAnswer(null);
    clearTimeout(retryTimer.current);
    retryTimer.current = setTimeout(() => setAttempt((current) => current + 1), PREVIEW_RETRY_MS);
  }, []);

  /**
   * The `<img>` of `loaded` has drawn: it is what the person sees, kept dimmed under the next
   * render and what Cancel goes back to. A wait the image revealed teaches the estimate too.
   */
  const imageLoaded = useCallback(
    (loaded: string) => {
      setShownUrl(loaded);
      const kind = renderKindOf(loaded);
      if (imageWait?.url === loaded && kind !== null) {
        recordRenderDuration(kind, Date.now() - imageWait.since);
        setImageWait(null);
      }
    },
    [imageWait],
  );

  /** Takes the wait's toast down when the person stops waiting (Cancel). */
  const dismissWaitToast = useCallback(() => toast.dismiss(STILL_PROCESSING_TOAST_ID), []);
  const dismissSkipped = useCallback(() => setSkipped([]), []);

  const answered: PreviewState =
    answer && answer.url === url && answer.attempt === attempt
      ? answer.state
      : { kind: 'loading', processingSince: null };
  // Without a readable HEAD, the image's own errors are the wait (editor spec section 4).
  const state: PreviewState =
    answered.kind === 'loading' && answered.processingSince === null && imageWait?.url === url
      ? { kind: 'loading', processingSince: imageWait.since }
      : answered;
  return {
    state,
    shownUrl,
    skipped,
    retryAfterImageError,
    imageLoaded,
    dismissWaitToast,
    dismissSkipped,
  };
}
