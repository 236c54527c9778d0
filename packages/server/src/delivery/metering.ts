// Usage events (docs/ARCHITECTURE.md, "A delivery from socket to bytes"): every delivery request is
// counted, buffered in memory and written in batches, so the request path never waits for an
// INSERT. A batch goes out every second or at 500 distinct rows, whichever comes first, and
// whatever is left when the app closes. Identical requests within a batch (cache hits of one
// popular image by one client kind) become one row with a `requests` count: at thousands of hits a
// second, one row per hit would cost the embedded database more than the hits themselves.
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema, NewUsageEvent } from '../db/schema.ts';

export type UsageEvent = Omit<NewUsageEvent, 'id' | 'requests'>;

interface PendingRow {
  event: UsageEvent;
  requests: number;
}

export interface UsageMeterOptions {
  db: Kysely<DatabaseSchema>;
  batchSize?: number;
  flushIntervalMs?: number;
  /** Rows kept while the database refuses them; older ones are dropped past this. */
  maxBuffered?: number;
  onError?: (error: unknown, droppedRows: number) => void;
}

/** Requests that differ only in their time: a render or an origin fetch always differs. */
function aggregationKey(event: UsageEvent): string | null {
  if (event.render_ms != null || event.origin_ms != null || event.origin_bytes != null) return null;
  if (event.video_encoded_ms != null) return null;
  return [
    event.source_id,
    event.path,
    event.status,
    event.bytes_out,
    event.cache,
    event.operation,
    event.user_agent ?? '',
    event.referrer ?? '',
    event.video_delivered_ms ?? '',
  ].join('\u0000');
}

export class UsageMeter {
  readonly #db: Kysely<DatabaseSchema>;
  readonly #batchSize: number;
  readonly #maxBuffered: number;
  readonly #onError: (error: unknown, droppedRows: number) => void;
  readonly #timer: NodeJS.Timeout;
  #rows: PendingRow[] = [];
  #byKey = new Map<string, PendingRow>();
  /** Rows taken out of #rows by the write under way and not yet in the database. */
  #writing = 0;
  #flushing: Promise<void> | null = null;

  constructor(options: UsageMeterOptions) {
    this.#db = options.db;
    this.#batchSize = options.batchSize ?? 500;
    this.#maxBuffered = options.maxBuffered ?? 20_000;
    this.#onError = options.onError ?? (() => undefined);
    this.#timer = setInterval(() => void this.flush(), options.flushIntervalMs ?? 1000);
    // Metering must not keep a process alive on its own.
    this.#timer.unref();
  }

  record(event: UsageEvent): void {
    const key = aggregationKey(event);
    const same = key === null ? undefined : this.#byKey.get(key);
    if (same !== undefined) {
      same.requests += 1;
      return;
    }
    const row = { event, requests: 1 };
    this.#rows.push(row);
    if (key !== null) this.#byKey.set(key, row);
    if (this.#rows.length >= this.#batchSize && this.#flushing === null) void this.flush();
  }

  /** Rows recorded and not yet in the database: buffered, or in the write under way. */
  get backlog(): number {
    return this.#rows.length + this.#writing;
  }

  /** Writes everything buffered so far; resolves once it is in the database (or given up). */
  async flush(): Promise<void> {
    while (this.#flushing !== null) await this.#flushing;
    if (this.#rows.length === 0) return;
    this.#flushing = this.#writeAll().finally(() => {
      this.#flushing = null;
    });
    await this.#flushing;
  }

  /** Stops the timer and writes what is left, including what arrives while it writes. */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    let attempts = 0;
    while (this.#rows.length > 0 && attempts < 3) {
      attempts += 1;
      await this.flush();
    }
  }

  async #writeAll(): Promise<void> {
    // The rows to write leave the buffer before the first INSERT: a repeat recorded while they
    // are on their way starts a new aggregate instead of adding to a row whose count has already
    // been sent, where it would be lost.
    let unwritten = this.#rows;
    this.#rows = [];
    this.#byKey = new Map();
    this.#writing = unwritten.length;
    while (unwritten.length > 0) {
      const batch = unwritten.slice(0, this.#batchSize);
      try {
        await this.#insert(batch);
        unwritten = unwritten.slice(batch.length);
        this.#writing = unwritten.length;
      } catch (error) {
        // Keep the rows for the next attempt, ahead of those recorded since, up to a bound:
        // metering must never eat the memory of a server whose database is down.
        const kept = [...unwritten, ...this.#rows];
        const excess = Math.max(0, kept.length - this.#maxBuffered);
        this.#rows = kept.slice(excess);
        this.#writing = 0;
        // A dropped row must not take further repeats with it.
        if (excess > 0) this.#byKey = new Map();
        this.#onError(error, excess);
        return;
      }
    }
  }

  /**
   * One INSERT of column arrays (`unnest`): sixteen parameters whatever the batch size, which
   * PostgreSQL and PGlite parse several times faster than a VALUES list of thousands.
   */
  async #insert(batch: readonly PendingRow[]): Promise<void> {
    const column = <T>(pick: (event: UsageEvent) => T) => batch.map((row) => pick(row.event));
    await sql`
      insert into usage_events (source_id, account_id, path, status, bytes_out, render_ms, cache,
        origin_bytes, origin_ms, user_agent, referrer, operation, requests, occurred_at,
        video_encoded_ms, video_delivered_ms)
      select * from unnest(
        ${column((event) => event.source_id)}::text[],
        ${column((event) => event.account_id)}::text[],
        ${column((event) => event.path)}::text[],
        ${column((event) => event.status)}::integer[],
        ${column((event) => event.bytes_out)}::bigint[],
        ${column((event) => event.render_ms ?? null)}::integer[],
        ${column((event) => event.cache)}::text[],
        ${column((event) => event.origin_bytes ?? null)}::bigint[],
        ${column((event) => event.origin_ms ?? null)}::integer[],
        ${column((event) => event.user_agent ?? null)}::text[],
        ${column((event) => event.referrer ?? null)}::text[],
        ${column((event) => event.operation)}::text[],
        ${batch.map((row) => row.requests)}::integer[],
        ${column((event) => event.occurred_at)}::timestamptz[],
        ${column((event) => event.video_encoded_ms ?? null)}::integer[],
        ${column((event) => event.video_delivered_ms ?? null)}::integer[]
      )`.execute(this.#db);
  }
}
