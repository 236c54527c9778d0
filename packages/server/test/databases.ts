import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import {
  openDatabase,
  pgliteDatabase,
  type Database,
  type DatabaseKind,
} from '../src/db/database.ts';
import './provided-context.ts';

/** A database engine the integration suite runs against. */
export interface Backend {
  name: DatabaseKind;
  /** A new, empty database (not migrated); closing it also throws it away. */
  open(): Promise<Database>;
}

let template: Promise<Blob> | null = null;

/** The embedded database, always available: a copy of the initialised template per open. */
export const PGLITE: Backend = {
  name: 'pglite',
  async open() {
    template ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([bytes]));
    const instance = new PGlite({ loadDataDir: await template });
    await instance.waitReady;
    return pgliteDatabase(instance);
  },
};

function postgres(maintenanceUrl: string): Backend {
  return {
    name: 'postgres',
    async open() {
      // One database per test suite, so test files run in parallel without sharing rows.
      const name = `darkroom_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: maintenanceUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(maintenanceUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: null });
      return {
        ...database,
        async close() {
          await database.close();
          const cleanup = new pg.Client({ connectionString: maintenanceUrl });
          await cleanup.connect();
          await cleanup.query(`drop database if exists ${name} with (force)`);
          await cleanup.end();
        },
      };
    },
  };
}

/** The maintenance URL of the test PostgreSQL server, or null without one. */
export const postgresUrl = inject('postgresUrl');

/** The backends to `describe.each` over: PGlite always, PostgreSQL when one is available. */
export const BACKENDS: readonly Backend[] = postgresUrl
  ? [PGLITE, postgres(postgresUrl)]
  : [PGLITE];
