// The job queue as /metrics reports it, read from the `jobs` table when Prometheus scrapes: per
// kind, the jobs due and waiting for a runner, the jobs in a runner's hands, and how long the
// oldest waiting job has been due (its lag). A scrape must answer even when the database does not:
// the query is bounded by a timeout (the scrape then goes without these numbers), and while one
// query is out no other is sent, so a slow database is not handed a pile of them.
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';

export interface JobKindStats {
  /** Due, not failed and in no runner's hands (or its lease lapsed). */
  queued: number;
  /** Leased by a runner. */
  running: number;
  /** Seconds since the oldest queued job was due; 0 with none queued. */
  lagSeconds: number;
}

export interface JobQueueStatsOptions {
  /** Longest a scrape waits for the database. */
  timeoutMs: number;
  /** A result this young is reused: one scrape reads the queue once for all its gauges. */
  reuseMs: number;
  log: FastifyBaseLogger;
}

interface Reading {
  at: number;
  stats: ReadonlyMap<string, JobKindStats>;
}

interface StatsRow {
  kind: string;
  queued: number;
  running: number;
  lag_seconds: number;
}

export class JobQueueStats {
  readonly #db: Kysely<DatabaseSchema>;
  readonly #options: JobQueueStatsOptions;
  #last: Reading | null = null;
  /** The query out, if any; null when it failed (logged once, by #ask). */
  #asking: Promise<Reading | null> | null = null;
  /** Whether a scrape gave up on the query out (logged once per query). */
  #lateLogged = false;

  constructor(db: Kysely<DatabaseSchema>, options: JobQueueStatsOptions) {
    this.#db = db;
    this.#options = options;
  }

  /** The queue by kind (only kinds with unfailed jobs), or null: the database failed or was slow. */
  async read(): Promise<ReadonlyMap<string, JobKindStats> | null> {
    const last = this.#last;
    if (last !== null && performance.now() - last.at < this.#options.reuseMs) return last.stats;
    if (this.#asking === null) {
      this.#lateLogged = false;
      this.#asking = this.#ask().finally(() => {
        this.#asking = null;
      });
    }
    const reading = await withTimeout(this.#asking, this.#options.timeoutMs);
    if (reading === 'late' && !this.#lateLogged) {
      this.#lateLogged = true;
      this.#options.log.warn(
        `job queue metrics left out: the database did not answer within ${this.#options.timeoutMs} ms`,
      );
    }
    return reading === 'late' || reading === null ? null : reading.stats;
  }

  async #ask(): Promise<Reading | null> {
    try {
      return await this.#query();
    } catch (error) {
      this.#options.log.warn({ err: error }, 'job queue metrics left out: the query failed');
      return null;
    }
  }

  async #query(): Promise<Reading> {
    // Casts give numbers on both drivers (count is bigint, extract numeric: text in node-postgres).
    const waiting = sql`run_at <= now() and (locked_until is null or locked_until < now())`;
    const { rows } = await sql<StatsRow>`
      select kind,
        (count(*) filter (where ${waiting}))::integer as queued,
        (count(*) filter (where locked_until >= now()))::integer as running,
        coalesce(extract(epoch from now() - min(run_at) filter (where ${waiting})), 0)::float8
          as lag_seconds
      from jobs
      where failed_at is null
      group by kind`.execute(this.#db);
    const stats = new Map<string, JobKindStats>();
    for (const row of rows) {
      stats.set(row.kind, {
        queued: row.queued,
        running: row.running,
        lagSeconds: row.lag_seconds,
      });
    }
    const reading = { at: performance.now(), stats };
    this.#last = reading;
    return reading;
  }
}

/** What `promise` gives within `ms`, or 'late'. */
async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
    timer.unref();
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
