// Reads an origin image whole through the source's storage adapter (which enforces the byte
// cap, timeouts and the SSRF guard) and says what a failure means for the answer.
import { performance } from 'node:perf_hooks';
import { readAll } from '../net/read-all.ts';
import { StorageError, type StorageAdapter, type StorageBody } from '../storage/types.ts';

export interface OriginImage {
  bytes: Buffer;
  /**
   * The origin's Cache-Control, for cache_ttl_behavior "default" and "minimum". Adapters that
   * can read it (HTTP origins, S3 metadata) put it on the StorageBody as `cacheControl`.
   */
  cacheControl: string | null;
  fetchMs: number;
  /**
   * Gives `bytes` back to the pool it was read into (storage/read-buffers.ts); a no-op for
   * streamed origins. Call it only once nothing reads `bytes` any more, or not at all.
   */
  release(): void;
}

/** Why an origin read failed, as delivery answers it (imgix status codes). */
export class OriginFailure extends Error {
  /** 404 missing, 403 refused by the origin, 413 too large, 502 origin error, 504 timeout. */
  readonly status: 403 | 404 | 413 | 502 | 504;

  constructor(status: OriginFailure['status'], message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OriginFailure';
    this.status = status;
  }
}

function toFailure(error: unknown): OriginFailure {
  if (error instanceof OriginFailure) return error;
  if (!(error instanceof StorageError)) {
    return new OriginFailure(502, 'The origin could not be read.', { cause: error });
  }
  switch (error.kind) {
    case 'not_found':
    case 'bucket_not_found':
      return new OriginFailure(404, 'The image does not exist at the origin.', { cause: error });
    case 'too_large':
      return new OriginFailure(413, 'The origin image is larger than this server accepts.', {
        cause: error,
      });
    case 'timeout':
      return new OriginFailure(504, 'The origin did not answer in time.', { cause: error });
    case 'access_denied':
      return new OriginFailure(403, 'The origin refused access to the image.', { cause: error });
    case 'invalid_endpoint':
      // A web proxy path that is no http(s) URL: the request is wrong, not the origin.
      return new OriginFailure(404, 'The path does not name an image this source can fetch.', {
        cause: error,
      });
    default:
      return new OriginFailure(502, 'The origin could not be read.', { cause: error });
  }
}

/** Reads `path` through `adapter`; throws OriginFailure. */
export async function fetchOriginImage(
  adapter: StorageAdapter,
  path: string,
): Promise<OriginImage> {
  const started = performance.now();
  try {
    if (adapter.readWhole !== undefined) {
      const read = await adapter.readWhole(path);
      return {
        bytes: read.bytes,
        cacheControl: read.cacheControl,
        fetchMs: Math.round(performance.now() - started),
        release: read.release,
      };
    }
    const object: StorageBody = await adapter.get(path);
    const bytes = await readAll(object.body);
    return {
      bytes,
      cacheControl: object.cacheControl,
      fetchMs: Math.round(performance.now() - started),
      release: () => {},
    };
  } catch (error) {
    throw toFailure(error);
  }
}
