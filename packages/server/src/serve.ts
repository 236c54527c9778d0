// The server process: opens and migrates the database, builds the app and listens, and decides
// how the process ends: never on a stray error, and on a signal only after a bounded, graceful
// drain (docs/ARCHITECTURE.md, "Stopping and failing").
import cluster from 'node:cluster';
import { mkdirSync } from 'node:fs';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from './app.ts';
import { isStopMessage } from './cluster-workers/worker-place.ts';
import { EXIT_CONFIG, type Config } from './config.ts';
import { checkSecretKeyFingerprint, SecretKeyMismatchError } from './crypto/key-fingerprint.ts';
import { loadSecretKey } from './crypto/secret-key.ts';
import { pgliteDirectory, type Database } from './db/database.ts';
import { openMigratedDatabase } from './db/migrate.ts';
import { ensureAdmin, type AdminInput, type AdminOutcome } from './store/admins.ts';
import { EmailTakenError } from './store/users.ts';

/** How often a draining server closes the connections whose last request has just finished. */
const IDLE_SWEEP_MS = 100;

/**
 * Serves `config` until a signal stops the process: migrates, creates the configured admin,
 * runs jobs and listens. `options` are buildApp's (test servers inject their AI models).
 */
export async function serve(
  config: Readonly<Config>,
  options: Omit<BuildOptions, 'database' | 'runJobs'> = {},
): Promise<void> {
  mkdirSync(config.dataDir, { recursive: true });
  let database: Database | null = null;
  try {
    const opened = await openMigratedDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: pgliteDirectory(config.dataDir),
      onPoolError: (error) => console.error('database pool error:', error),
    });
    database = opened.database;
    await checkSecretKeyFingerprint(database.db, loadSecretKey(config));
    const app = await buildApp(config, { ...options, database, runJobs: true });
    keepServingThroughFaults(app.log);
    if (opened.applied.length > 0)
      app.log.info({ migrations: opened.applied }, 'database migrated');
    if (config.admin) {
      const outcome = await ensureConfiguredAdmin(database, config.admin);
      if (outcome === 'created') app.log.info({ email: config.admin.email }, 'admin user created');
    }
    stopOnSignals(app, database, config.shutdownGraceMs);

    await app.listen({ port: config.port, host: config.host });
    const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
    const shownHost = host.includes(':') ? `[${host}]` : host;
    app.log.info(
      { database: database.kind, dataDir: config.dataDir, readOnly: config.readOnly },
      `Darkroom is running at http://${shownHost}:${config.port}/`,
    );
  } catch (error) {
    await database?.close().catch(() => {});
    if (error instanceof SecretKeyMismatchError) {
      // A setting to mend, not a fault: restarting would only fail the same way.
      console.error(`Darkroom could not start: ${error.message}`);
      process.exit(EXIT_CONFIG);
    }
    console.error('Darkroom could not start:', error);
    process.exit(1);
  }
}

/**
 * Creates ADMIN_EMAIL's user unless it exists. Cluster workers (WORKERS) all start at once, and
 * one may insert the user between another's look and its insert: that one finds it taken.
 */
async function ensureConfiguredAdmin(database: Database, admin: AdminInput): Promise<AdminOutcome> {
  try {
    return (await ensureAdmin(database.db, admin, { promote: false })).outcome;
  } catch (error) {
    if (error instanceof EmailTakenError) return 'unchanged';
    throw error;
  }
}

/**
 * A rejection nobody handled or an exception nobody caught is a bug, but one request's bug must
 * not end every other request: each is logged with its error and the running count
 * (`unhandledErrors`), and the process keeps serving.
 */
function keepServingThroughFaults(log: FastifyBaseLogger): void {
  let faults = 0;
  const report = (what: string) => (error: unknown) => {
    faults += 1;
    log.error({ err: error, unhandledErrors: faults }, what);
  };
  process.on('unhandledRejection', report('unhandled rejection'));
  process.on('uncaughtException', report('uncaught exception'));
}

/**
 * SIGTERM, SIGINT or SIGHUP, the launcher gone (scripts/start.mjs's IPC channel closing), or the
 * cluster primary's stop message (cluster-workers/primary.ts): app.close() stops accepting
 * connections, closes idle keep-alive ones, answers /healthz with 503 `draining`, hands the jobs
 * in hand back to the queue and waits for the requests in flight; then the database closes (every
 * write on disk) and the process exits 0. Requests still running after `graceMs` do not hold it:
 * it exits 1 then, as it does at once on a second signal.
 */
function stopOnSignals(app: FastifyInstance, database: Database, graceMs: number): void {
  let stopping = false;
  let signals = 0;
  const stop = async (reason: string, kind: 'signal' | 'request') => {
    // Only signals count towards the second one: a terminal's Ctrl-C reaches this process and
    // the one that closes the channel or sends the message, in either order.
    if (kind === 'signal') signals += 1;
    if (stopping) {
      if (signals < 2) return;
      app.log.warn({ reason }, 'second signal: exiting at once');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ reason, graceMs }, 'shutting down');
    setTimeout(() => {
      app.log.error({ graceMs }, 'requests still in flight when the shutdown grace ran out');
      process.exit(1);
    }, graceMs);
    // Fastify closes the idle connections when it starts closing; one whose request finishes
    // later would otherwise stay open for its keep-alive timeout, and the server with it.
    setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS).unref();
    try {
      await app.close();
      await database.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => void stop(signal, 'signal'));
  }
  if (cluster.isWorker) {
    // A worker's channel is to the primary; when the primary dies, node:cluster ends the worker
    // at once itself ("disconnect" in node's lib/internal/cluster/child.js).
    process.on('message', (message) => {
      if (isStopMessage(message)) void stop('asked by the cluster primary', 'request');
    });
    return;
  }
  // Started by scripts/start.mjs over an IPC channel: a launcher that dies (even by SIGKILL), or
  // stops, closes the channel, and the server stops with it instead of holding the port and
  // database. The launcher also closes it when a terminal's Ctrl-C has reached both: not a
  // second signal.
  if (process.connected) process.on('disconnect', () => void stop('launcher gone', 'request'));
}
