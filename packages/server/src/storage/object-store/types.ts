// The files Darkroom itself creates (managed storage uploads, generated videos) live in one
// object store per install: the data directory, or an S3-protocol bucket every process reaches.
import type { Readable } from 'node:stream';

/** Bytes `start` to `end` (inclusive; omitted: to the end), as HTTP ranges count them. */
export interface ObjectRange {
  start: number;
  end?: number;
}

/** One stored object; `key` is relative to the store it was read from. */
export interface StoredObject {
  key: string;
  size: number;
  lastModified: Date;
  /** Changes whenever the bytes do (quoted, as HTTP and S3 write it). */
  etag: string;
}

/** An object's bytes (or a range of them) as a stream of exactly `length` bytes. */
export interface ObjectStream extends StoredObject {
  /** Bytes `body` carries: the range's length, or the whole size. */
  length: number;
  body: Readable;
}

/** A whole object in a buffer the reader gives back with `release()`. */
export interface ObjectBytes extends StoredObject {
  bytes: Buffer;
  /** Returns the buffer for reuse; call it only once nothing reads `bytes` any more. */
  release(): void;
}

export interface ObjectListing {
  objects: StoredObject[];
  /** Folders directly below the listed prefix, each ending with `/`. */
  folders: string[];
  /** Pass back to `list` for the next page; null on the last page. */
  cursor: string | null;
}

/** Bytes received whole but not yet visible under their key. */
export interface PendingObject {
  size: number;
  /** Makes the object visible under its key at once (replacing any object there). */
  commit(): Promise<StoredObject>;
  /** Throws the bytes away; nothing was ever visible. */
  discard(): Promise<void>;
}

export interface StageOptions {
  /** Larger bodies are refused with StorageError `too_large` and nothing is kept. */
  maxBytes: number;
  /** Recorded where the store keeps a media type (S3's Content-Type). */
  contentType: string;
}

/**
 * One interface over both back ends (docs/ARCHITECTURE.md, "Where data lives"). Keys are
 * relative paths (`a/b.png`): no empty, `.` or `..` segment, NUL or backslash; a key that is not
 * is never found. Missing objects throw StorageError `not_found`; an unreachable store throws
 * StorageError `unreachable` or `timeout`.
 */
export interface ObjectStore {
  /** Where the store is, for logs and messages: a folder, or `s3://bucket/prefix`. */
  readonly location: string;
  /**
   * The objects below `folder/` as a store of their own, keys relative to it. On the data
   * directory nothing read through it leaves that folder, even by a symbolic link.
   */
  within(folder: string): ObjectStore;
  /**
   * Receives `body` whole without making it visible: a body that fails, ends early or passes
   * `maxBytes` rejects, and nothing of it is ever listed or read. The bytes are streamed to
   * the store (a bounded part at a time), never held whole in memory. The body is read by
   * iteration, so a store that gives up ends it (a stream is destroyed).
   */
  stage(key: string, body: AsyncIterable<Buffer>, options: StageOptions): Promise<PendingObject>;
  head(key: string): Promise<StoredObject>;
  /** The object, or a range of it; a range that starts past its end is StorageError `origin_error`. */
  get(key: string, range?: ObjectRange): Promise<ObjectStream>;
  /** The whole object in a pooled buffer; over `maxBytes` is StorageError `too_large`. */
  readWhole(key: string, maxBytes: number): Promise<ObjectBytes>;
  /**
   * One page (of at most `pageSize` entries, 1000 by default) of the objects and folders
   * directly below a prefix (`albums/`, `albums/ca`).
   */
  list(prefix: string, cursor?: string | null, pageSize?: number): Promise<ObjectListing>;
  /** Removes the object; a key with no object is no error. */
  delete(key: string): Promise<void>;
  /** Lets go of connections (the S3 client's sockets). */
  close(): void;
}

/** Stages `body` at `key` and commits it at once: the whole object visible, or nothing. */
export async function putObject(
  store: ObjectStore,
  key: string,
  body: AsyncIterable<Buffer>,
  options: StageOptions,
): Promise<StoredObject> {
  const pending = await store.stage(key, body, options);
  try {
    return await pending.commit();
  } catch (error) {
    await pending.discard();
    throw error;
  }
}
