// Managed storage (`darkroom_storage`): the customer's files, kept by Darkroom in the install's
// object store under `managed/{sourceId}/` (the data directory, or OBJECT_STORE_URL's bucket
// that every process shares), filled by the upload endpoints.
import nodePath from 'node:path';
import type { Readable } from 'node:stream';
import { limitBody } from '../net/limited-body.ts';
import { fromGuardedFetchError, storageError } from './errors.ts';
import { MANAGED_FOLDER, type ObjectStore, type StoredObject } from './object-store/index.ts';
import { PARTIAL_PREFIX } from './object-store/keys.ts';
import { safeSegments } from './paths.ts';
import type { ListPage, StorageAdapter, StorageObject, StorageOptions } from './types.ts';
import { StorageError } from './types.ts';

const TYPE = 'darkroom_storage';
/** Bytes of an upload kept in memory as they pass, enough to recognise its format. */
const HEAD_BYTES = 512;

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.avif': 'image/avif',
  '.bmp': 'image/bmp',
  '.gif': 'image/gif',
  '.heic': 'image/heic',
  '.jpeg': 'image/jpeg',
  '.jpg': 'image/jpeg',
  '.json': 'application/json',
  '.mov': 'video/quicktime',
  '.mp4': 'video/mp4',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.webm': 'video/webm',
  '.webp': 'image/webp',
};

/** The media type a stored file's name says (its extension); octet-stream for any other. */
export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[nodePath.extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** The managed storage files of every source, `{sourceId}/{path}`, in the install's store. */
export function managedFilesOf(store: ObjectStore): ObjectStore {
  return store.within(MANAGED_FOLDER);
}

/** Ids name a folder, so only the 24-hex ids the database hands out are accepted. */
function filesOfSource(managedFiles: ObjectStore, sourceId: string): ObjectStore {
  if (!/^[0-9a-f]{24}$/.test(sourceId)) {
    throw new StorageError('origin_error', 'A managed source needs a valid source id.');
  }
  return managedFiles.within(sourceId);
}

/**
 * A path below the source root that cannot leave it: no `..`, `.`, empty segments, NUL,
 * backslashes or names starting with the prefix of files being written. Returns the cleaned
 * relative path.
 */
export function sanitizeManagedPath(path: string): string | null {
  const segments = safeSegments(path.trim());
  if (segments === null || segments.length === 0) return null;
  if (segments.some((segment) => segment === '' || segment.startsWith(PARTIAL_PREFIX))) return null;
  return segments.join('/');
}

function describeObject(object: StoredObject): StorageObject {
  return {
    path: object.key,
    size: object.size,
    contentType: contentTypeOf(object.key),
    lastModified: object.lastModified,
    etag: object.etag,
  };
}

function relativePath(path: string): string {
  const relative = sanitizeManagedPath(path);
  if (relative === null) throw storageError('not_found', TYPE);
  return relative;
}

export function createManagedAdapter(options: StorageOptions, sourceId: string): StorageAdapter {
  const files = filesOfSource(options.managedFiles, sourceId);
  return {
    async verify() {
      // A managed source starts empty: the store only needs to answer.
      await files.list('', null);
    },

    async list(prefix, cursor): Promise<ListPage> {
      const page = await files.list(prefix, cursor);
      return {
        objects: page.objects.map((object) => ({ ...describeObject(object), etag: null })),
        folders: page.folders,
        cursor: page.cursor,
      };
    },

    async head(path) {
      return describeObject(await files.head(relativePath(path)));
    },

    async get(path, range) {
      const object = await files.get(relativePath(path), range);
      if (object.length > options.maxBytes) {
        object.body.destroy();
        throw storageError('too_large', TYPE);
      }
      return {
        ...describeObject(object),
        size: object.length,
        // Stored files carry no caching instructions of their own.
        cacheControl: null,
        body: limitBody(object.body, {
          maxBytes: options.maxBytes,
          expectedLength: object.length,
          deadline: Date.now() + options.requestTimeoutMs,
          mapError: (error) => fromGuardedFetchError(error, TYPE, null),
        }),
      };
    },

    async readWhole(path) {
      const read = await files.readWhole(relativePath(path), options.maxBytes);
      return {
        ...describeObject(read),
        cacheControl: null,
        bytes: read.bytes,
        release: read.release,
      };
    },
  };
}

/** An upload received whole but not yet under its name; `head`: its first bytes, to sniff. */
export interface StagedFile {
  readonly head: Buffer;
  /** Puts it under its path (replacing a file there) and describes it. */
  commit(): Promise<StorageObject>;
  discard(): Promise<void>;
}

/**
 * Receives an upload for `path` of a source into the store without making it visible, for the
 * caller to commit once the rest of its request is known good, or discard. Refuses paths that
 * would leave the source's folder and uploads over `maxBytes` (StorageError `too_large`); a
 * stream that fails or ends early rejects with its error, nothing kept.
 */
export async function stageManagedFile(
  managedFiles: ObjectStore,
  sourceId: string,
  path: string,
  stream: Readable,
  maxBytes: number,
): Promise<StagedFile> {
  const files = filesOfSource(managedFiles, sourceId);
  const relative = sanitizeManagedPath(path);
  if (relative === null) {
    stream.resume();
    throw new StorageError('not_found', 'This is not a valid file path.');
  }
  let head = Buffer.alloc(0);
  // Iterated, not piped: a store that gives up returns from the loop, which destroys `stream`,
  // and a stream that fails or was destroyed before its end throws into the store.
  async function* sniffed(): AsyncGenerator<Buffer> {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk]).subarray(0, HEAD_BYTES);
      yield chunk;
    }
  }
  const pending = await files.stage(relative, sniffed(), {
    maxBytes,
    contentType: contentTypeOf(relative),
  });
  return {
    head,
    discard: () => pending.discard(),
    commit: async () => describeObject(await pending.commit()),
  };
}

/** stageManagedFile, then commit at once: the file under its name, or nothing kept. */
export async function putManagedFile(
  managedFiles: ObjectStore,
  sourceId: string,
  path: string,
  stream: Readable,
  maxBytes: number,
): Promise<StorageObject> {
  const staged = await stageManagedFile(managedFiles, sourceId, path, stream, maxBytes);
  return staged.commit().catch(async (error: unknown) => {
    await staged.discard();
    throw error;
  });
}
