// The `fetchImage` delivery gives the render engine for `mark`, `mask`, `blend` and `append`
// images (docs.imgix.com/apis/rendering/watermark/mark): an absolute URL is fetched through the
// SSRF guard, capped in bytes and time, but never from the rendering source's own delivery host (a
// 400, since it would render itself). A path is a file of the same source, read through its
// adapter as imgix reads relative marks "with the same credentials"; a query on it
// (`/logo.png?w=160`) renders that file first, one level deep. A failure says what the origin
// answered (`originStatus`), which an append answers with.
import { parseParams } from '@darkroom/core';
import { render, RenderError, type OriginStatus } from '@darkroom/render';
import { GuardedFetchError, findGuardedFetchError } from '../net/guarded-fetch-error.ts';
import { guardedFetch } from '../net/guarded-fetch.ts';
import { hostName } from '../net/host-name.ts';
import { joinChunks } from '../net/read-all.ts';
import { webProxyUrl } from '../storage/web-proxy.ts';
import type { StorageOptions } from '../storage/types.ts';
import type { DeliverySource } from './delivery-source.ts';
import { OriginFailure, fetchOriginImage } from './origin-fetch.ts';
import { originPath } from './origin-path.ts';

export interface OverlayFetchOptions {
  source: DeliverySource;
  /** The origin path of the image being rendered (a web proxy's: its encoded origin URL). */
  originPath: string;
  storage: Pick<
    StorageOptions,
    'allowPrivateOrigins' | 'maxBytes' | 'connectTimeoutMs' | 'requestTimeoutMs' | 'maxRedirects'
  >;
}

const NO_HINTS = { width: null, viewportWidth: null, dpr: null, saveData: false };

function noNestedOverlays(): Promise<Uint8Array> {
  return Promise.reject(
    new RenderError(400, 'A mark, mask, blend or append image cannot have an overlay of its own.'),
  );
}

/**
 * What an HTTP status of an overlay's origin means, read as the web origins read a status
 * (storage/http-origin.ts): 404 and 410 missing, 401 and 403 refused, anything else failing.
 */
function originStatusOf(status: number): OriginStatus {
  if (status === 404 || status === 410) return 404;
  if (status === 401 || status === 403) return 403;
  return 502;
}

async function fetchAbsolute(url: URL, options: OverlayFetchOptions): Promise<Uint8Array> {
  const { storage } = options;
  try {
    const response = await guardedFetch(url, {
      allowPrivateOrigins: storage.allowPrivateOrigins,
      maxBytes: storage.maxBytes,
      connectTimeoutMs: storage.connectTimeoutMs,
      requestTimeoutMs: storage.requestTimeoutMs,
      maxRedirects: storage.maxRedirects,
    });
    if (response.status < 200 || response.status >= 300) {
      response.body.destroy();
      throw new RenderError(422, `The image at ${url.href} answered HTTP ${response.status}.`, {
        originStatus: originStatusOf(response.status),
      });
    }
    const chunks: Buffer[] = [];
    for await (const chunk of response.body as AsyncIterable<Buffer>) chunks.push(chunk);
    return await joinChunks(chunks);
  } catch (error) {
    if (error instanceof RenderError) throw error;
    if (error instanceof GuardedFetchError) {
      if (error.kind === 'too_large') throw new RenderError(413, error.message, { cause: error });
      if (error.kind === 'blocked_address' || error.kind === 'unsupported_scheme') {
        throw new RenderError(400, error.message, { cause: error });
      }
    }
    const late = findGuardedFetchError(error)?.kind === 'timeout';
    throw new RenderError(422, `The image at ${url.href} could not be fetched.`, {
      cause: error,
      originStatus: late ? 504 : 502,
    });
  }
}

/** A file of the source itself, rendered with the path's own query when it has one. */
async function fetchFromSource(address: string, options: OverlayFetchOptions): Promise<Uint8Array> {
  const queryStart = address.indexOf('?');
  const rawPath = queryStart === -1 ? address : address.slice(0, queryStart);
  const query = queryStart === -1 ? '' : address.slice(queryStart + 1);
  const path = originPath(rawPath.startsWith('/') ? rawPath : `/${rawPath}`, options.source.type);
  if (!path.ok) throw new RenderError(400, `"${address}": ${path.message}`);
  let bytes: Buffer;
  try {
    bytes = (await fetchOriginImage(await options.source.adapter(), path.path)).bytes;
  } catch (error) {
    const failure = error instanceof OriginFailure ? error.status : 502;
    throw new RenderError(
      failure === 413 ? 413 : 422,
      `The image "${rawPath}" could not be read from this source.`,
      { cause: error, ...(failure !== 413 && { originStatus: failure }) },
    );
  }
  if (query === '') return bytes;
  // The overlay's own query is a delivery URL's: names imgix does not know are ignored.
  const parsed = parseParams(new URLSearchParams(query), { unknownNames: 'ignore' });
  if (!parsed.ok) {
    throw new RenderError(400, parsed.issues.map((issue) => issue.message).join(' '));
  }
  const rendered = await render({
    input: bytes,
    params: parsed.params,
    accept: null,
    clientHints: NO_HINTS,
    fetchImage: noNestedOverlays,
  });
  return rendered.body;
}

export function overlayFetcher(options: OverlayFetchOptions): (url: string) => Promise<Uint8Array> {
  return async (address) => {
    if (/^https?:\/\//i.test(address)) {
      let url: URL;
      try {
        url = new URL(address);
      } catch {
        throw new RenderError(400, `"${address}" is not a valid URL.`);
      }
      if (options.source.hostnames.has(hostName(url.hostname))) {
        throw new RenderError(
          400,
          'A mark, mask, blend or append image cannot come from the same source by its URL; give its path instead.',
        );
      }
      return fetchAbsolute(url, options);
    }
    if (options.source.type === 'webproxy') {
      // imgix: a relative mark of a web proxy source may take any path on the origin URL's host.
      const base = webProxyUrl(options.originPath);
      const resolved = new URL(address, base);
      if (resolved.host !== base.host) {
        throw new RenderError(400, `"${address}" does not stay on the host of the origin image.`);
      }
      return fetchAbsolute(resolved, options);
    }
    return fetchFromSource(address, options);
  };
}
