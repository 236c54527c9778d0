// Managed storage (`darkroom_storage`): the customer's files kept on this server's disk under
// `{managedStorageDir}/{sourceId}/` (a bucket in production), filled by the upload endpoint.
import { randomBytes } from 'node:crypto';
import { constants as fsConstants, createReadStream, createWriteStream, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import nodePath from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { limitBody } from '../net/limited-body.ts';
import { fromGuardedFetchError, storageError } from './errors.ts';
import { safeSegments } from './paths.ts';
import { originReadBuffers } from './read-buffers.ts';
import type {
  ListPage,
  StorageAdapter,
  StorageObject,
  StorageOptions,
  StorageRead,
} from './types.ts';
import { StorageError } from './types.ts';

const TYPE = 'darkroom_storage';
const PAGE_SIZE = 1000;
// Uploads land here first so a half-written file is never served under its real name.
const TEMP_PREFIX = '.upload-';
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

function contentTypeOf(path: string): string {
  return CONTENT_TYPES[nodePath.extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Ids name a folder on disk, so only the 24-hex ids the database hands out are accepted. */
function sourceRoot(directory: string, sourceId: string): string {
  if (!/^[0-9a-f]{24}$/.test(sourceId)) {
    throw new StorageError('origin_error', 'A managed source needs a valid source id.');
  }
  return nodePath.resolve(directory, sourceId);
}

/**
 * A path below the source root that cannot leave it: no `..`, `.`, empty segments, NUL,
 * backslashes or names starting with the temp prefix. Returns the cleaned relative path.
 */
export function sanitizeManagedPath(path: string): string | null {
  const segments = safeSegments(path.trim());
  if (segments === null || segments.length === 0) return null;
  if (segments.some((segment) => segment === '' || segment.startsWith(TEMP_PREFIX))) return null;
  return segments.join('/');
}

/** Files up to this size are read from disk in one read. */
const ONE_READ_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Real paths of folders in managed storage, which this server makes (uploads) and never moves
 * or swaps for links while it runs: every delivery of a managed file resolves its folder, and
 * each file-system call is a trip through the thread pool. Only successes are kept (a folder
 * created later resolves then); bounded so a long-lived process does not grow without end.
 */
const realFolders = new Map<string, string>();
const REAL_FOLDERS_MAX = 10_000;

async function realFolderOf(folder: string): Promise<string> {
  const known = realFolders.get(folder);
  if (known !== undefined) return known;
  const real = await fs.realpath(folder);
  if (realFolders.size >= REAL_FOLDERS_MAX) realFolders.clear();
  realFolders.set(folder, real);
  return real;
}

function isWithin(real: string, realRoot: string): boolean {
  return real === realRoot || real.startsWith(`${realRoot}${nodePath.sep}`);
}

/** The real location of `relative`, refusing anything that a symlink points out of the root. */
async function resolveInside(root: string, relative: string): Promise<string> {
  const target = nodePath.resolve(root, relative);
  let real: string;
  let realRoot: string;
  try {
    [real, realRoot] = await Promise.all([fs.realpath(target), realFolderOf(root)]);
  } catch {
    throw storageError('not_found', TYPE);
  }
  if (!isWithin(real, realRoot)) throw storageError('not_found', TYPE);
  return real;
}

/**
 * The real path of the file `relative` names, its folder resolved (and checked to be inside the
 * root) but not its name: the caller opens it with O_NOFOLLOW, which refuses a symlink there.
 */
async function fileInRealFolder(root: string, relative: string): Promise<string> {
  const target = nodePath.resolve(root, relative);
  let realFolder: string;
  let realRoot: string;
  try {
    [realFolder, realRoot] = await Promise.all([
      realFolderOf(nodePath.dirname(target)),
      realFolderOf(root),
    ]);
  } catch {
    throw storageError('not_found', TYPE);
  }
  if (!isWithin(realFolder, realRoot)) throw storageError('not_found', TYPE);
  return nodePath.join(realFolder, nodePath.basename(target));
}

function describeObject(relative: string, stats: Stats): StorageObject {
  return {
    path: relative,
    size: stats.size,
    contentType: contentTypeOf(relative),
    lastModified: stats.mtime,
    etag: `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
  };
}

async function describeFile(
  root: string,
  path: string,
): Promise<{ file: string; object: StorageObject }> {
  const relative = sanitizeManagedPath(path);
  if (relative === null) throw storageError('not_found', TYPE);
  const file = await resolveInside(root, relative);
  const stats = await fs.stat(file);
  if (!stats.isFile()) throw storageError('not_found', TYPE);
  return { file, object: describeObject(relative, stats) };
}

export function createManagedAdapter(options: StorageOptions, sourceId: string): StorageAdapter {
  const root = sourceRoot(options.managedStorageDir, sourceId);
  return {
    async verify() {
      // A managed source starts empty; its folder only needs to exist.
      await fs.mkdir(root, { recursive: true });
    },

    async list(prefix, cursor): Promise<ListPage> {
      const slash = prefix.lastIndexOf('/');
      const folder = slash === -1 ? '' : prefix.slice(0, slash);
      const namePrefix = prefix.slice(slash + 1);
      if (folder !== '' && sanitizeManagedPath(folder) === null) {
        return { objects: [], folders: [], cursor: null };
      }
      let directory: string;
      try {
        directory = folder === '' ? await fs.realpath(root) : await resolveInside(root, folder);
      } catch {
        return { objects: [], folders: [], cursor: null };
      }
      const entries = await fs.readdir(directory, { withFileTypes: true }).catch(() => []);
      // Symlinks are left out altogether rather than followed somewhere outside the root.
      const names = entries
        .filter(
          (entry) =>
            (entry.isFile() || entry.isDirectory()) &&
            entry.name.startsWith(namePrefix) &&
            !entry.name.startsWith(TEMP_PREFIX) &&
            (cursor == null || entry.name > cursor),
        )
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const page = names.slice(0, PAGE_SIZE);
      const base = folder === '' ? '' : `${folder}/`;
      const objects: StorageObject[] = [];
      const folders: string[] = [];
      for (const entry of page) {
        if (entry.isDirectory()) {
          folders.push(`${base}${entry.name}/`);
          continue;
        }
        const stats = await fs.stat(nodePath.join(directory, entry.name));
        objects.push({
          path: `${base}${entry.name}`,
          size: stats.size,
          contentType: contentTypeOf(entry.name),
          lastModified: stats.mtime,
          etag: null,
        });
      }
      const last = page[page.length - 1];
      return {
        objects,
        folders,
        cursor: names.length > PAGE_SIZE && last !== undefined ? last.name : null,
      };
    },

    async head(path) {
      return (await describeFile(root, path)).object;
    },

    async get(path, range) {
      const { file, object } = await describeFile(root, path);
      const size = object.size ?? 0;
      const start = range?.start ?? 0;
      const end = Math.min(range?.end ?? size - 1, size - 1);
      if (range !== undefined && start >= size) {
        throw new StorageError('origin_error', 'The requested range is not in the file.');
      }
      const length = Math.max(0, end - start + 1);
      if (length > options.maxBytes) throw storageError('too_large', TYPE);
      const stream = createReadStream(file, {
        start,
        end: Math.max(start, end),
        // One read for the whole file (it is read whole anyway, and is under maxBytes): a 64 KiB
        // default splits a 500 kB photo into eight reads, each a trip through the thread pool
        // and the stream machinery on the thread that also serves requests.
        highWaterMark: Math.min(Math.max(length, 1), ONE_READ_MAX_BYTES),
      });
      return {
        ...object,
        size: length,
        // Files on local disk carry no caching instructions of their own.
        cacheControl: null,
        body: limitBody(length === 0 ? emptyAfter(stream) : stream, {
          maxBytes: options.maxBytes,
          expectedLength: length,
          deadline: Date.now() + options.requestTimeoutMs,
          mapError: (error) => fromGuardedFetchError(error, TYPE, null),
        }),
      };
    },

    async readWhole(path): Promise<StorageRead> {
      // Three trips through the thread pool (open, fstat, read) where describeFile and a
      // stream take five (realpath, stat, open, read, close): under load each one waits for a
      // thread on cores busy rendering, on the way to every uncached answer.
      const relative = sanitizeManagedPath(path);
      if (relative === null) throw storageError('not_found', TYPE);
      const handle = await openFile(await fileInRealFolder(root, relative));
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) throw storageError('not_found', TYPE);
        if (stats.size > options.maxBytes) throw storageError('too_large', TYPE);
        const lease = originReadBuffers.lease(stats.size);
        try {
          await fill(handle, lease.bytes);
        } catch (error) {
          lease.release();
          throw error;
        }
        const object = describeObject(relative, stats);
        return { ...object, cacheControl: null, bytes: lease.bytes, release: lease.release };
      } finally {
        // Not awaited: what was read is complete, and closing need not delay the answer.
        handle.close().catch(() => {});
      }
    },
  };
}

/**
 * Opens a file for reading. O_NOFOLLOW refuses a symlink (the folder is already resolved);
 * O_NONBLOCK keeps a FIFO from holding a thread-pool thread (fstat then refuses it).
 */
async function openFile(file: string): Promise<fs.FileHandle> {
  try {
    const { O_RDONLY, O_NOFOLLOW, O_NONBLOCK } = fsConstants;
    return await fs.open(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (error) {
    throw storageError('not_found', TYPE, { cause: error });
  }
}

/**
 * Fills `target` from the start of the file, which fstat measured at `target.length` bytes. A
 * file that ends sooner changed while it was read: an error, never half an image.
 */
async function fill(handle: fs.FileHandle, target: Buffer): Promise<void> {
  let filled = 0;
  try {
    while (filled < target.length) {
      const { bytesRead } = await handle.read(target, filled, target.length - filled, filled);
      if (bytesRead === 0) {
        throw new StorageError('origin_error', 'The file changed while it was being read.');
      }
      filled += bytesRead;
    }
  } catch (error) {
    if (error instanceof StorageError) throw error;
    throw storageError('origin_error', TYPE, { cause: error });
  }
}

// createReadStream cannot read zero bytes (end is inclusive), so an empty file reads as an
// immediately ended stream.
function emptyAfter(stream: Readable): Readable {
  stream.destroy();
  return Readable.from([]);
}

/** An upload in a temporary file, not yet under its name; `head`: its first bytes, to sniff. */
export interface StagedFile {
  readonly head: Buffer;
  /** Moves it to its path, making the folders the path names, and describes it. */
  commit(): Promise<StorageObject>;
  discard(): Promise<void>;
}

/**
 * Writes an upload for `path` to a temporary file in the source's folder, which nothing lists or
 * serves, for the caller to commit once the rest of its request is known good, or discard.
 * Refuses paths that would leave the folder and uploads over `maxBytes` (StorageError
 * `too_large`); a stream that fails or ends early rejects with its error, the file removed.
 */
export async function stageManagedFile(
  directory: string,
  sourceId: string,
  path: string,
  stream: Readable,
  maxBytes: number,
): Promise<StagedFile> {
  const root = sourceRoot(directory, sourceId);
  const relative = sanitizeManagedPath(path);
  if (relative === null) {
    stream.resume();
    throw new StorageError('not_found', 'This is not a valid file path.');
  }
  await fs.mkdir(root, { recursive: true });
  const temp = nodePath.join(root, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`);
  let size = 0;
  let head = Buffer.alloc(0);
  const writer = createWriteStream(temp, { flags: 'wx', mode: 0o600 });
  // The writer opens its file asynchronously: wait until it is closed, or the temp file could
  // appear after it has been removed.
  const discard = async () => {
    if (!writer.closed) await new Promise<void>((resolve) => writer.once('close', () => resolve()));
    await fs.rm(temp, { force: true });
  };
  try {
    // pipeline also rejects for a stream destroyed before it started (ERR_STREAM_PREMATURE_CLOSE).
    await pipeline(
      stream,
      async function* count(source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length;
          if (size > maxBytes) throw storageError('too_large', TYPE);
          if (head.length < HEAD_BYTES) head = Buffer.concat([head, chunk]).subarray(0, HEAD_BYTES);
          yield chunk;
        }
      },
      writer,
    );
  } catch (error) {
    await discard();
    throw error;
  }
  return {
    head,
    discard,
    async commit() {
      const target = nodePath.resolve(root, relative);
      // Folders are made only for a complete upload, so a failed one leaves none behind. A
      // symlinked folder inside the root could point anywhere: check where the parent really is.
      await fs.mkdir(nodePath.dirname(target), { recursive: true });
      await resolveInside(root, nodePath.relative(root, nodePath.dirname(target)) || '.');
      await fs.rename(temp, target);
      return describeObject(relative, await fs.stat(target));
    },
  };
}

/** stageManagedFile, then commit at once: the file under its name, or nothing kept. */
export async function putManagedFile(
  directory: string,
  sourceId: string,
  path: string,
  stream: Readable,
  maxBytes: number,
): Promise<StorageObject> {
  const staged = await stageManagedFile(directory, sourceId, path, stream, maxBytes);
  return staged.commit().catch(async (error: unknown) => {
    await staged.discard();
    throw error;
  });
}
