// The two render caches as one: hot renders in memory, every render on disk (a size-capped
// LRU under DATA_DIR/render-cache). Reads go memory first, then disk, which refills memory;
// writes go to both. RENDER_CACHE_MAX_BYTES=0 switches caching off: every request renders.
import path from 'node:path';
import { pathHash, type CachedRender, type RenderLocation } from './cached-render.ts';
import { DiskRenderCache } from './disk-cache.ts';
import { MemoryRenderCache } from './memory-cache.ts';
import { renderKey } from './render-key.ts';

/** How long a hot render is served from memory before the disk is asked again (purges elsewhere). */
const MEMORY_FRESH_MS = 10_000;

export interface RenderCachesOptions {
  dataDir: string;
  /** RENDER_CACHE_MAX_BYTES: the disk cache's cap; 0 turns caching off. */
  maxBytes: number;
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
      freshForMs: MEMORY_FRESH_MS,
    });
    this.#disk = new DiskRenderCache({
      directory: path.join(options.dataDir, 'render-cache'),
      maxBytes: options.maxBytes,
      onError: options.onError,
    });
  }

  /** Indexes the disk cache a previous run left. */
  start(): Promise<void> {
    return this.#disk.start();
  }

  /** Where the render of `identity` for an origin path of a source lives on disk. */
  location(sourceId: string, originPath: string, identity: string): RenderLocation {
    return { sourceId, pathHash: pathHash(originPath), key: renderKey(identity) };
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
}
