import type { Readable } from 'node:stream';
import type { ObjectStore } from './object-store/types.ts';
import type { OriginAuth } from './origin-auth.ts';

/** One object (file) at an origin, addressed by its path relative to the source's root. */
export interface StorageObject {
  /** Path below the source root, without a leading slash, e.g. `photos/cat.jpg`. */
  path: string;
  size: number | null;
  contentType: string | null;
  lastModified: Date | null;
  etag: string | null;
}

export interface ListPage {
  objects: StorageObject[];
  /** Sub-folders directly below the prefix, each ending with `/`. */
  folders: string[];
  /** Pass back to `list` for the next page; null on the last page. */
  cursor: string | null;
}

export interface ByteRange {
  start: number;
  /** Inclusive; omitted means to the end. */
  end?: number;
}

export interface StorageBody extends StorageObject {
  /** The origin's own Cache-Control, when it states one (delivery's "Respect origin" TTL). */
  cacheControl: string | null;
  /**
   * The bytes, as a stream that errors (never ends early and cleanly) when the origin stops
   * short or the byte cap is passed, so a partial object is never taken for a whole one.
   */
  body: Readable;
}

/** A whole object read into memory, in a buffer the reader gives back with `release()`. */
export interface StorageRead extends StorageObject {
  cacheControl: string | null;
  bytes: Buffer;
  /** Returns the buffer for reuse; call it only once nothing reads `bytes` any more. */
  release(): void;
}

/**
 * Why an origin call failed, in words the API maps to spec platform section 8. `field` names
 * the configuration field to blame when one is clearly at fault.
 */
export type StorageErrorKind =
  | 'invalid_credentials'
  | 'invalid_access_key'
  | 'invalid_secret_key'
  | 'bucket_not_found'
  | 'invalid_bucket_name'
  | 'invalid_region'
  | 'invalid_endpoint'
  | 'invalid_host'
  | 'invalid_sas'
  | 'access_denied'
  | 'not_found'
  | 'too_large'
  | 'timeout'
  | 'blocked_address'
  | 'unreachable'
  | 'origin_error';

export class StorageError extends Error {
  readonly kind: StorageErrorKind;
  readonly field: string | null;

  constructor(
    kind: StorageErrorKind,
    message: string,
    options: { field?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'StorageError';
    this.kind = kind;
    this.field = options.field ?? null;
  }
}

/** One interface over every origin kind (docs/ARCHITECTURE.md, "Server layers": storage/). */
export interface StorageAdapter {
  /** Proves the configuration works: lists or reads the bucket, container, share or base URL. */
  verify(): Promise<void>;
  list(prefix: string, cursor?: string | null): Promise<ListPage>;
  /** Metadata of one object; throws StorageError `not_found` when it does not exist. */
  head(path: string): Promise<StorageObject>;
  get(path: string, range?: ByteRange): Promise<StorageBody>;
  /**
   * Reads a whole object into a reused buffer, for adapters that can do better than a stream
   * (files on this server's disk). Optional: delivery streams through `get` where it is absent.
   */
  readWhole?(path: string): Promise<StorageRead>;
  /**
   * Receives a file for `path` without making it visible until `commit` (an S3 multipart upload,
   * Azure blocks not yet committed). Only storage services Darkroom can write (S3 protocol, Azure
   * containers), with the source's upload credentials (storage/upload-credentials.ts).
   */
  stage?(path: string, body: AsyncIterable<Buffer>, options: WriteOptions): Promise<PendingWrite>;
  /** Deletes one object; an object already gone is no error. Same adapters as `stage`. */
  remove?(path: string): Promise<void>;
}

export interface WriteOptions {
  /** More bytes than this refuse the write (StorageError `too_large`), nothing kept. */
  maxBytes: number;
  /** The Content-Type stored with the object, which delivery answers with. */
  contentType: string;
}

/** A write received whole but not yet visible at its path. */
export interface PendingWrite {
  readonly size: number;
  commit(): Promise<StorageObject>;
  discard(): Promise<void>;
}

/** Limits and switches every adapter obeys; the server builds this from its config. */
export interface StorageOptions {
  /** Sends every S3-protocol call to this endpoint (tests, self-hosted S3 servers). */
  s3EndpointOverride: string | null;
  /** Lets origins on private or loopback addresses through: local development and tests only. */
  allowPrivateOrigins: boolean;
  /** Largest object read, in bytes (default 50 MB). */
  maxBytes: number;
  connectTimeoutMs: number;
  requestTimeoutMs: number;
  maxRedirects: number;
  /**
   * Managed storage (`darkroom_storage`) files, `{sourceId}/{path}`: the `managed/` folder of the
   * install's object store (the demo source's options: the images shipped with the server).
   */
  managedFiles: ObjectStore;
  /**
   * Replaces the Azure account URL (`https://{account}.blob.core.windows.net`, or `.file.`)
   * for every Azure call, e.g. `http://127.0.0.1:10000/devstoreaccount1` for Azurite in tests.
   */
  azureEndpointOverride?: string | null;
}

/** What an adapter needs to know about the source it serves (managed storage keys by id). */
export interface StorageContext {
  sourceId?: string;
  /** Web folders and web proxies: the headers that authenticate Darkroom to the origin. */
  originAuth?: OriginAuth | null;
}
