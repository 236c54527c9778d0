// The object store on this server's disk (the data directory when OBJECT_STORE_URL is unset):
// an object is a file below the store's folder, written under a partial name and renamed into
// place whole, read without ever following a symbolic link out of the folder.
import { randomBytes } from 'node:crypto';
import { constants as fsConstants, createReadStream, createWriteStream, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import nodePath from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { storageError } from '../errors.ts';
import { originReadBuffers } from '../read-buffers.ts';
import { StorageError } from '../types.ts';
import { PARTIAL_PREFIX, isObjectKey, splitPrefix } from './keys.ts';
import type {
  ObjectBytes,
  ObjectListing,
  ObjectRange,
  ObjectStore,
  ObjectStream,
  PendingObject,
  StageOptions,
  StoredObject,
} from './types.ts';

// The files this store holds are Darkroom Storage's: its failures are worded as that source type's.
const TYPE = 'darkroom_storage';
const PAGE_SIZE = 1000;
/** Files up to this size are read from disk in one read. */
const ONE_READ_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Real paths of folders in the store, which this server makes and never moves or swaps for
 * links while it runs: every delivery of a stored file resolves its folder, and each file-system
 * call is a trip through the thread pool. Only successes are kept (a folder created later
 * resolves then); bounded so a long-lived process does not grow without end.
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

const notFound = (cause?: unknown): StorageError => storageError('not_found', TYPE, { cause });

/** The real location of `relative`, refusing anything that a symlink points out of the root. */
async function resolveInside(root: string, relative: string): Promise<string> {
  const target = nodePath.resolve(root, relative);
  let real: string;
  let realRoot: string;
  try {
    [real, realRoot] = await Promise.all([fs.realpath(target), realFolderOf(root)]);
  } catch (error) {
    throw notFound(error);
  }
  if (!isWithin(real, realRoot)) throw notFound();
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
  } catch (error) {
    throw notFound(error);
  }
  if (!isWithin(realFolder, realRoot)) throw notFound();
  return nodePath.join(realFolder, nodePath.basename(target));
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
    throw notFound(error);
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

function describe(key: string, stats: Stats): StoredObject {
  return {
    key,
    size: stats.size,
    lastModified: stats.mtime,
    etag: `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
  };
}

/** The store of the files below `root` (created as files are written). */
export function localObjectStore(root: string): ObjectStore {
  const base = nodePath.resolve(root);

  async function statFile(key: string): Promise<{ file: string; stats: Stats }> {
    if (!isObjectKey(key)) throw notFound();
    const file = await resolveInside(base, key);
    const stats = await fs.stat(file).catch((error: unknown) => {
      throw notFound(error);
    });
    if (!stats.isFile()) throw notFound();
    return { file, stats };
  }

  return {
    location: base,

    within(folder) {
      if (!isObjectKey(folder)) throw notFound();
      return localObjectStore(nodePath.join(base, folder));
    },

    async stage(key, body, options) {
      return stageFile(base, key, body, options);
    },

    async head(key) {
      return describe(key, (await statFile(key)).stats);
    },

    async get(key, range?: ObjectRange): Promise<ObjectStream> {
      const { file, stats } = await statFile(key);
      const size = stats.size;
      const start = range?.start ?? 0;
      const end = Math.min(range?.end ?? size - 1, size - 1);
      if (range !== undefined && start >= size) {
        throw new StorageError('origin_error', 'The requested range is not in the file.');
      }
      const length = Math.max(0, end - start + 1);
      // createReadStream cannot read zero bytes (its end is inclusive).
      const body =
        length === 0
          ? Readable.from([])
          : createReadStream(file, {
              start,
              end,
              // One read for the whole file (it is read whole anyway): a 64 KiB default splits a
              // 500 kB photo into eight reads, each a trip through the thread pool and the stream
              // machinery on the thread that also serves requests.
              highWaterMark: Math.min(length, ONE_READ_MAX_BYTES),
            });
      return { ...describe(key, stats), length, body };
    },

    async readWhole(key, maxBytes): Promise<ObjectBytes> {
      // Three trips through the thread pool (open, fstat, read) where a stat and a stream take
      // five (realpath, stat, open, read, close): under load each one waits for a thread on
      // cores busy rendering, on the way to every uncached answer.
      if (!isObjectKey(key)) throw notFound();
      const handle = await openFile(await fileInRealFolder(base, key));
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) throw notFound();
        if (stats.size > maxBytes) throw storageError('too_large', TYPE);
        const lease = originReadBuffers.lease(stats.size);
        try {
          await fill(handle, lease.bytes);
        } catch (error) {
          lease.release();
          throw error;
        }
        return { ...describe(key, stats), bytes: lease.bytes, release: lease.release };
      } finally {
        // Not awaited: what was read is complete, and closing need not delay the answer.
        handle.close().catch(() => {});
      }
    },

    async list(prefix, cursor, pageSize = PAGE_SIZE): Promise<ObjectListing> {
      const empty: ObjectListing = { objects: [], folders: [], cursor: null };
      const { folder, namePrefix } = splitPrefix(prefix);
      if (folder !== '' && !isObjectKey(folder)) return empty;
      let directory: string;
      try {
        directory = folder === '' ? await fs.realpath(base) : await resolveInside(base, folder);
      } catch {
        return empty;
      }
      const entries = await fs.readdir(directory, { withFileTypes: true }).catch(() => []);
      // Symlinks are left out altogether rather than followed somewhere outside the root, and
      // files still being written are nobody's yet.
      const names = entries
        .filter(
          (entry) =>
            (entry.isFile() || entry.isDirectory()) &&
            entry.name.startsWith(namePrefix) &&
            !entry.name.startsWith(PARTIAL_PREFIX) &&
            (cursor == null || entry.name > cursor),
        )
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const page = names.slice(0, pageSize);
      const keyBase = folder === '' ? '' : `${folder}/`;
      const objects: StoredObject[] = [];
      const folders: string[] = [];
      for (const entry of page) {
        if (entry.isDirectory()) {
          folders.push(`${keyBase}${entry.name}/`);
          continue;
        }
        // A file removed since the folder was read is simply no longer there.
        const stats = await fs.stat(nodePath.join(directory, entry.name)).catch(() => null);
        if (stats !== null) objects.push(describe(`${keyBase}${entry.name}`, stats));
      }
      const last = page[page.length - 1];
      return {
        objects,
        folders,
        cursor: names.length > pageSize && last !== undefined ? last.name : null,
      };
    },

    async delete(key) {
      if (!isObjectKey(key)) return;
      let file: string;
      try {
        file = await fileInRealFolder(base, key);
      } catch {
        return;
      }
      const stats = await fs.lstat(file).catch(() => null);
      if (stats === null || stats.isDirectory()) return;
      await fs.rm(file, { force: true });
    },

    close() {},
  };
}

/**
 * Writes `body` to a partial file in the store's folder, which nothing lists or reads, for the
 * caller to rename into place or remove. The folders of the key are made only on commit, so a
 * failed upload leaves none behind.
 */
async function stageFile(
  base: string,
  key: string,
  body: AsyncIterable<Buffer>,
  options: StageOptions,
): Promise<PendingObject> {
  if (!isObjectKey(key)) throw new StorageError('not_found', 'This is not a valid file path.');
  await fs.mkdir(base, { recursive: true });
  const partial = nodePath.join(base, `${PARTIAL_PREFIX}${randomBytes(8).toString('hex')}`);
  let size = 0;
  const writer = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
  // The writer opens its file asynchronously: wait until it is closed, or the partial file could
  // appear after it has been removed.
  const discard = async () => {
    if (!writer.closed) await new Promise<void>((resolve) => writer.once('close', () => resolve()));
    await fs.rm(partial, { force: true });
  };
  try {
    // pipeline also rejects for a stream destroyed before it started (ERR_STREAM_PREMATURE_CLOSE).
    await pipeline(
      body,
      async function* count(source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length;
          if (size > options.maxBytes) throw storageError('too_large', TYPE);
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
    size,
    discard,
    async commit() {
      const target = nodePath.resolve(base, key);
      // A symlinked folder inside the root could point anywhere: check where the parent really is.
      await fs.mkdir(nodePath.dirname(target), { recursive: true });
      await resolveInside(base, nodePath.relative(base, nodePath.dirname(target)) || '.');
      await fs.rename(partial, target);
      return describe(key, await fs.stat(target));
    },
  };
}
