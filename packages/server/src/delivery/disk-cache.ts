// Rendered outputs on disk under DATA_DIR/render-cache: a size-capped LRU, since it is only a
// cache (docs/ARCHITECTURE.md, "Where data lives").
// Layout `{sourceId}/{pathHash[0..2]}/{pathHash}/{key}.render`, so purging one origin path (all
// its variants) or a whole source is removing one folder. Each file holds a small JSON header
// (content type, ETag, ...) and the bytes; it is written under a temporary name and renamed, so
// a reader never sees half a file.
// Cluster workers (WORKERS) share the folder, each indexing a part of it (DiskCacheShare): any
// worker reads any render, a render job's result included, whichever worker made it.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { CachedRender, RenderLocation } from './cached-render.ts';

const MAGIC = Buffer.from('DRC1');
const SUFFIX = '.render';
const TEMP_SUFFIX = '.tmp';
/**
 * The id of the last cluster event the renders in the folder reflect (cluster-events/): a process
 * started again on the folder applies the purges made since, which it was not there to hear.
 */
const EVENT_CURSOR_FILE = '.cluster-event-id';
/**
 * The origin path of a path's folder, written beside its renders: the folder is named by the
 * path's hash, and a purge by path prefix needs the path itself.
 */
const ORIGIN_PATH_FILE = '.origin-path';
/** A temporary file older than this was left by a process that died while writing it. */
const ABANDONED_TEMP_MS = 10 * 60_000;

type Header = Omit<CachedRender, 'body'>;

/** This process's part of a folder that `of` processes share, as slot `slot` of them. */
export interface DiskCacheShare {
  readonly slot: number;
  readonly of: number;
}

export interface DiskCacheOptions {
  directory: string;
  /** 0 turns the disk cache off. */
  maxBytes: number;
  /**
   * Shared with other processes: this one keeps `maxBytes / of` of renders, those it writes and
   * its slot's part of those found at start, so that together they keep the cap, each file in
   * one index; a render another process wrote is read but left to that process's index.
   */
  share?: DiskCacheShare;
  onError?: (error: unknown) => void;
}

/**
 * The file's parts, written one after the other: joining them first would copy the body on the
 * event loop (about 400 ms for a 54 MB PNG, with every other request waiting).
 */
function encode(render: CachedRender): Buffer[] {
  const { body, ...header } = render;
  const json = Buffer.from(JSON.stringify(header satisfies Header));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return [Buffer.concat([MAGIC, length, json]), body];
}

function decode(file: Buffer): CachedRender | null {
  if (file.length < 8 || !file.subarray(0, 4).equals(MAGIC)) return null;
  const length = file.readUInt32BE(4);
  if (8 + length > file.length) return null;
  try {
    const header = JSON.parse(file.subarray(8, 8 + length).toString('utf8')) as Header;
    return { ...header, body: file.subarray(8 + length) };
  } catch {
    return null;
  }
}

async function olderThan(file: string, ageMs: number): Promise<boolean> {
  const stats = await fs.stat(file).catch(() => null);
  return stats !== null && Date.now() - stats.mtimeMs > ageMs;
}

export class DiskRenderCache {
  readonly #directory: string;
  readonly #maxBytes: number;
  readonly #enabled: boolean;
  readonly #share: DiskCacheShare | null;
  readonly #onError: (error: unknown) => void;
  // File -> size, in least-recently-used-first order (Map iteration order).
  #index = new Map<string, number>();
  #bytes = 0;
  #evicting = false;

  constructor(options: DiskCacheOptions) {
    this.#directory = options.directory;
    this.#enabled = options.maxBytes > 0;
    this.#share = options.share ?? null;
    this.#maxBytes = Math.floor(options.maxBytes / (this.#share?.of ?? 1));
    this.#onError = options.onError ?? (() => undefined);
  }

  get enabled(): boolean {
    return this.#enabled;
  }

  /**
   * Indexes the files a previous run left, oldest first by modification time, so the cap holds
   * across restarts. Runs in the background; renders written meanwhile count as the newest.
   */
  async start(): Promise<void> {
    if (!this.enabled) return;
    // The folder appears with the first render written; a server that never renders leaves none.
    const names = await fs.readdir(this.#directory, { recursive: true }).catch(() => []);
    const found: { file: string; size: number; mtime: number }[] = [];
    for (const name of names) {
      const file = path.join(this.#directory, name);
      if (name.endsWith(TEMP_SUFFIX)) {
        // A process that died while writing left this behind; in a shared folder, a young one
        // may be another process's write in progress.
        if (this.#share === null || (await olderThan(file, ABANDONED_TEMP_MS))) {
          await fs.rm(file, { force: true });
        }
        continue;
      }
      if (!name.endsWith(SUFFIX) || !this.#inShare(name)) continue;
      const stats = await fs.stat(file).catch(() => null);
      if (stats?.isFile()) found.push({ file, size: stats.size, mtime: stats.mtimeMs });
    }
    found.sort((a, b) => a.mtime - b.mtime);
    const index = new Map<string, number>();
    for (const { file, size } of found) {
      if (!this.#index.has(file)) index.set(file, size);
    }
    for (const [file, size] of this.#index) index.set(file, size);
    this.#index = index;
    this.#bytes = [...index.values()].reduce((sum, size) => sum + size, 0);
    await this.#evict();
  }

  async read(location: RenderLocation): Promise<CachedRender | null> {
    if (!this.enabled) return null;
    const file = this.#file(location);
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(file);
    } catch {
      return null;
    }
    const size = this.#index.get(file);
    if (size === undefined && this.#share !== null) return decode(bytes);
    this.#index.delete(file);
    this.#index.set(file, size ?? bytes.length);
    if (size === undefined) this.#bytes += bytes.length;
    return decode(bytes);
  }

  async write(location: RenderLocation, render: CachedRender): Promise<void> {
    if (!this.enabled) return;
    const file = this.#file(location);
    const parts = encode(render);
    const size = parts.reduce((total, part) => total + part.length, 0);
    if (size > this.#maxBytes) return;
    const temp = `${file}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
    try {
      await fs.mkdir(path.dirname(file), { recursive: true });
      await this.#writeOriginPath(path.dirname(file), location.originPath);
      await fs.writeFile(temp, parts);
      await fs.rename(temp, file);
    } catch (error) {
      await fs.rm(temp, { force: true });
      this.#onError(error);
      return;
    }
    this.#bytes += size - (this.#index.get(file) ?? 0);
    this.#index.delete(file);
    this.#index.set(file, size);
    await this.#evict();
  }

  /** Removes the renders of one origin path of a source, or all of the source's. */
  async purge(sourceId: string, pathHash: string | null): Promise<void> {
    if (!this.enabled) return;
    const folder =
      pathHash === null
        ? path.join(this.#directory, sourceId)
        : path.join(this.#directory, sourceId, pathHash.slice(0, 2), pathHash);
    await this.#removeFolder(folder);
  }

  async #removeFolder(folder: string): Promise<void> {
    await fs.rm(folder, { recursive: true, force: true });
    const prefix = `${folder}${path.sep}`;
    for (const [file, size] of this.#index) {
      if (!file.startsWith(prefix)) continue;
      this.#index.delete(file);
      this.#bytes -= size;
    }
  }

  /** Writes a path folder's origin path once, when its first render is written. */
  async #writeOriginPath(folder: string, originPath: string | undefined): Promise<void> {
    if (originPath === undefined) return;
    await fs
      .writeFile(path.join(folder, ORIGIN_PATH_FILE), originPath, { flag: 'wx' })
      .catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      });
  }

  /**
   * Removes the renders of every origin path of a source starting with `prefix`, and those of
   * folders without their path (written by an older version): a purge leaves none behind.
   */
  async purgePrefix(sourceId: string, prefix: string): Promise<void> {
    if (!this.enabled) return;
    const sourceFolder = path.join(this.#directory, sourceId);
    const shards = await fs.readdir(sourceFolder).catch(() => []);
    for (const shard of shards) {
      const hashes = await fs.readdir(path.join(sourceFolder, shard)).catch(() => []);
      for (const hash of hashes) {
        const folder = path.join(sourceFolder, shard, hash);
        const originPath = await fs
          .readFile(path.join(folder, ORIGIN_PATH_FILE), 'utf8')
          .catch(() => null);
        if (originPath === null || originPath.startsWith(prefix)) await this.#removeFolder(folder);
      }
    }
  }

  /** Removes every render, of every source. */
  async purgeAll(): Promise<void> {
    if (!this.enabled) return;
    const sources = await fs.readdir(this.#directory).catch(() => []);
    // The folder itself stays; a write in progress makes its own folders again.
    for (const name of sources) {
      if (name === EVENT_CURSOR_FILE) continue;
      await fs.rm(path.join(this.#directory, name), { recursive: true, force: true });
    }
    this.#index.clear();
    this.#bytes = 0;
  }

  /** The cluster event id saved with writeEventCursor; null when none was (or it is unreadable). */
  async readEventCursor(): Promise<number | null> {
    const text = await fs
      .readFile(path.join(this.#directory, EVENT_CURSOR_FILE), 'utf8')
      .catch(() => null);
    const id = text === null ? Number.NaN : Number(text.trim());
    return Number.isSafeInteger(id) && id >= 0 ? id : null;
  }

  /** Whether the folder holds anything (renders of a previous run, say) but the event id. */
  async holdsRenders(): Promise<boolean> {
    const names = await fs.readdir(this.#directory).catch(() => []);
    return names.some((name) => name !== EVENT_CURSOR_FILE && !name.endsWith(TEMP_SUFFIX));
  }

  /** Saves the id of the last cluster event applied to the folder, replacing the file whole. */
  async writeEventCursor(id: number): Promise<void> {
    const file = path.join(this.#directory, EVENT_CURSOR_FILE);
    const temp = `${file}.${randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
    try {
      await fs.mkdir(this.#directory, { recursive: true });
      await fs.writeFile(temp, String(id));
      await fs.rename(temp, file);
    } catch (error) {
      await fs.rm(temp, { force: true });
      this.#onError(error);
    }
  }

  /** Bytes the index counts (tests and diagnostics). */
  get bytes(): number {
    return this.#bytes;
  }

  /** Whether this process indexes a file found at start (all of them, unless shared). */
  #inShare(name: string): boolean {
    if (this.#share === null) return true;
    const hash = createHash('sha1').update(name).digest();
    return hash.readUInt32BE(0) % this.#share.of === this.#share.slot;
  }

  #file(location: RenderLocation): string {
    const { sourceId, pathHash, key } = location;
    return path.join(this.#directory, sourceId, pathHash.slice(0, 2), pathHash, `${key}${SUFFIX}`);
  }

  async #evict(): Promise<void> {
    if (this.#bytes <= this.#maxBytes || this.#evicting) return;
    this.#evicting = true;
    try {
      // Down to 90% of the cap, so a full cache does not evict on every single write.
      const target = this.#maxBytes * 0.9;
      for (const [file, size] of this.#index) {
        if (this.#bytes <= target) break;
        this.#index.delete(file);
        this.#bytes -= size;
        await fs.rm(file, { force: true }).catch(this.#onError);
      }
    } finally {
      this.#evicting = false;
    }
  }
}
