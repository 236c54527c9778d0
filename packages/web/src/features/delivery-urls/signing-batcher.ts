import { MAX_SIGNED_PATHS, postSignedUrls } from '../../api/signed-urls.ts';

interface Waiter {
  resolve: (signedPath: string) => void;
  reject: (error: unknown) => void;
}

/** The paths asked for one source since the last flush, each with whoever waits for it. */
const pending = new Map<string, Map<string, Waiter[]>>();
let flushScheduled = false;

async function sendBatch(sourceId: string, waiting: Map<string, Waiter[]>): Promise<void> {
  const paths = [...waiting.keys()];
  for (let start = 0; start < paths.length; start += MAX_SIGNED_PATHS) {
    const chunk = paths.slice(start, start + MAX_SIGNED_PATHS);
    try {
      const answers = await postSignedUrls(sourceId, chunk);
      chunk.forEach((path, index) => {
        const signedPath = answers[index]?.signed_path;
        for (const waiter of waiting.get(path) ?? []) {
          if (signedPath === undefined) waiter.reject(new Error(`${path} was not signed.`));
          else waiter.resolve(signedPath);
        }
      });
    } catch (error) {
      for (const path of chunk) for (const waiter of waiting.get(path) ?? []) waiter.reject(error);
    }
  }
}

function flush(): void {
  flushScheduled = false;
  const batches = [...pending.entries()];
  pending.clear();
  for (const [sourceId, waiting] of batches) void sendBatch(sourceId, waiting);
}

/**
 * Signs one delivery path (path and query as a browser sends them). Paths asked for in the same
 * turn of the event loop (a grid's thumbnails mount together) go out in one request per source,
 * at most MAX_SIGNED_PATHS per request.
 */
export function signPath(sourceId: string, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const forSource = pending.get(sourceId) ?? new Map<string, Waiter[]>();
    pending.set(sourceId, forSource);
    forSource.set(path, [...(forSource.get(path) ?? []), { resolve, reject }]);
    if (!flushScheduled) {
      flushScheduled = true;
      setTimeout(flush, 0);
    }
  });
}
