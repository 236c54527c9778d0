// Usage events (docs/ARCHITECTURE.md, "A delivery from socket to bytes"): every delivery request is
// counted, buffered in memory and written in batches, so the request path never waits for an
// INSERT. A batch goes out every second or at 500 distinct rows, whichever comes first, and
// whatever is left when the app closes. Identical requests (cache hits of one popular image by one
// client kind, within one hour) become one row with a `requests` count: at thousands of hits a
// second, one row per hit would cost the embedded database more than the hits themselves.
//
// Usage is billed, so a batch the database does not take is kept and written again (with backoff)
// until it does, under the name it was given before its first attempt (usage-batches.ts): a
// retry of a batch whose INSERT did commit, unknown to us because the connection was lost before
// its answer, writes nothing. While a batch waits, newer requests add to the rows being buffered
// (not to the waiting batch, whose content must not change under its name), so memory grows
// with distinct rows, not with requests. Past the bounds below, what is given up is reported
// with its counts (a log line and darkroom_usage_events_dropped_total), never silently.
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';
import { isDatabaseError } from '../store/errors.ts';
import {
  pruneUsageBatches,
  writeUsageBatch,
  type UsageEvent,
  type UsageRow,
} from './usage-batches.ts';

export type { UsageEvent } from './usage-batches.ts';

const BATCH_SIZE = 500;
const FLUSH_INTERVAL_MS = 1_000;
/**
 * Distinct rows kept in memory, written or waiting: a row holds its path, user agent and
 * referrer, about 1 KB at worst, so at most ~50 MB while the database is away. Repeats of a row
 * already kept cost nothing; a new one past this is dropped (and counted).
 */
const MAX_BUFFERED_ROWS = 50_000;
/**
 * A batch is written again for an hour at most, then dropped (and counted). An outage longer
 * than that is an operator's incident, and the log has the counts to re-enter; the batch names
 * that make retries safe are kept a day (usage-batches.ts), far past this.
 */
const MAX_RETRY_MS = 60 * 60_000;
/** Waits between attempts while the database fails: from one second, doubling up to 30. */
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/**
 * Longest closing waits for the database to take what is left: within the server's shutdown
 * grace (SHUTDOWN_GRACE_MS, 25 s), and twice the pool's wait for a connection (db/database.ts).
 */
const CLOSE_TIMEOUT_MS = 10_000;
/** The batch names older than a day are deleted at most this often, by each process. */
const PRUNE_INTERVAL_MS = 60 * 60_000;
const HOUR_MS = 60 * 60_000;

/** Why usage was given up. */
export type DropReason =
  /** No room for another distinct row while the database was away. */
  | 'buffer_full'
  /** Its batch failed for MAX_RETRY_MS. */
  | 'retries_exhausted'
  /** The database refused its batch for its content: writing it again cannot succeed. */
  | 'refused'
  /** The app closed before the database confirmed it (a write under way may yet land). */
  | 'closed';

/** Usage given up, with what it counted: for the log, and for billing to re-enter by hand. */
export interface DroppedUsage {
  reason: DropReason;
  /** Usage events (delivery requests) given up. */
  requests: number;
  /** Those requests by source id. */
  bySource: Record<string, number>;
  error?: unknown;
}

export interface UsageMeterOptions {
  db: Kysely<DatabaseSchema>;
  batchSize?: number;
  flushIntervalMs?: number;
  /** Distinct rows kept, buffered or waiting to be written again (tests shrink it). */
  maxBufferedRows?: number;
  /** How long a failing batch is written again before it is dropped (tests shrink it). */
  maxRetryMs?: number;
  /** How long close() waits for the database (tests shrink it). */
  closeTimeoutMs?: number;
  now?: () => number;
  /** A write failed after the last one succeeded (once per outage, not per attempt). */
  onWriteFailed?: (error: unknown, backlog: number) => void;
  /** A write succeeded after failures; `backlog` rows are still to be written. */
  onWritesResumed?: (backlog: number) => void;
  /** Usage given up past the bounds, reported once per batch or per flush interval. */
  onDropped?: (dropped: DroppedUsage) => void;
}

/** A batch sealed under its name: retried as it is until written or dropped. */
interface SealedBatch {
  id: string;
  rows: UsageRow[];
  /** When it was first tried; null until then. */
  firstAttemptAt: number | null;
}

/** Requests that differ only in their time within one hour: a render or an origin fetch always differs. */
function aggregationKey(event: UsageEvent): string | null {
  if (event.render_ms != null || event.origin_ms != null || event.origin_bytes != null) return null;
  if (event.video_encoded_ms != null) return null;
  return [
    // The hour keeps the hourly rollups right when an outage holds rows for longer.
    Math.floor(event.occurred_at.getTime() / HOUR_MS),
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

/** Whether the database refused a batch for what it holds (PostgreSQL Appendix A). */
function isContentRefusal(error: unknown): boolean {
  return isDatabaseError(error) && (error.code.startsWith('22') || error.code.startsWith('23'));
}

/** Requests of `rows` in total and by source. */
function countsOf(rows: readonly UsageRow[]): {
  requests: number;
  bySource: Record<string, number>;
} {
  const bySource: Record<string, number> = {};
  let requests = 0;
  for (const row of rows) {
    requests += row.requests;
    bySource[row.event.source_id] = (bySource[row.event.source_id] ?? 0) + row.requests;
  }
  return { requests, bySource };
}

export class UsageMeter {
  readonly #db: Kysely<DatabaseSchema>;
  readonly #batchSize: number;
  readonly #maxBufferedRows: number;
  readonly #maxRetryMs: number;
  readonly #closeTimeoutMs: number;
  readonly #now: () => number;
  readonly #options: UsageMeterOptions;
  readonly #timer: NodeJS.Timeout;
  /** Rows recorded since the last batch was sealed; repeats add to them. */
  #rows: UsageRow[] = [];
  #byKey = new Map<string, UsageRow>();
  /** Batches sealed and not yet written, oldest first. */
  #sealed: SealedBatch[] = [];
  #sealedRows = 0;
  /** Requests dropped for want of room since they were last reported, by source. */
  #droppedForRoom = new Map<string, number>();
  #flushing: Promise<void> | null = null;
  #failing = false;
  #retryDelayMs = RETRY_MIN_MS;
  #retryAt = Number.NEGATIVE_INFINITY;
  #prunedAt = Number.NEGATIVE_INFINITY;

  constructor(options: UsageMeterOptions) {
    this.#options = options;
    this.#db = options.db;
    this.#batchSize = options.batchSize ?? BATCH_SIZE;
    this.#maxBufferedRows = options.maxBufferedRows ?? MAX_BUFFERED_ROWS;
    this.#maxRetryMs = options.maxRetryMs ?? MAX_RETRY_MS;
    this.#closeTimeoutMs = options.closeTimeoutMs ?? CLOSE_TIMEOUT_MS;
    this.#now = options.now ?? Date.now;
    this.#timer = setInterval(
      () => void this.#tick(),
      options.flushIntervalMs ?? FLUSH_INTERVAL_MS,
    );
    // Metering must not keep a process alive on its own.
    this.#timer.unref();
  }

  /** Counts one request. Never throws and never waits: it runs on every delivery. */
  record(event: UsageEvent): void {
    const key = aggregationKey(event);
    const same = key === null ? undefined : this.#byKey.get(key);
    if (same !== undefined) {
      same.requests += 1;
      return;
    }
    if (this.backlog >= this.#maxBufferedRows) {
      this.#droppedForRoom.set(
        event.source_id,
        (this.#droppedForRoom.get(event.source_id) ?? 0) + 1,
      );
      return;
    }
    const row = { event, requests: 1 };
    this.#rows.push(row);
    if (key !== null) this.#byKey.set(key, row);
    if (this.#rows.length >= this.#batchSize && this.#sealed.length === 0) void this.#tick();
  }

  /** Rows recorded and not yet in the database: buffered, being written or waiting to be again. */
  get backlog(): number {
    return this.#rows.length + this.#sealedRows;
  }

  /**
   * Writes everything buffered so far, now, whatever the backoff; resolves once it is in the
   * database, or once an attempt failed (what failed stays in the backlog).
   */
  async flush(): Promise<void> {
    while (this.#flushing !== null) await this.#flushing;
    await this.#run(true);
  }

  /**
   * Stops the timer and writes what is left, including what arrives while it writes, for
   * CLOSE_TIMEOUT_MS at most; what the database has not taken by then is reported dropped.
   */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        timedOut = true;
        resolve();
      }, this.#closeTimeoutMs);
    });
    const pause = () => new Promise((resolve) => setTimeout(resolve, RETRY_MIN_MS));
    try {
      while (this.backlog > 0 && !timedOut) {
        await Promise.race([this.flush(), timeout]);
        if (!timedOut && this.#failing) await Promise.race([pause(), timeout]);
      }
    } finally {
      clearTimeout(timer);
    }
    this.#reportDroppedForRoom();
    const left = [...this.#sealed.flatMap((batch) => batch.rows), ...this.#rows];
    if (left.length > 0) this.#drop('closed', left);
    this.#sealed = [];
    this.#sealedRows = 0;
    this.#rows = [];
    this.#byKey = new Map();
  }

  async #tick(): Promise<void> {
    if (this.#flushing !== null) {
      this.#reportDroppedForRoom();
      return;
    }
    await this.#run(false);
  }

  #run(force: boolean): Promise<void> {
    const run = this.#writeDue(force).finally(() => {
      if (this.#flushing === run) this.#flushing = null;
    });
    this.#flushing = run;
    return run;
  }

  /** Writes the waiting batches, oldest first, then what was recorded since, until one fails. */
  async #writeDue(force: boolean): Promise<void> {
    this.#reportDroppedForRoom();
    this.#dropExpired();
    if (!force && this.#now() < this.#retryAt) return;
    for (;;) {
      if (this.#sealed.length === 0) {
        if (this.#rows.length === 0) return;
        this.#seal();
      }
      const batch = this.#sealed[0];
      if (batch === undefined) return;
      batch.firstAttemptAt ??= this.#now();
      try {
        await writeUsageBatch(this.#db, batch.id, batch.rows);
      } catch (error) {
        // Unless close() gave up on it meanwhile, and has reported it.
        if (this.#sealed[0] === batch) this.#failed(batch, error);
        return;
      }
      if (this.#sealed[0] !== batch) return;
      this.#sealed.shift();
      this.#sealedRows -= batch.rows.length;
      this.#succeeded();
    }
  }

  /**
   * The rows recorded so far become batches under new names, and leave the buffer before the
   * first INSERT: a repeat recorded while they are on their way starts a new row instead of
   * adding to one whose count has already been sent, where it would be lost.
   */
  #seal(): void {
    for (let start = 0; start < this.#rows.length; start += this.#batchSize) {
      const rows = this.#rows.slice(start, start + this.#batchSize);
      this.#sealed.push({ id: randomUUID(), rows, firstAttemptAt: null });
      this.#sealedRows += rows.length;
    }
    this.#rows = [];
    this.#byKey = new Map();
  }

  #succeeded(): void {
    this.#retryDelayMs = RETRY_MIN_MS;
    this.#retryAt = Number.NEGATIVE_INFINITY;
    if (this.#failing) {
      this.#failing = false;
      this.#options.onWritesResumed?.(this.backlog);
    }
    if (this.#now() - this.#prunedAt >= PRUNE_INTERVAL_MS) {
      this.#prunedAt = this.#now();
      // Housekeeping: a failure here costs nothing but a table a little larger until next time.
      pruneUsageBatches(this.#db).catch(() => undefined);
    }
  }

  #failed(batch: SealedBatch, error: unknown): void {
    // A refusal of the batch's content (SQLSTATE class 22, a value out of range or of the wrong
    // kind; class 23, a constraint) is the same on every attempt: keeping it would hold every
    // batch behind it for an hour. Anything else (a lost connection, a deadlock, a timeout) may
    // pass next time.
    if (isContentRefusal(error)) {
      this.#sealed.shift();
      this.#sealedRows -= batch.rows.length;
      this.#drop('refused', batch.rows, error);
      return;
    }
    if (!this.#failing) {
      this.#failing = true;
      this.#options.onWriteFailed?.(error, this.backlog);
    }
    this.#retryAt = this.#now() + this.#retryDelayMs;
    this.#retryDelayMs = Math.min(this.#retryDelayMs * 2, RETRY_MAX_MS);
  }

  /** Drops the batches tried for longer than the bound (called between writes, never during one). */
  #dropExpired(): void {
    const now = this.#now();
    for (;;) {
      const oldest = this.#sealed[0];
      if (oldest?.firstAttemptAt == null || now - oldest.firstAttemptAt < this.#maxRetryMs) return;
      this.#sealed.shift();
      this.#sealedRows -= oldest.rows.length;
      this.#drop('retries_exhausted', oldest.rows);
    }
  }

  #reportDroppedForRoom(): void {
    if (this.#droppedForRoom.size === 0) return;
    const bySource = Object.fromEntries(this.#droppedForRoom);
    this.#droppedForRoom = new Map();
    const requests = Object.values(bySource).reduce((sum, count) => sum + count, 0);
    this.#options.onDropped?.({ reason: 'buffer_full', requests, bySource });
  }

  #drop(reason: DropReason, rows: readonly UsageRow[], error?: unknown): void {
    this.#options.onDropped?.({
      reason,
      ...countsOf(rows),
      ...(error === undefined ? {} : { error }),
    });
  }
}
