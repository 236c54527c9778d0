// The hot renders, in memory in front of the disk cache, so a popular image is answered without
// a file read. Byte-capped LRU. An entry stays until it is evicted or purged: a purge made by
// any process reaches this one as a cluster event (cluster-events/), at once, so nothing here
// expires to find out about purges elsewhere.
import type { CachedRender, RenderLocation } from './cached-render.ts';

interface MemoryEntry {
  render: CachedRender;
  location: RenderLocation;
  size: number;
  /** When the entry last moved to the most recently used end. */
  bumpedAt: number;
}

/**
 * A hit moves its entry to the most recently used end at most this often: the move is a Map
 * delete and insert, which at 20,000 hits a second of one image is measurable, and an entry used
 * within the last second is not what eviction should pick anyway.
 */
const BUMP_INTERVAL_MS = 1000;

export interface MemoryCacheOptions {
  maxBytes: number;
  now?: () => number;
}

export class MemoryRenderCache {
  readonly #entries = new Map<string, MemoryEntry>();
  readonly #maxBytes: number;
  readonly #now: () => number;
  #bytes = 0;

  constructor(options: MemoryCacheOptions) {
    this.#maxBytes = options.maxBytes;
    this.#now = options.now ?? Date.now;
  }

  get(identity: string): CachedRender | undefined {
    const entry = this.#entries.get(identity);
    if (entry === undefined) return undefined;
    const now = this.#now();
    // Re-inserting moves the key to the end of the Map's order: the most recently used.
    if (now - entry.bumpedAt >= BUMP_INTERVAL_MS) {
      entry.bumpedAt = now;
      this.#entries.delete(identity);
      this.#entries.set(identity, entry);
    }
    return entry.render;
  }

  /** Keeps `render` under `identity` (the render's identity string, render-key.ts). */
  set(identity: string, location: RenderLocation, render: CachedRender): void {
    const size = render.body.length + identity.length + 512;
    // One render bigger than an eighth of the cache would push out many hot small ones.
    if (size > this.#maxBytes / 8) return;
    const existing = this.#entries.get(identity);
    if (existing !== undefined) this.#remove(identity, existing);
    this.#entries.set(identity, { render, location, size, bumpedAt: this.#now() });
    this.#bytes += size;
    for (const [key, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#remove(key, entry);
    }
  }

  /** Drops the renders of one path of a source, or of the whole source when `pathHash` is null. */
  purge(sourceId: string, pathHash: string | null): void {
    for (const [key, entry] of this.#entries) {
      if (entry.location.sourceId !== sourceId) continue;
      if (pathHash === null || entry.location.pathHash === pathHash) this.#remove(key, entry);
    }
  }

  /** Drops the renders of every path of a source starting with `prefix` (or of unknown path). */
  purgePrefix(sourceId: string, prefix: string): void {
    for (const [key, entry] of this.#entries) {
      if (entry.location.sourceId !== sourceId) continue;
      const path = entry.location.originPath;
      if (path === undefined || path.startsWith(prefix)) this.#remove(key, entry);
    }
  }

  /** Drops every render. */
  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  #remove(key: string, entry: MemoryEntry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.size;
  }
}
