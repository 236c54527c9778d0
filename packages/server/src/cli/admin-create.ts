import { ConfigError, loadConfig } from '../config.ts';
import { pgliteDirectory, type Database } from '../db/database.ts';
import { openMigratedDatabase } from '../db/migrate.ts';
import { ensureAdmin } from '../store/admins.ts';
import { ADMIN_CREATE_USAGE, parseAdminCreateArguments } from './admin-create-options.ts';

// Exit codes: 0 done, 1 failure (configuration, database), 2 wrong usage.
const EXIT_FAILURE = 1;
const EXIT_USAGE = 2;

/** `npm run admin:create -- --email E --password P [--name N]`. */
async function main(): Promise<void> {
  const parsed = parseAdminCreateArguments(process.argv.slice(2));
  if (parsed.kind === 'help') {
    console.info(ADMIN_CREATE_USAGE);
    return;
  }
  if (parsed.kind === 'usage-error') {
    console.error(`${parsed.message}\n\n${ADMIN_CREATE_USAGE}`);
    process.exit(EXIT_USAGE);
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(EXIT_FAILURE);
  }
  let database: Database | undefined;
  try {
    ({ database } = await openMigratedDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: pgliteDirectory(config.dataDir),
    }));
    const { outcome, user } = await ensureAdmin(database.db, parsed.options, { promote: true });
    console.info(
      outcome === 'created'
        ? `Created admin ${user.email} (${user.id}).`
        : `${user.email} (${user.id}) is now an admin; its password was set.`,
    );
    await database.close();
  } catch (error) {
    console.error('Could not create the admin:', error instanceof Error ? error.message : error);
    await database?.close().catch(() => {});
    process.exit(EXIT_FAILURE);
  }
}

void main();
