// The server's side of the dashboard's first-image-served flag (spec platform section 3): the
// first time a source answers an image, `sources.first_served_at` is set, and the dashboard reads
// it in the source resource. Delivery only notes the answer: the write runs beside the request,
// never awaited by it, and each process writes at most once per source.
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';

/** After a failed write, the next image of the source tries again no sooner than this. */
const RETRY_AFTER_MS = 60_000;

export class FirstServed {
  readonly #db: Kysely<DatabaseSchema>;
  readonly #log: FastifyBaseLogger;
  readonly #now: () => number;
  /**
   * Per source: Infinity once written (or being written), else when a failed write may be tried
   * again. A source is looked up once per answer, so the hot path costs one Map read.
   */
  readonly #notBefore = new Map<string, number>();
  readonly #writing = new Set<Promise<void>>();

  constructor(db: Kysely<DatabaseSchema>, log: FastifyBaseLogger, now: () => number = Date.now) {
    this.#db = db;
    this.#log = log;
    this.#now = now;
  }

  /** Notes that `sourceId` answered an image (a 200 that was not the dashboard's own request). */
  note(sourceId: string): void {
    const notBefore = this.#notBefore.get(sourceId);
    if (notBefore !== undefined && notBefore > this.#now()) return;
    this.#notBefore.set(sourceId, Infinity);
    // `where first_served_at is null`: another process, or an earlier run of this one, may have
    // set it already, and the first time is the one to keep.
    const write = this.#db
      .updateTable('sources')
      .set({ first_served_at: sql<Date>`now()` })
      .where('id', '=', sourceId)
      .where('first_served_at', 'is', null)
      .execute()
      .catch((error: unknown) => {
        this.#notBefore.set(sourceId, this.#now() + RETRY_AFTER_MS);
        this.#log.warn({ err: error, sourceId }, 'first-served time of a source not written');
      })
      .then(() => undefined)
      .finally(() => this.#writing.delete(write));
    this.#writing.add(write);
  }

  /** Waits for the writes under way (closing: the database must outlive them). */
  async settled(): Promise<void> {
    await Promise.all([...this.#writing]);
  }
}
