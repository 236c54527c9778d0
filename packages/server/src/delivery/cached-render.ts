import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** One rendered answer as the render caches keep it. */
export interface CachedRender {
  body: Buffer;
  contentType: string;
  /** Strong ETag of the body, quoted (RFC 9110 section 8.8.3). */
  etag: string;
  /** The Accept header chose the format (`auto=format`): the answer carries `Vary: Accept`. */
  variesOnAccept: boolean;
  /** The origin's Cache-Control, for cache_ttl_behavior "default" (respect origin). */
  originCacheControl: string | null;
  premium: boolean;
  /** Extra headers of the answer: premium operations skipped or applied with a warning. */
  headers?: Readonly<Record<string, string>>;
  /** Milliseconds of video the body plays (an MP4, WebM or HLS segment), for metering. */
  videoMs?: number;
}

/** Where a render lives: per source and origin path, so a purge of a path drops its variants. */
export interface RenderLocation {
  sourceId: string;
  /** sha256 of the origin path, hex (a path can be longer than a file name may be). */
  pathHash: string;
  /** sha256 of everything that decides the bytes, hex. */
  key: string;
  /** The origin path itself, which a purge by path prefix matches (render-caches.ts). */
  originPath?: string;
}

/**
 * SHA-256 runs on the event loop at roughly 2 ms per MiB here: a 50-megapixel PNG (54 MB) hashed
 * in one call held every other request, `/healthz` included, for about 100 ms. Larger bodies are
 * hashed this many bytes per turn of the event loop.
 */
const ETAG_SLICE_BYTES = 4 * 1024 * 1024;

/** The strong ETag of `body`, quoted (RFC 9110 section 8.8.3). */
export async function strongEtag(body: Uint8Array): Promise<string> {
  const hash = createHash('sha256');
  for (let offset = 0; offset < body.length; offset += ETAG_SLICE_BYTES) {
    if (offset > 0) await nextTurn();
    hash.update(body.subarray(offset, offset + ETAG_SLICE_BYTES));
  }
  return `"${hash.digest('base64url').slice(0, 32)}"`;
}

export function pathHash(path: string): string {
  return createHash('sha256').update(path).digest('hex');
}
