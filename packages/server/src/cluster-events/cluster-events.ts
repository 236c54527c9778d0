// Cluster events (docs/ARCHITECTURE.md, "How it scales"): what one process tells every other
// process sharing the database, applied by each within moments. A change is written to
// `cluster_events` and announced with NOTIFY (record.ts); each process LISTENs on one connection
// of its own (notifications.ts) and, on every notification, reads the rows after the last one it
// applied and applies them in order. Notifications carry no state, so one that is lost (while
// the connection was down) or folded into another (PostgreSQL delivers a transaction's identical
// notifications once) costs nothing: the next read finds every row. After a lost connection the
// process reconnects with backoff and catches up from its last id. It starts from the newest id,
// since its memory holds nothing from before, or from the id what it kept on disk was last
// brought up to (`resumeAfter`: the render cache), to apply what it was not there to hear.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { NotificationSource } from '../db/database.ts';
import type { DatabaseSchema } from '../db/schema.ts';
import { THIS_PROCESS, readEvent, type ClusterEvent, type ReceivedEvent } from './events.ts';
import { listen, type Listening } from './notifications.ts';
import {
  clusterEventsAfter,
  deleteClusterEventsBefore,
  latestClusterEventId,
  oldestClusterEventId,
  recordClusterEvent,
} from './record.ts';

/** What a process does with the events of the others. */
export interface ClusterEventSubscriber {
  apply(event: ReceivedEvent): void | Promise<void>;
  /**
   * Events may have been missed for good: the process was deaf for longer than rows are kept.
   * What it holds of the others' changes can no longer be trusted as a whole.
   */
  missed(): void | Promise<void>;
  /** Every event up to `lastId` has been applied (after each read, and at start). */
  caughtUp?(lastId: number): void | Promise<void>;
}

export interface StartOptions {
  /**
   * The id up to which what the process kept (its disk renders) reflects the events: it applies
   * those after it first. null: kept without an id (a new or older cache), so events may have
   * been missed. Undefined: nothing kept, start from the newest event.
   */
  resumeAfter?: number | null;
}

export interface ClusterEventsOptions {
  db: Kysely<DatabaseSchema>;
  notifications: NotificationSource;
  log: FastifyBaseLogger;
  /** How long rows are kept (default 1 hour); tests shorten the timings below. */
  retentionMs?: number;
  /** First wait before reconnecting a lost LISTEN; doubled up to `maxReconnectMs`. */
  reconnectMs?: number;
  maxReconnectMs?: number;
  /** How long an id skipped by a read is looked for again (an uncommitted writer's). */
  gapWaitMs?: number;
  /** How often old rows are deleted. */
  sweepIntervalMs?: number;
}

const HOUR_MS = 3_600_000;
/** Rows read per query; a process that missed more reads again. */
const READ_BATCH = 500;
/** Skipped ids remembered at most: a sequence may jump by thousands (rolled back inserts). */
const MAX_GAPS = 1_000;
const SWEEP_BATCH = 1_000;
/** A busier hour than this many batches leaves the rest for the next sweep. */
const SWEEP_MAX_BATCHES = 20;

export class ClusterEvents {
  /** This instance's id, written with what it publishes so it skips its own events. */
  readonly sender = randomUUID();
  readonly #db: Kysely<DatabaseSchema>;
  readonly #notifications: NotificationSource;
  readonly #log: FastifyBaseLogger;
  readonly #retentionMs: number;
  readonly #reconnectMs: number;
  readonly #maxReconnectMs: number;
  readonly #gapWaitMs: number;
  readonly #sweepIntervalMs: number;
  readonly #subscribers: ClusterEventSubscriber[] = [];
  /** The last id read; null until the first read of the newest id succeeds. */
  #lastId: number | null = null;
  /**
   * Ids below #lastId not yet seen, with when to stop looking: identity values are handed out
   * at insert and become visible at commit, so a row written by a longer transaction can appear
   * after a newer one was read. Its commit notifies again, and the next read asks for it.
   */
  readonly #gaps = new Map<number, number>();
  #listening: Listening | null = null;
  /** When the LISTEN connection was lost, while it is. */
  #deafSince: number | null = null;
  #nextReconnectMs: number;
  #reconnectTimer: NodeJS.Timeout | null = null;
  #sweepTimer: NodeJS.Timeout | null = null;
  #sweeping: Promise<unknown> | null = null;
  /** The read in progress; a notification meanwhile asks for one more after it. */
  #reading: Promise<void> | null = null;
  #readAgain = false;
  /** Notifications before start() has read the newest id are of events from before it. */
  #started = false;
  #closed = false;

  constructor(options: ClusterEventsOptions) {
    this.#db = options.db;
    this.#notifications = options.notifications;
    this.#log = options.log;
    this.#retentionMs = options.retentionMs ?? HOUR_MS;
    this.#reconnectMs = options.reconnectMs ?? 250;
    this.#maxReconnectMs = options.maxReconnectMs ?? 10_000;
    this.#gapWaitMs = options.gapWaitMs ?? 60_000;
    this.#sweepIntervalMs = options.sweepIntervalMs ?? 60_000;
    this.#nextReconnectMs = this.#reconnectMs;
  }

  subscribe(subscriber: ClusterEventSubscriber): void {
    this.#subscribers.push(subscriber);
  }

  /**
   * Starts listening, then reads where the events end now: LISTEN first, so an event written
   * between the two is either before that id or heard. A database that cannot be reached does
   * not stop the start: the connection is retried with backoff.
   */
  async start(options: StartOptions = {}): Promise<void> {
    try {
      await this.#listen();
    } catch (error) {
      this.#lose(error);
    }
    let newest: number | null = null;
    try {
      newest = await latestClusterEventId(this.#db);
      this.#lastId = await this.#startingPoint(options.resumeAfter, newest);
    } catch (error) {
      this.#log.warn({ err: error }, 'cluster events: the newest event id could not be read');
    }
    this.#started = true;
    if (this.#lastId !== null && newest !== null && this.#lastId < newest) await this.catchUp();
    else if (this.#lastId !== null) await this.#caughtUp(this.#lastId);
    this.#sweepTimer = setInterval(() => {
      this.#sweeping ??= this.sweep()
        .catch((error: unknown) => this.#log.warn({ err: error }, 'cluster event sweep failed'))
        .finally(() => {
          this.#sweeping = null;
        });
    }, this.#sweepIntervalMs);
    // The sweep must not keep a process alive on its own.
    this.#sweepTimer.unref();
  }

  /**
   * Records `event` for every other process (this one has applied it already, and skips it).
   * Inside a change's transaction, use recordClusterEvent with the transaction instead.
   */
  async publish(event: ClusterEvent): Promise<void> {
    await recordClusterEvent(this.#db, event, this.sender);
  }

  /** Reads and applies what was written since the last read (a notification, a reconnect). */
  catchUp(): Promise<void> {
    if (!this.#started || this.#closed) return Promise.resolve();
    if (this.#reading !== null) {
      this.#readAgain = true;
      return this.#reading;
    }
    this.#reading = this.#readAll().finally(() => {
      this.#reading = null;
      if (this.#readAgain && !this.#closed) {
        this.#readAgain = false;
        void this.catchUp();
      }
    });
    return this.#reading;
  }

  /** Deletes events older than the retention, in bounded batches; answers how many. */
  async sweep(now = Date.now()): Promise<number> {
    const before = new Date(now - this.#retentionMs);
    let deleted = 0;
    for (let batch = 0; batch < SWEEP_MAX_BATCHES; batch += 1) {
      const rows = await deleteClusterEventsBefore(this.#db, before, SWEEP_BATCH);
      deleted += rows;
      if (rows < SWEEP_BATCH) break;
    }
    return deleted;
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#reconnectTimer !== null) clearTimeout(this.#reconnectTimer);
    if (this.#sweepTimer !== null) clearInterval(this.#sweepTimer);
    const listening = this.#listening;
    this.#listening = null;
    await listening?.close().catch((error: unknown) => {
      this.#log.warn({ err: error }, 'cluster events: LISTEN could not be closed');
    });
    await this.#reading?.catch(() => undefined);
    await this.#sweeping;
  }

  /** Where reading starts: after `resumeAfter` while every event since is kept, else the newest. */
  async #startingPoint(resumeAfter: number | null | undefined, newest: number): Promise<number> {
    if (resumeAfter === undefined || resumeAfter === newest) return newest;
    if (resumeAfter !== null && resumeAfter < newest) {
      const oldest = await oldestClusterEventId(this.#db);
      // The sweep deletes the oldest first: while the one after `resumeAfter` is kept, all are.
      if (oldest !== null && oldest <= resumeAfter + 1) return resumeAfter;
    }
    // Swept, unknown (null), or past the newest id (kept against another database).
    await this.#missed();
    return newest;
  }

  async #caughtUp(lastId: number): Promise<void> {
    for (const subscriber of this.#subscribers) {
      try {
        await subscriber.caughtUp?.(lastId);
      } catch (error) {
        this.#log.warn({ err: error }, 'cluster events: recording the last id applied failed');
      }
    }
  }

  async #listen(): Promise<void> {
    const listening = await listen(this.#notifications, this.#db, {
      notified: () => {
        void this.catchUp();
      },
      lost: (error) => this.#lose(error),
    });
    if (this.#closed) {
      await listening.close();
      return;
    }
    this.#listening = listening;
  }

  #lose(error: unknown): void {
    this.#listening = null;
    if (this.#closed) return;
    this.#deafSince ??= Date.now();
    this.#log.warn(
      { err: error, retryInMs: this.#nextReconnectMs },
      'cluster events: LISTEN connection lost; reconnecting',
    );
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    if (this.#reconnectTimer !== null || this.#closed) return;
    const wait = this.#nextReconnectMs;
    this.#nextReconnectMs = Math.min(wait * 2, this.#maxReconnectMs);
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = null;
      void this.#reconnect();
    }, wait);
  }

  async #reconnect(): Promise<void> {
    try {
      await this.#listen();
    } catch (error) {
      this.#log.warn(
        { err: error, retryInMs: this.#nextReconnectMs },
        'cluster events: LISTEN failed',
      );
      this.#scheduleReconnect();
      return;
    }
    if (this.#closed) return;
    this.#log.info('cluster events: listening again; catching up');
    this.#nextReconnectMs = this.#reconnectMs;
    await this.catchUp();
  }

  async #readAll(): Promise<void> {
    try {
      if (this.#lastId === null) {
        // The start could not read it: what happened meanwhile is unknown, as after a long outage.
        this.#lastId = await latestClusterEventId(this.#db);
        await this.#missed();
        await this.#caughtUp(this.#lastId);
        return;
      }
      const deafFor = this.#deafSince === null ? 0 : Date.now() - this.#deafSince;
      // Rows are deleted after the retention: a process deaf for about that long may have lost some.
      if (deafFor > this.#retentionMs * 0.9) await this.#missed();
      for (;;) {
        const read = await this.#readBatch();
        if (read < READ_BATCH) break;
      }
      if (this.#listening !== null) this.#deafSince = null;
      await this.#caughtUp(this.#lastId);
    } catch (error) {
      this.#log.warn({ err: error }, 'cluster events could not be read; trying again');
      // A read that failed while the connection stands is tried again like a reconnect.
      this.#deafSince ??= Date.now();
      this.#scheduleRetryRead();
    }
  }

  #scheduleRetryRead(): void {
    if (this.#closed || this.#reconnectTimer !== null) return;
    const wait = this.#nextReconnectMs;
    this.#nextReconnectMs = Math.min(wait * 2, this.#maxReconnectMs);
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = null;
      if (this.#listening === null) void this.#reconnect();
      else void this.catchUp().then(() => (this.#nextReconnectMs = this.#reconnectMs));
    }, wait);
  }

  async #readBatch(): Promise<number> {
    const now = Date.now();
    for (const [id, until] of this.#gaps) if (until < now) this.#gaps.delete(id);
    const lastId = this.#lastId ?? 0;
    const rows = await clusterEventsAfter(this.#db, lastId, [...this.#gaps.keys()], READ_BATCH);
    for (const row of rows) {
      if (row.id > (this.#lastId ?? 0)) {
        this.#rememberGaps(this.#lastId ?? 0, row.id, now);
        this.#lastId = row.id;
      } else {
        this.#gaps.delete(row.id);
      }
      const event = readEvent(row);
      if (event === null) {
        this.#log.warn({ id: row.id, kind: row.kind }, 'cluster event of an unknown kind skipped');
        continue;
      }
      // Applied already: by this app, or (THIS_PROCESS) by every app of this process.
      if (event.sender === this.sender || event.sender === THIS_PROCESS) continue;
      for (const subscriber of this.#subscribers) {
        try {
          await subscriber.apply(event);
        } catch (error) {
          this.#log.error({ err: error, event }, 'cluster event could not be applied');
        }
      }
    }
    return rows.length;
  }

  /** Remembers the ids between `from` and `to` (both excluded), the newest first. */
  #rememberGaps(from: number, to: number, now: number): void {
    const lowest = Math.max(from + 1, to - MAX_GAPS);
    for (let id = to - 1; id >= lowest; id -= 1) this.#gaps.set(id, now + this.#gapWaitMs);
    // A Map iterates in insertion order: the ids remembered longest ago go first.
    for (const id of this.#gaps.keys()) {
      if (this.#gaps.size <= MAX_GAPS) break;
      this.#gaps.delete(id);
    }
  }

  async #missed(): Promise<void> {
    this.#log.warn(
      'cluster events may have been missed: dropping what other processes may have changed',
    );
    for (const subscriber of this.#subscribers) {
      try {
        await subscriber.missed();
      } catch (error) {
        this.#log.error({ err: error }, 'cluster events: recovering from missed events failed');
      }
    }
  }
}
