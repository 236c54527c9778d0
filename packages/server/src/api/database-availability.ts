// Whether the database answers, for `/readyz` and for the API's door: a PostgreSQL server that is
// paused or whose packets are lost fails no query, it only never answers (until the operating
// system gives up on the connection, minutes later), so an API request reaching it would hang.
// While the database is known not to answer, API requests are answered 503 database_unavailable
// before any of their work starts, so nothing they would have written is left half done; the
// requests already under way finish (or fail) when the database comes back.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { databaseUnavailableError } from './error-handler.ts';

/**
 * A database that answered one of the app's own queries this recently, with none failing since,
 * is answering: the check does not queue a query of its own behind the transactions in flight.
 */
const RECENT_ANSWER_MS = 1_000;
/**
 * Longest a check waits for its own `select 1` on PostgreSQL: a probe must answer within its own
 * timeout, and an API request should not wait on a server that does not answer. The embedded
 * database cannot be unreachable, only busy (its one connection held by a transaction), so its
 * check waits as long as that takes.
 */
const CHECK_TIMEOUT_MS = 2_000;

/** The database answers (null), or why it is taken not to. */
export type Availability = null | { reason: unknown };

export class DatabaseAvailability {
  readonly #database: Database;
  #probe: Promise<Availability> | null = null;
  /** The last check's failure, while no answer has come since. */
  #down: Availability = null;

  constructor(database: Database) {
    this.#database = database;
  }

  /** Whether the database answers now: from its recent answers, else from a `select 1`. */
  async check(): Promise<Availability> {
    const { liveness, kind } = this.#database;
    if (liveness.answeredWithin(RECENT_ANSWER_MS)) {
      this.#down = null;
      return null;
    }
    // Known down, the last probe still waiting for an answer: no request waits on it again.
    if (this.#down !== null && this.#probe !== null) return this.#down;
    this.#probe ??= this.#select();
    if (kind === 'pglite') return this.#probe;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<Availability>((resolve) => {
      timer = setTimeout(() => {
        this.#down ??= { reason: new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`) };
        resolve(this.#down);
      }, CHECK_TIMEOUT_MS);
    });
    try {
      return await Promise.race([this.#probe, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** One `select 1` at a time, however many checks ask. */
  #select(): Promise<Availability> {
    return sql`select 1`
      .execute(this.#database.db)
      .then(
        () => (this.#down = null),
        (error: unknown) => (this.#down = { reason: error }),
      )
      .finally(() => {
        this.#probe = null;
      });
  }
}

const availabilities = new WeakMap<FastifyInstance, DatabaseAvailability>();

/** The app's one DatabaseAvailability, shared by the API's door and `/readyz`. */
export function databaseAvailability(app: FastifyInstance): DatabaseAvailability {
  let availability = availabilities.get(app);
  if (availability === undefined) {
    availability = new DatabaseAvailability(app.darkroom.database);
    availabilities.set(app, availability);
  }
  return availability;
}

/**
 * Answers API requests 503 database_unavailable while PostgreSQL does not answer. Register it
 * before any hook that queries the database (the rate limit's count, authentication).
 */
export function registerDatabaseGate(app: FastifyInstance): void {
  if (app.darkroom.database.kind !== 'postgres') return;
  const availability = databaseAvailability(app);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const down = await availability.check();
    if (down !== null) throw databaseUnavailableError();
  });
}
