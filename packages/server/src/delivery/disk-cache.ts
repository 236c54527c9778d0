// Rendered outputs on disk under DATA_DIR/render-cache: a size-capped LRU, since it is only a
// cache (docs/ARCHITECTURE.md, "Where data lives").
// Layout `{sourceId}/{pathHash[0..2]}/{pathHash}/{key}.render`, so purging one origin path (all
// its variants) or a whole source is removing one folder. Each file holds a small JSON header
// (content type, ETag, ...) and the bytes; it is written under a temporary name and renamed, so
// a reader never sees half a file.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { CachedRender, RenderLocation } from './cached-render.ts';

const MAGIC = Buffer.from('DRC1');
const SUFFIX = '.render';
const TEMP_SUFFIX = '.tmp';

type Header = Omit<CachedRender, 'body'>;

export interface DiskCacheOptions {
  directory: string;
  /** 0 turns the disk cache off. */
  maxBytes: number;
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

export class DiskRenderCache {
  readonly #directory: string;
  readonly #maxBytes: number;
  readonly #onError: (error: unknown) => void;
  // File -> size, in least-recently-used-first order (Map iteration order).
  #index = new Map<string, number>();
  #bytes = 0;
  #evicting = false;

  constructor(options: DiskCacheOptions) {
    this.#directory = options.directory;
    this.#maxBytes = options.maxBytes;
    this.#onError = options.onError ?? (() => undefined);
  }

  get enabled(): boolean {
    return this.#maxBytes > 0;
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
        // A process that died while writing left this behind.
        await fs.rm(file, { force: true });
        continue;
      }
      if (!name.endsWith(SUFFIX)) continue;
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
    await fs.rm(folder, { recursive: true, force: true });
    const prefix = `${folder}${path.sep}`;
    for (const [file, size] of this.#index) {
      if (!file.startsWith(prefix)) continue;
      this.#index.delete(file);
      this.#bytes -= size;
    }
  }

  /** Bytes the index counts (tests and diagnostics). */
  get bytes(): number {
    return this.#bytes;
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
