// image_missing and image_error (spec platform section 3): instead of a bare error, a source can
// answer with another image, fetched through the SSRF guard. With append_qs the request's query
// (without `s`) is added to the fallback URL, so a fallback on an image service gets the same
// size and format. The answer keeps the error's status, so caches and crawlers still see it.
import type { FallbackImage } from '@darkroom/core';
import { guardedFetch, headerValue } from '../net/guarded-fetch.ts';
import type { StorageOptions } from '../storage/types.ts';
import { joinChunks } from '../net/read-all.ts';

/** Sent with fallback fetches: a Darkroom delivery seeing it never falls back again (no loops). */
export const FALLBACK_HEADER = 'x-darkroom-fallback';

export interface FallbackResponse {
  body: Buffer;
  contentType: string;
}

/** The fallback's address, with the request's query appended when the source asks for it. */
function fallbackUrl(fallback: FallbackImage, query: string): string {
  if (!fallback.append_qs || query === '') return fallback.url;
  const hashStart = fallback.url.indexOf('#');
  const base = hashStart === -1 ? fallback.url : fallback.url.slice(0, hashStart);
  const separator = base.includes('?')
    ? base.endsWith('?') || base.endsWith('&')
      ? ''
      : '&'
    : '?';
  return `${base}${separator}${query}`;
}

/** Fetches a fallback image; null when it cannot be had (the plain error is answered then). */
export async function fetchFallback(
  fallback: FallbackImage,
  query: string,
  storage: Pick<
    StorageOptions,
    'allowPrivateOrigins' | 'maxBytes' | 'connectTimeoutMs' | 'requestTimeoutMs' | 'maxRedirects'
  >,
): Promise<FallbackResponse | null> {
  try {
    const response = await guardedFetch(fallbackUrl(fallback, query), {
      allowPrivateOrigins: storage.allowPrivateOrigins,
      maxBytes: storage.maxBytes,
      connectTimeoutMs: storage.connectTimeoutMs,
      requestTimeoutMs: storage.requestTimeoutMs,
      maxRedirects: storage.maxRedirects,
      headers: { [FALLBACK_HEADER]: '1' },
    });
    const contentType = headerValue(response.headers, 'content-type') ?? '';
    if (response.status < 200 || response.status >= 300 || !/^image\//i.test(contentType)) {
      response.body.destroy();
      return null;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of response.body as AsyncIterable<Buffer>) chunks.push(chunk);
    return { body: await joinChunks(chunks), contentType };
  } catch {
    return null;
  }
}
