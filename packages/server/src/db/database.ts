import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { DatabaseLiveness } from './database-liveness.ts';
import { lockDirectory } from './directory-lock.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { initialisePglite } from './pglite-initdb.ts';
import type { DatabaseSchema } from './schema.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** A connection pool's connections at one moment (pg.Pool's own counters), for /metrics. */
export interface PoolStats {
  /** Connections open, idle or in use. */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  /** The most connections the pool opens. */
  max: number;
}

export interface Database {
  db: Kysely<DatabaseSchema>;
  kind: DatabaseKind;
  /** When it last answered a query (for `/healthz`). */
  liveness: DatabaseLiveness;
  /** The pool's connections now (PostgreSQL); null for the embedded database, which has none. */
  poolStats(): PoolStats | null;
  /** Where this process hears NOTIFY (cluster-events/); see NotificationSource. */
  notifications: NotificationSource;
  /** Finishes the work in flight and closes the pool or the embedded database. */
  close(): Promise<void>;
}

/**
 * LISTEN needs a connection of its own that stays open (a pooled one goes back to the pool and
 * stops listening): a PostgreSQL server to open one more connection to, or the embedded
 * instance, whose one connection hears its own NOTIFY.
 */
export type NotificationSource =
  { kind: 'postgres'; connectionString: string } | { kind: 'pglite'; pglite: PGlite };

export interface DatabaseOptions {
  /** A PostgreSQL server; when null the embedded database is used. */
  databaseUrl: string | null;
  /** Folder of the embedded database; null keeps it in memory (tests). */
  pgliteDir: string | null;
  onPoolError?: (error: Error) => void;
}

/** The embedded database's folder inside DATA_DIR. */
export function pgliteDirectory(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

function once(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | null = null;
  return () => (closing ??= close());
}

const POOL_MAX_CONNECTIONS = 10;
/**
 * Longest a query waits for a connection, new or from the pool, when PostgreSQL is away: a
 * request then fails in seconds (503 database_unavailable, api/error-handler.ts) instead of
 * waiting for the operating system to give up on the connection, minutes later.
 */
const POOL_CONNECTION_TIMEOUT_MS = 5_000;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl !== null) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: POOL_MAX_CONNECTIONS,
      connectionTimeoutMillis: POOL_CONNECTION_TIMEOUT_MS,
      // TCP keepalive finds a connection whose peer vanished without closing it (a failed-over
      // or partitioned server), which otherwise stays open and idle for ever.
      keepAlive: true,
    });
    // An idle client that loses its connection emits on the pool; without a listener
    // that would crash the process instead of failing the next query.
    pool.on('error', (error) => options.onPoolError?.(error));
    // A client in use emits on itself, where the pool listens only while it is idle (pg-pool's
    // idleListener): a connection lost mid-query would be an uncaught exception. The query in
    // flight fails with the same error, so there is nothing more to do here.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const liveness = new DatabaseLiveness();
    const db = new Kysely<DatabaseSchema>({
      dialect: new PostgresDialect({ pool }),
      log: liveness.record,
    });
    return {
      db,
      kind: 'postgres',
      liveness,
      notifications: { kind: 'postgres', connectionString: options.databaseUrl },
      poolStats: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: POOL_MAX_CONNECTIONS,
      }),
      close: once(() => {
        liveness.close();
        return db.destroy();
      }),
    };
  }

  const release =
    options.pgliteDir === null ? () => {} : lockDirectory(`${options.pgliteDir}.lock`);
  try {
    if (options.pgliteDir !== null) await initialisePglite(options.pgliteDir);
    const pglite = options.pgliteDir === null ? new PGlite() : new PGlite(options.pgliteDir);
    await pglite.waitReady;
    return pgliteDatabase(pglite, release);
  } catch (error) {
    release();
    throw error;
  }
}

/** Wraps an open PGlite instance; closing the Database closes it, then calls `afterClose`. */
export function pgliteDatabase(pglite: PGlite, afterClose: () => void = () => {}): Database {
  const liveness = new DatabaseLiveness();
  const db = new Kysely<DatabaseSchema>({
    dialect: new PGliteDialect(pglite),
    log: liveness.record,
  });
  return {
    db,
    kind: 'pglite',
    liveness,
    notifications: { kind: 'pglite', pglite },
    poolStats: () => null,
    close: once(async () => {
      liveness.close();
      try {
        await db.destroy();
      } finally {
        afterClose();
      }
    }),
  };
}
