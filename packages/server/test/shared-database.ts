// Several server processes on one database, as the job tests need them: on PostgreSQL each
// "process" is a pool of its own on the same database, so their statements really run at the
// same time; the embedded database is one process's, so its processes share its one connection.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import type { DatabaseSchema } from '../src/db/schema.ts';
import { postgresUrl, type Backend } from './databases.ts';

export interface SharedDatabase {
  /** One handle per process, `count` of them, all on the same migrated database. */
  readonly processes: readonly Kysely<DatabaseSchema>[];
  /** The first process's handle. */
  readonly db: Kysely<DatabaseSchema>;
  /** The second process's handle. */
  readonly other: Kysely<DatabaseSchema>;
}

/** `count` processes' handles on one fresh, migrated database of `backend`, for the suite. */
export function useSharedDatabase(backend: Backend, count: number): SharedDatabase {
  const opened: Database[] = [];
  const handles: Kysely<DatabaseSchema>[] = [];
  let drop: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    if (backend.name === 'pglite' || postgresUrl === null) {
      const database = await backend.open();
      opened.push(database);
      await migrate(database);
      for (let index = 0; index < count; index += 1) handles.push(database.db);
      return;
    }
    const name = `darkroom_shared_${randomBytes(6).toString('hex')}`;
    await adminQuery(postgresUrl, `create database ${name}`);
    drop = () => adminQuery(postgresUrl ?? '', `drop database if exists ${name} with (force)`);
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    for (let index = 0; index < count; index += 1) {
      const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null });
      opened.push(database);
      if (index === 0) await migrate(database);
      handles.push(database.db);
    }
  });

  afterAll(async () => {
    for (const database of opened) await database.close();
    await drop?.();
  });

  const nth = (index: number) => {
    const handle = handles[index];
    if (handle === undefined) throw new Error(`No process ${index + 1} on the shared database.`);
    return handle;
  };
  return {
    processes: handles,
    get db() {
      return nth(0);
    },
    get other() {
      return nth(1);
    },
  };
}

async function adminQuery(maintenanceUrl: string, text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: maintenanceUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
