// The `SubtitleFetch` delivery gives the video engine for video-subtitle-src[N]
// (docs.imgix.com/apis/video/subtitles/video-subtitle-src: "a URL-encoded URL pointing to a
// publicly accessible .vtt or .srt file. Imgix fetches the file at request time"): fetched as a
// watermark image URL is (overlay-fetch.ts), through the SSRF guard with the storage's timeouts and
// redirect limit, and at most the bytes a track may hold, never from the source's own delivery
// host (it would be asked to render itself). Every failure names the URL, so the answer says
// which track could not be had.
import { RenderError, type SubtitleFetch } from '@darkroom/render';
import { findGuardedFetchError, type GuardedFetchError } from '../net/guarded-fetch-error.ts';
import { guardedFetch } from '../net/guarded-fetch.ts';
import { hostName } from '../net/host-name.ts';
import { readAll } from '../net/read-all.ts';
import type { StorageOptions } from '../storage/types.ts';
import type { DeliverySource } from './delivery-source.ts';

export interface SubtitleFetchOptions {
  source: Pick<DeliverySource, 'hostnames'>;
  storage: Pick<
    StorageOptions,
    'allowPrivateOrigins' | 'maxBytes' | 'connectTimeoutMs' | 'requestTimeoutMs' | 'maxRedirects'
  >;
}

/** Why a fetch failed, in words that follow "could not be fetched". */
function reasonOf(error: GuardedFetchError | null): string {
  switch (error?.kind) {
    case 'timeout':
      return ': it did not answer in time';
    case 'unreachable':
      return ': it could not be reached';
    case 'too_many_redirects':
      return `: ${error.message}`;
    case 'truncated':
      return ': its answer was cut short';
    default:
      return '';
  }
}

/** The bytes at `url`, at most `maxBytes`, or the RenderError that names it. */
async function fetchTrack(url: URL, maxBytes: number, options: SubtitleFetchOptions) {
  const { storage } = options;
  const limit = Math.min(maxBytes, storage.maxBytes);
  const what = `The subtitle track at ${url.href}`;
  try {
    const response = await guardedFetch(url, {
      allowPrivateOrigins: storage.allowPrivateOrigins,
      maxBytes: limit,
      connectTimeoutMs: storage.connectTimeoutMs,
      requestTimeoutMs: storage.requestTimeoutMs,
      maxRedirects: storage.maxRedirects,
    });
    if (response.status < 200 || response.status >= 300) {
      response.body.destroy();
      throw new RenderError(422, `${what} answered HTTP ${response.status}.`);
    }
    return await readAll(response.body);
  } catch (error) {
    if (error instanceof RenderError) throw error;
    const guarded = findGuardedFetchError(error);
    if (guarded?.kind === 'too_large') {
      throw new RenderError(422, `${what} is larger than ${limit} bytes.`, { cause: error });
    }
    // The address is refused, not unreachable: the URL is what is wrong.
    if (guarded?.kind === 'blocked_address' || guarded?.kind === 'unsupported_scheme') {
      throw new RenderError(400, `${what} cannot be fetched: ${guarded.message}`, {
        cause: error,
      });
    }
    throw new RenderError(422, `${what} could not be fetched${reasonOf(guarded)}.`, {
      cause: error,
    });
  }
}

/** The fetch of supplied subtitle tracks for renders of `options.source`. */
export function subtitleFetcher(options: SubtitleFetchOptions): SubtitleFetch {
  return async (address, maxBytes) => {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new RenderError(400, `video-subtitle-src: "${address}" is not a valid URL.`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new RenderError(400, `video-subtitle-src: "${address}" is not an http or https URL.`);
    }
    if (options.source.hostnames.has(hostName(url.hostname))) {
      throw new RenderError(
        400,
        `The subtitle track at ${url.href} is on this source's own delivery host, which would render it; serve it from another host.`,
      );
    }
    return fetchTrack(url, maxBytes, options);
  };
}
