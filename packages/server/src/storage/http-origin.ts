// head() and get() of one object over HTTP through the guarded fetch: what the web folder and
// web proxy adapters share once each has turned a path into an address.
import { Readable } from 'node:stream';
import type { Agent } from 'undici';
import { GuardedFetchError } from '../net/guarded-fetch-error.ts';
import { guardedFetch, headerValue, type GuardedResponse } from '../net/guarded-fetch.ts';
import { fromGuardedFetchError, storageError } from './errors.ts';
import { originAuthForHops, type OriginAuth } from './origin-auth.ts';
import type { ByteRange, StorageBody, StorageObject, StorageOptions } from './types.ts';
import { StorageError } from './types.ts';

export interface HttpOrigin {
  /** The source type, for the catalogue's wording. */
  type: 'webfolder' | 'webproxy';
  /** The configuration field that holds the address, or null (web proxy: the request path). */
  field: string | null;
  options: StorageOptions;
  /** A guarded Agent with its own resolver (tests); the shared one otherwise. */
  agent?: Agent;
  /** The source's origin authentication, sent on every fetch and never to another host. */
  auth?: OriginAuth | null;
}

/** Fetches through the guard and maps every failure to a StorageError. */
export async function fetchOrigin(
  origin: HttpOrigin,
  url: URL,
  request: { method: 'GET' | 'HEAD'; range?: ByteRange },
): Promise<GuardedResponse> {
  const { options } = origin;
  const hopHeaders = originAuthForHops(origin.auth, url);
  try {
    return await guardedFetch(url, {
      allowPrivateOrigins: options.allowPrivateOrigins,
      maxBytes: options.maxBytes,
      connectTimeoutMs: options.connectTimeoutMs,
      requestTimeoutMs: options.requestTimeoutMs,
      maxRedirects: options.maxRedirects,
      method: request.method,
      ...(request.range === undefined ? {} : { range: request.range }),
      ...(origin.agent === undefined ? {} : { agent: origin.agent }),
      ...(hopHeaders === undefined ? {} : { hopHeaders }),
      mapBodyError: (error) => fromGuardedFetchError(error, origin.type, null),
    });
  } catch (error) {
    if (error instanceof GuardedFetchError) {
      throw fromGuardedFetchError(error, origin.type, origin.field);
    }
    throw error;
  }
}

function failureFor(origin: HttpOrigin, status: number): StorageError {
  if (status === 404 || status === 410) return storageError('not_found', origin.type);
  if (status === 401 || status === 403) return storageError('access_denied', origin.type);
  return new StorageError('origin_error', `The origin answered with HTTP status ${status}.`);
}

function describe(path: string, response: GuardedResponse, size: number | null): StorageObject {
  const modified = headerValue(response.headers, 'last-modified');
  const date = modified === null ? null : new Date(modified);
  return {
    path,
    size,
    contentType: headerValue(response.headers, 'content-type'),
    lastModified: date === null || Number.isNaN(date.getTime()) ? null : date,
    etag: headerValue(response.headers, 'etag'),
  };
}

/** The full size from `Content-Range: bytes 0-0/1234`, or null. */
function totalFromContentRange(value: string | null): number | null {
  const match = value === null ? null : /\/(\d+)\s*$/.exec(value);
  return match?.[1] === undefined ? null : Number(match[1]);
}

export async function headOrigin(
  origin: HttpOrigin,
  path: string,
  url: URL,
): Promise<StorageObject> {
  const response = await fetchOrigin(origin, url, { method: 'HEAD' });
  response.body.resume();
  if (response.status >= 200 && response.status < 300) {
    return describe(path, response, response.contentLength);
  }
  if (response.status !== 405 && response.status !== 501) throw failureFor(origin, response.status);
  // Some servers refuse HEAD; one byte of a GET tells the same.
  const probe = await fetchOrigin(origin, url, { method: 'GET', range: { start: 0, end: 0 } });
  probe.body.destroy();
  if (probe.status === 206) {
    return describe(
      path,
      probe,
      totalFromContentRange(headerValue(probe.headers, 'content-range')),
    );
  }
  if (probe.status >= 200 && probe.status < 300) return describe(path, probe, probe.contentLength);
  throw failureFor(origin, probe.status);
}

export async function getOrigin(
  origin: HttpOrigin,
  path: string,
  url: URL,
  range: ByteRange | undefined,
): Promise<StorageBody> {
  const response = await fetchOrigin(origin, url, {
    method: 'GET',
    ...(range === undefined ? {} : { range }),
  });
  if (response.status < 200 || response.status >= 300) {
    response.body.destroy();
    throw failureFor(origin, response.status);
  }
  const { body } = response;
  const cacheControl = headerValue(response.headers, 'cache-control');
  if (range !== undefined && response.status === 200) {
    // The origin ignored the Range header and sent the whole file: cut the range out here.
    return {
      ...describe(path, response, rangeLength(range, response.contentLength)),
      cacheControl,
      body: sliceStream(body, range),
    };
  }
  return { ...describe(path, response, response.contentLength), cacheControl, body };
}

function rangeLength(range: ByteRange, total: number | null): number | null {
  if (total === null) return range.end === undefined ? null : range.end - range.start + 1;
  const end = Math.min(range.end ?? total - 1, total - 1);
  return Math.max(0, end - range.start + 1);
}

/** Passes on only bytes `start`..`end` (inclusive) of a stream. */
function sliceStream(source: Readable, range: ByteRange): Readable {
  let offset = 0;
  const end = range.end ?? Number.POSITIVE_INFINITY;
  async function* slice() {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      const chunkStart = offset;
      offset += chunk.length;
      if (offset <= range.start) continue;
      const from = Math.max(0, range.start - chunkStart);
      const to = Math.min(chunk.length, end - chunkStart + 1);
      if (to > from) yield chunk.subarray(from, to);
      if (offset > end) {
        source.destroy();
        return;
      }
    }
  }
  return Readable.from(slice());
}
