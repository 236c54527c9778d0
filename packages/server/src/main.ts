import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { pgliteDirectory, type Database } from './db/database.ts';
import { openMigratedDatabase } from './db/migrate.ts';
import { ensureAdmin } from './store/admins.ts';

function readConfig(): Readonly<Config> {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

/** `npm start`: reads the environment, migrates, creates the configured admin and listens. */
async function main(): Promise<void> {
  const config = readConfig();
  mkdirSync(config.dataDir, { recursive: true });
  let database: Database | null = null;
  try {
    const opened = await openMigratedDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: pgliteDirectory(config.dataDir),
      onPoolError: (error) => console.error('database pool error:', error),
    });
    database = opened.database;
    const app = await buildApp(config, { database, runJobs: true });
    if (opened.applied.length > 0)
      app.log.info({ migrations: opened.applied }, 'database migrated');
    if (config.admin) {
      const { outcome } = await ensureAdmin(database.db, config.admin, { promote: false });
      if (outcome === 'created') app.log.info({ email: config.admin.email }, 'admin user created');
    }
    handleSignals(app, database);

    await app.listen({ port: config.port, host: config.host });
    const host = ['0.0.0.0', '::'].includes(config.host) ? 'localhost' : config.host;
    const shownHost = host.includes(':') ? `[${host}]` : host;
    app.log.info(
      { database: database.kind, dataDir: config.dataDir, readOnly: config.readOnly },
      `Darkroom is running at http://${shownHost}:${config.port}/`,
    );
  } catch (error) {
    console.error('Darkroom could not start:', error);
    await database?.close().catch(() => {});
    process.exit(1);
  }
}

/**
 * SIGINT, SIGTERM, SIGHUP: stop accepting requests, let those in flight finish, then close the
 * database so every write is on disk. A second signal exits at once.
 */
function handleSignals(app: Awaited<ReturnType<typeof buildApp>>, database: Database): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info({ signal }, 'shutting down');
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
  process.on('SIGINT', (signal) => void stop(signal));
  process.on('SIGTERM', (signal) => void stop(signal));
  process.on('SIGHUP', (signal) => void stop(signal));
  // Started by `scripts/start.mjs` over an IPC channel: a launcher that dies (even by SIGKILL)
  // closes the channel, and the server stops with it instead of holding the port and database.
  if (process.connected) process.on('disconnect', () => void stop('SIGTERM'));
}

void main();
