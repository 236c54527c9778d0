import { sql, type Kysely } from 'kysely';
import { openDatabase, type Database, type DatabaseOptions } from './database.ts';
import { MIGRATIONS } from './migrations/index.ts';
import type { Migration } from './migrations/migration.ts';

// Any constant works; it only has to be the same in every Darkroom process.
const MIGRATION_LOCK_ID = 7_424_011_905_113n;

/**
 * Applies the migrations not yet recorded in `schema_migrations`, all in one transaction.
 * On PostgreSQL a transaction-scoped advisory lock makes processes that start together
 * take turns: the first applies, the others then find nothing left to do.
 * Returns the names of the migrations it applied.
 */
export async function migrate(
  database: Database,
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<string[]> {
  return database.db.transaction().execute(async (trx) => {
    const db = trx as unknown as Kysely<unknown>;
    if (database.kind === 'postgres') {
      await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_ID)})`.execute(db);
    }
    await sql`
      create table if not exists schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )`.execute(db);
    const { rows } = await sql<{ name: string }>`select name from schema_migrations`.execute(db);
    const applied = new Set(rows.map((row) => row.name));
    const names: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.name)) continue;
      await migration.up(db);
      await sql`insert into schema_migrations (name) values (${migration.name})`.execute(db);
      names.push(migration.name);
    }
    return names;
  });
}

/** Opens the database and brings its schema up to date; closes it again if that fails. */
export async function openMigratedDatabase(
  options: DatabaseOptions,
): Promise<{ database: Database; applied: string[] }> {
  const database = await openDatabase(options);
  try {
    return { database, applied: await migrate(database) };
  } catch (error) {
    await database.close();
    throw error;
  }
}
