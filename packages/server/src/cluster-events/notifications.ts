// The LISTEN side of cluster events: one connection per process that hears `darkroom_events`.
// On PostgreSQL it is a pg.Client of its own, never one from the pool: a pooled connection goes
// back to the pool after each query, where it keeps listening for nobody while the process stops
// hearing anything. The embedded database is one connection that hears its own NOTIFY
// (pglite.listen); it cannot be lost.
import type { Kysely } from 'kysely';
import pg from 'pg';
import type { NotificationSource } from '../db/database.ts';
import type { DatabaseSchema } from '../db/schema.ts';
import { CLUSTER_EVENTS_CHANNEL } from './events.ts';

/** An open LISTEN. */
export interface Listening {
  /** Stops listening and closes the connection. */
  close(): Promise<void>;
}

export interface ListenHandlers {
  /** A NOTIFY on the channel (its payload is an event id; the reader does not need it). */
  notified(): void;
  /** The connection is gone (server restart, network): nothing is heard until it is opened again. */
  lost(error: Error): void;
}

/** How long connecting and LISTEN may take before the attempt counts as failed. */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Opens one LISTEN on `source`; rejects when it could not be opened. `db` is the database's
 * Kysely, whose connection the embedded database's LISTEN is run under.
 */
export async function listen(
  source: NotificationSource,
  db: Kysely<DatabaseSchema>,
  handlers: ListenHandlers,
): Promise<Listening> {
  if (source.kind === 'pglite') {
    // PGlite is one session: a LISTEN sent while another caller's transaction is open would
    // belong to that transaction, and be undone with it. Holding Kysely's one connection keeps
    // transactions out meanwhile (db/pglite-dialect.ts).
    const exclusive = <T>(work: () => Promise<T>) => db.connection().execute(work);
    const unlisten = await exclusive(() =>
      source.pglite.listen(CLUSTER_EVENTS_CHANNEL, () => handlers.notified()),
    );
    return { close: () => exclusive(() => unlisten()) };
  }
  const client = new pg.Client({
    connectionString: source.connectionString,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // TCP keepalive notices a server that vanished without closing the connection (a failover,
    // a partition): an idle LISTEN connection would otherwise wait for ever, deaf.
    keepAlive: true,
    application_name: 'darkroom-cluster-events',
  });
  let closing = false;
  let reported = false;
  const lost = (error: Error) => {
    if (closing || reported) return;
    reported = true;
    // Whatever is left of it; the caller opens a new one.
    void client.end().catch(() => undefined);
    handlers.lost(error);
  };
  // Without an 'error' listener a lost connection would be an uncaught exception.
  client.on('error', lost);
  client.on('end', () => lost(new Error('the LISTEN connection closed')));
  client.on('notification', (message) => {
    if (message.channel === CLUSTER_EVENTS_CHANNEL) handlers.notified();
  });
  try {
    await client.connect();
    await client.query(`listen ${CLUSTER_EVENTS_CHANNEL}`);
  } catch (error) {
    closing = true;
    await client.end().catch(() => undefined);
    throw error;
  }
  return {
    async close() {
      closing = true;
      await client.end().catch(() => undefined);
    },
  };
}
