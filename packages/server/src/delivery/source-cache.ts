// Delivery looks its source up on every request, so lookups are cached in memory: a hit never
// touches the database. Entries live a few seconds (other processes' edits show within that)
// and are dropped at once when this process changes the source (store/sources.ts notifies).
//
// A lookup past its time is read again; when that read fails, or takes longer than a request
// should wait, the entry last read answers instead, for up to `maxStaleMs` after that read
// (serve-stale-on-error, as RFC 5861 section 4 lets a cache do): with the database away,
// deliveries of known sources go on. While it stays away each entry is tried again every
// `retryMs`, in the background, and the outage is reported once, not per request.

export interface SourceCacheOptions<T> {
  /** Reads the source a host names from the database; null for an unknown host. */
  load(host: string): Promise<T | null>;
  /** The id of a loaded source, for invalidation. */
  idOf(source: T): string;
  ttlMs: number;
  /** Longest an entry answers after its last successful read, while reads fail. */
  maxStaleMs: number;
  /** Longest a request waits for a read when a stale entry could answer it. */
  reloadWaitMs: number;
  /** While reads fail, how often each stale entry is read again. */
  retryMs: number;
  /** Hosts remembered at most; random Host headers cannot grow the cache past this. */
  maxEntries: number;
  now?: () => number;
  /** The first read to fail (or to be too slow) since the last one that succeeded. */
  onOutage?: (error: unknown) => void;
  /** A read succeeded after failures. */
  onRecovered?: () => void;
}

interface Entry<T> {
  source: T | null;
  /** When it was last read from the database. */
  loadedAt: number;
  /** Until when it answers without a read; later, a read is started. */
  expiresAt: number;
  /** Its last read failed: it answers at once while the next read happens in the background. */
  stale: boolean;
}

/** A read that took longer than a request may wait for it. */
export class SlowLookupError extends Error {
  constructor(ms: number) {
    super(`the source lookup took longer than ${ms} ms`);
    this.name = 'SlowLookupError';
  }
}

export class SourceCache<T> {
  readonly #options: SourceCacheOptions<T>;
  readonly #now: () => number;
  readonly #entries = new Map<string, Entry<T>>();
  readonly #loading = new Map<string, Promise<T | null>>();
  // Bumped by every invalidation: a load that started before one must not store what it read.
  #generation = 0;
  #outage = false;

  constructor(options: SourceCacheOptions<T>) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** The source `host` names (lowercased Host header), or null when none does. */
  get(host: string): Promise<T | null> {
    const entry = this.#entries.get(host);
    const now = this.#now();
    if (entry !== undefined && entry.expiresAt > now) return Promise.resolve(entry.source);
    const loading = this.#loadingOf(host);
    if (entry === undefined || now - entry.loadedAt >= this.#options.maxStaleMs) return loading;
    if (entry.stale) {
      // Known to be failing: this request does not wait for the read it started or joined, and
      // neither do the next ones (peek included) while that read is under way.
      loading.catch(() => undefined);
      this.#serveStale(entry);
      return Promise.resolve(entry.source);
    }
    return this.#readOrStale(host, entry, loading);
  }

  /**
   * The source `host` names if a lookup is at hand, fresh or (while reads fail) stale, without
   * waiting: undefined when the database would have to be asked (the caller then takes the path
   * that may wait).
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

  #loadingOf(host: string): Promise<T | null> {
    let loading = this.#loading.get(host);
    if (loading === undefined) {
      loading = this.#load(host);
      this.#loading.set(host, loading);
    }
    return loading;
  }

  /** The read's answer if it comes within reloadWaitMs, else (or if it fails) the stale entry. */
  #readOrStale(host: string, entry: Entry<T>, loading: Promise<T | null>): Promise<T | null> {
    const waitMs = this.#options.reloadWaitMs;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#failed(host, entry, new SlowLookupError(waitMs));
        resolve(entry.source);
      }, waitMs);
      loading.then(
        (source) => {
          clearTimeout(timer);
          resolve(source);
        },
        () => {
          clearTimeout(timer);
          resolve(entry.source);
        },
      );
    });
  }

  async #load(host: string): Promise<T | null> {
    const generation = this.#generation;
    try {
      const source = await this.#options.load(host);
      if (generation === this.#generation) this.#store(host, source);
      if (this.#outage) {
        this.#outage = false;
        this.#options.onRecovered?.();
      }
      return source;
    } catch (error) {
      const entry = this.#entries.get(host);
      if (entry !== undefined) this.#failed(host, entry, error);
      throw error;
    } finally {
      this.#loading.delete(host);
    }
  }

  /** A read of `entry` failed or is too slow: it answers stale until its next try. */
  #failed(host: string, entry: Entry<T>, error: unknown): void {
    if (!this.#outage) {
      this.#outage = true;
      this.#options.onOutage?.(error);
    }
    // Only the entry still cached (not one invalidated or replaced meanwhile).
    if (this.#entries.get(host) === entry) this.#serveStale(entry);
  }

  /** `entry` answers without a read for retryMs more, within its maxStaleMs. */
  #serveStale(entry: Entry<T>): void {
    entry.stale = true;
    entry.expiresAt = Math.min(
      this.#now() + this.#options.retryMs,
      entry.loadedAt + this.#options.maxStaleMs,
    );
  }

  #store(host: string, source: T | null): void {
    this.#entries.delete(host);
    if (this.#entries.size >= this.#options.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    const now = this.#now();
    this.#entries.set(host, {
      source,
      loadedAt: now,
      expiresAt: now + this.#options.ttlMs,
      stale: false,
    });
  }
}
