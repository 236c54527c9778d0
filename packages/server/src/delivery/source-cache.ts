// Delivery looks its source up on every request, so lookups are cached in memory: a hit never
// touches the database. Entries live a few seconds (other processes' edits show within that)
// and are dropped at once when this process changes the source (store/sources.ts notifies).

export interface SourceCacheOptions<T> {
  /** Reads the source a host names from the database; null for an unknown host. */
  load(host: string): Promise<T | null>;
  /** The id of a loaded source, for invalidation. */
  idOf(source: T): string;
  ttlMs: number;
  /** Hosts remembered at most; random Host headers cannot grow the cache past this. */
  maxEntries: number;
  now?: () => number;
}

interface Entry<T> {
  source: T | null;
  expiresAt: number;
}

export class SourceCache<T> {
  readonly #options: SourceCacheOptions<T>;
  readonly #now: () => number;
  readonly #entries = new Map<string, Entry<T>>();
  readonly #loading = new Map<string, Promise<T | null>>();
  // Bumped by every invalidation: a load that started before one must not store what it read.
  #generation = 0;

  constructor(options: SourceCacheOptions<T>) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** The source `host` names (lowercased Host header), or null when none does. */
  get(host: string): Promise<T | null> {
    const entry = this.#entries.get(host);
    if (entry !== undefined && entry.expiresAt > this.#now()) return Promise.resolve(entry.source);
    let loading = this.#loading.get(host);
    if (loading === undefined) {
      loading = this.#load(host);
      this.#loading.set(host, loading);
    }
    return loading;
  }

  /**
   * The source `host` names if a fresh lookup is at hand, without waiting: undefined when the
   * database would have to be asked (the caller then takes the path that may wait).
   */
  peek(host: string): T | null | undefined {
    const entry = this.#entries.get(host);
    return entry !== undefined && entry.expiresAt > this.#now() ? entry.source : undefined;
  }

  /** Forgets a source and every unknown host (one of them may be the source's new domain). */
  invalidate(sourceId: string): void {
    this.#generation += 1;
    for (const [host, entry] of this.#entries) {
      if (entry.source === null || this.#options.idOf(entry.source) === sourceId) {
        this.#entries.delete(host);
      }
    }
  }

  async #load(host: string): Promise<T | null> {
    const generation = this.#generation;
    try {
      const source = await this.#options.load(host);
      if (generation === this.#generation) this.#store(host, source);
      return source;
    } finally {
      this.#loading.delete(host);
    }
  }

  #store(host: string, source: T | null): void {
    this.#entries.delete(host);
    if (this.#entries.size >= this.#options.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    this.#entries.set(host, { source, expiresAt: this.#now() + this.#options.ttlMs });
  }
}
