// The two render caches as one: hot renders in memory, every render on disk (a size-capped
// LRU under DATA_DIR/render-cache). Reads go memory first, then disk, which refills memory;
// writes go to both. RENDER_CACHE_MAX_BYTES=0 switches caching off: every request renders.
import path from 'node:path';
import { pathHash, type CachedRender, type RenderLocation } from './cached-render.ts';
import { DiskRenderCache, type DiskCacheShare } from './disk-cache.ts';
import { MemoryRenderCache } from './memory-cache.ts';
import { renderKey } from './render-key.ts';

export interface RenderCachesOptions {
  dataDir: string;
  /** RENDER_CACHE_MAX_BYTES: the disk cache's cap; 0 turns caching off. */
  maxBytes: number;
  /** The part of DATA_DIR/render-cache this cluster worker keeps (WORKERS); none when alone. */
  diskShare?: DiskCacheShare;
  /** RENDER_MEMORY_CACHE_BYTES. */
  memoryBytes: number;
  onError: (error: unknown) => void;
}

export class RenderCaches {
  /** False when RENDER_CACHE_MAX_BYTES is 0: renders are neither kept nor looked for. */
  readonly enabled: boolean;
  readonly #memory: MemoryRenderCache;
  readonly #disk: DiskRenderCache;

  constructor(options: RenderCachesOptions) {
    this.enabled = options.maxBytes > 0;
    this.#memory = new MemoryRenderCache({
      maxBytes: this.enabled ? options.memoryBytes : 0,
    });
    this.#disk = new DiskRenderCache({
      directory: path.join(options.dataDir, 'render-cache'),
      maxBytes: options.maxBytes,
      share: options.diskShare,
      onError: options.onError,
    });
  }

  /** Indexes the disk cache a previous run left. */
  start(): Promise<void> {
    return this.#disk.start();
  }

  /** Where the render of `identity` for an origin path of a source lives on disk. */
  location(sourceId: string, originPath: string, identity: string): RenderLocation {
    return { sourceId, pathHash: pathHash(originPath), key: renderKey(identity), originPath };
  }

  /** The render in memory, without waiting: the cache-hit path. */
  inMemory(identity: string): CachedRender | undefined {
    return this.#memory.get(identity);
  }

  /** The render on disk, which then goes into memory too; null when there is none. */
  async fromDisk(identity: string, location: RenderLocation): Promise<CachedRender | null> {
    const stored = await this.#disk.read(location);
    if (stored !== null) this.#memory.set(identity, location, stored);
    return stored;
  }

  /** Whether a render is on disk (a job's result, say), without reading it into memory. */
  async onDisk(location: RenderLocation): Promise<boolean> {
    return (await this.#disk.read(location)) !== null;
  }

  async store(identity: string, location: RenderLocation, render: CachedRender): Promise<void> {
    this.#memory.set(identity, location, render);
    await this.#disk.write(location, render);
  }

  /** Drops the renders of one origin path of a source, or all of them when path is null. */
  async purge(sourceId: string, originPathOrAll: string | null): Promise<void> {
    const hash = originPathOrAll === null ? null : pathHash(originPathOrAll);
    this.#memory.purge(sourceId, hash);
    await this.#disk.purge(sourceId, hash);
  }

  /**
   * Drops the renders of every origin path of a source that starts with `prefix`. Renders whose
   * path is not known (kept by an older version) go too: only a cache, and a purge must not
   * leave one behind.
   */
  async purgePrefix(sourceId: string, prefix: string): Promise<void> {
    this.#memory.purgePrefix(sourceId, prefix);
    await this.#disk.purgePrefix(sourceId, prefix);
  }

  /**
   * The id of the last cluster event the disk renders reflect: null when renders are there
   * without one (left by an older version), undefined when there are none to care about.
   */
  async eventCursor(): Promise<number | null | undefined> {
    if (!this.#disk.enabled) return undefined;
    const cursor = await this.#disk.readEventCursor();
    if (cursor !== null) return cursor;
    return (await this.#disk.holdsRenders()) ? null : undefined;
  }

  /** Saves the id of the last cluster event applied (see eventCursor). */
  async saveEventCursor(id: number): Promise<void> {
    if (this.#disk.enabled) await this.#disk.writeEventCursor(id);
  }

  /** Drops every render (purges of other processes may have been missed: cluster-events/). */
  async purgeAll(): Promise<void> {
    this.#memory.clear();
    await this.#disk.purgeAll();
  }
}
