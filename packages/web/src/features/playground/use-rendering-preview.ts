import { useEffect, useState } from 'react';
import type { PlaygroundSigner } from './playground-signing.ts';
import {
  IGNORED_PARAMS_HEADER,
  failureMessageOf,
  ignoredParamsOf,
  serverTimingMs,
  type PreviewFacts,
} from './rendering-preview.utils.ts';

/** A typed URL is fetched this long after the last keystroke. */
export const PREVIEW_DEBOUNCE_MS = 300;
/** A 423 (still rendering) is asked again after 2 s, as the editor does (editor spec section 4). */
export const PREVIEW_RENDERING_RETRY_MS = 2000;

export type RenderingPreview =
  | { kind: 'loading' }
  | { kind: 'rendering' }
  | { kind: 'ready'; objectUrl: string; facts: PreviewFacts }
  | { kind: 'failed'; status: number | null; message: string };

/**
 * The preview of a rendering URL, fetched (not just shown in an `<img>`) so that its answer can
 * be read: the delivery's error text, its headers, the bytes and the round trip. `cache:
 * 'no-store'` keeps the browser's cache from answering: the figures are the delivery's.
 */
export function useRenderingPreview(url: string | null, signer: PlaygroundSigner) {
  // Each answer is kept with the URL it answers: a newer URL is loading until its own arrives.
  const [answer, setAnswer] = useState<{ url: string; preview: RenderingPreview } | null>(null);

  useEffect(() => {
    if (url === null) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const setPreview = (preview: RenderingPreview) => setAnswer({ url, preview });

    const load = async () => {
      let fetched = url;
      try {
        fetched = (await signer.sign([url]))[0] ?? url;
      } catch {
        // Unsigned, the delivery's own refusal says what is wrong.
      }
      if (controller.signal.aborted) return;
      const started = performance.now();
      let response: Response;
      try {
        response = await fetch(fetched, { cache: 'no-store', signal: controller.signal });
      } catch {
        if (controller.signal.aborted) return;
        setPreview({
          kind: 'failed',
          status: null,
          message: 'The delivery could not be reached. Check your connection and try again.',
        });
        return;
      }
      if (response.status === 423) {
        setPreview({ kind: 'rendering' });
        timer = setTimeout(() => void load(), PREVIEW_RENDERING_RETRY_MS);
        return;
      }
      if (!response.ok) {
        const body = await response.text().catch(() => '');
        if (controller.signal.aborted) return;
        setPreview({
          kind: 'failed',
          status: response.status,
          message: failureMessageOf(response.status, response.statusText, body),
        });
        return;
      }
      const blob = await response.blob().catch(() => null);
      if (controller.signal.aborted || blob === null) return;
      const roundTripMs = performance.now() - started;
      objectUrl = URL.createObjectURL(blob);
      setPreview({
        kind: 'ready',
        objectUrl,
        facts: {
          contentType: response.headers.get('Content-Type') ?? blob.type,
          bytes: blob.size,
          roundTripMs,
          serverMs: serverTimingMs(response.headers.get('Server-Timing')),
          ignoredParams: ignoredParamsOf(response.headers.get(IGNORED_PARAMS_HEADER)),
        },
      });
    };

    timer = setTimeout(() => void load(), PREVIEW_DEBOUNCE_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
      if (objectUrl !== null) URL.revokeObjectURL(objectUrl);
    };
  }, [url, signer]);

  return answer !== null && answer.url === url ? answer.preview : { kind: 'loading' as const };
}
