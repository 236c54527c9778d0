import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button, Spinner } from '../../ui/index.ts';
import type { FailureNotice } from './image-status.utils.ts';
import { estimatedRenderMs, formatWait, renderKindOf } from './render-durations.ts';
import type { PreviewState } from './use-preview-image.ts';

export interface PreviewPaneProps {
  url: string;
  alt: string;
  state: PreviewState;
  onImageError: () => void;
  /** The preview's `<img>` has drawn `url`. */
  onImageLoad?: (url: string) => void;
  /** The last image that rendered: it stays, dimmed, while the next one renders. */
  shownUrl?: string | null;
  /** AI operations the renderer skipped, with its reasons (X-Darkroom-*-Failure-Reason). */
  skipped?: readonly FailureNotice[];
  onDismissSkipped?: () => void;
  /**
   * Stops waiting for the render and goes back to the parameters of the image shown; absent
   * when there is nothing to go back to.
   */
  onCancel?: () => void;
}

const CHECKERBOARD =
  'max-h-full max-w-full object-contain shadow-lg [background:repeating-conic-gradient(#3f3f46_0%_25%,#27272a_0%_50%)_50%/16px_16px]';

/** Milliseconds since `since`, updated every second while `since` is set. */
function useElapsedMs(since: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (since === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [since]);
  return since === null ? 0 : Math.max(0, now - since);
}

/**
 * The main image area: the rendered preview; while the next one renders, the previous image
 * dimmed under the wait (with, for an AI render that answered 423, the time spent, what renders
 * of that kind took lately and Cancel); or the error in red (editor spec sections 4 and 8).
 */
export function PreviewPane({
  url,
  alt,
  state,
  onImageError,
  onImageLoad,
  shownUrl = null,
  skipped = [],
  onDismissSkipped,
  onCancel,
}: PreviewPaneProps) {
  if (state.kind === 'failed') {
    return (
      <div className="grid h-full place-items-center p-6">
        <div className="flex max-w-lg flex-col items-center gap-3 text-center">
          <div role="alert" className="rounded-lg bg-red-950/60 px-4 py-3 text-sm text-red-300">
            <p className="font-medium">{state.message}</p>
            {state.reason !== null && <p className="mt-1 text-red-200">{state.reason}</p>}
          </div>
          {onCancel !== undefined && shownUrl !== null && (
            <Button
              type="button"
              size="small"
              variant="secondary"
              surface="dark"
              onClick={onCancel}
            >
              Back to the previous image
            </Button>
          )}
        </div>
      </div>
    );
  }
  return (
    <div className="relative grid h-full min-h-0 place-items-center p-4 sm:p-6">
      {state.kind === 'ready' && (
        <img
          key={`${url}#${state.attempt}`}
          src={url}
          alt={alt}
          onError={onImageError}
          onLoad={() => onImageLoad?.(url)}
          className={CHECKERBOARD}
        />
      )}
      {state.kind === 'loading' && shownUrl !== null && (
        // The picture the person was looking at stays, dimmed, so the wait shows what changes.
        <img
          src={shownUrl}
          alt={`${alt} (previous version, while the new one renders)`}
          className={`${CHECKERBOARD} opacity-40 transition-opacity`}
        />
      )}
      {state.kind === 'loading' && (
        <RenderWait
          url={url}
          processingSince={state.processingSince}
          onCancel={shownUrl === null ? undefined : onCancel}
          overlaid={shownUrl !== null}
        />
      )}
      {skipped.length > 0 && <SkippedNotices notices={skipped} onDismiss={onDismissSkipped} />}
    </div>
  );
}

function RenderWait({
  url,
  processingSince,
  onCancel,
  overlaid,
}: {
  url: string;
  processingSince: number | null;
  onCancel: (() => void) | undefined;
  overlaid: boolean;
}) {
  const elapsed = useElapsedMs(processingSince);
  const kind = renderKindOf(url);
  const estimate = processingSince !== null && kind !== null ? estimatedRenderMs(kind) : null;
  return (
    <div
      className={
        overlaid
          ? 'absolute inset-x-4 top-1/2 mx-auto flex w-fit max-w-[calc(100%-2rem)] -translate-y-1/2 flex-col items-center gap-3 rounded-lg bg-zinc-900/90 px-5 py-4 text-center text-white shadow-lg ring-1 ring-zinc-700'
          : 'flex flex-col items-center gap-3 text-center text-zinc-300'
      }
    >
      <div role="status" className="flex flex-col items-center gap-1 text-sm">
        <span className="flex items-center gap-2">
          <Spinner />
          {processingSince !== null && kind !== null
            ? 'Rendering with AI…'
            : 'Rendering the image…'}
        </span>
        {processingSince !== null && (
          <span className="text-zinc-300 tabular-nums">
            <span className="sr-only">Time spent: </span>
            {formatWait(elapsed)} elapsed
            {estimate !== null && ` · usually about ${formatWait(estimate)}`}
          </span>
        )}
      </div>
      {processingSince !== null && onCancel !== undefined && (
        <Button type="button" size="small" variant="secondary" surface="dark" onClick={onCancel}>
          Cancel
        </Button>
      )}
    </div>
  );
}

/** What the renderer skipped and why, in words, until the person dismisses it. */
function SkippedNotices({
  notices,
  onDismiss,
}: {
  notices: readonly FailureNotice[];
  onDismiss: (() => void) | undefined;
}) {
  return (
    <div
      role="status"
      aria-label="Skipped AI operations"
      className="absolute inset-x-4 bottom-4 mx-auto flex max-w-xl items-start gap-3 rounded-lg bg-amber-950/90 px-4 py-3 text-sm text-amber-100 shadow-lg ring-1 ring-amber-800"
    >
      <ul className="min-w-0 flex-1 space-y-1">
        {notices.map((notice) => (
          <li key={notice.param}>{`${notice.message} ${notice.reason}`}</li>
        ))}
      </ul>
      {onDismiss !== undefined && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss"
          className="rounded p-0.5 text-amber-200 hover:bg-amber-900 focus-visible:outline-2 focus-visible:outline-amber-300"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}
