import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase, pgliteDirectory } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { MIGRATIONS } from '../src/db/migrations/index.ts';
import { createAccount } from '../src/store/accounts.ts';
import { BACKENDS, postgresUrl } from './databases.ts';
import { call, signIn, signUp } from './requests.ts';
import { testConfig } from './test-app.ts';

describe.each(BACKENDS)('migrations on $name', (backend) => {
  it('apply once, in order, and find nothing to do the second time', async () => {
    const database = await backend.open();
    try {
      expect(await migrate(database)).toEqual(MIGRATIONS.map((migration) => migration.name));
      expect(await migrate(database)).toEqual([]);
      const account = await createAccount(database.db, 'Migrated');
      expect(account.webproxy_access).toBe(false);
    } finally {
      await database.close();
    }
  });
});

describe('the embedded database in a data directory', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'darkroom-data-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  // Two embedded clusters start from an empty folder on disk here (seconds each alone), so under a
  // full parallel run this needs more room than the suite's default.
  it('keeps every write across close and reopen', { timeout: 120_000 }, async () => {
    const config = testConfig({ DATA_DIR: dataDir });
    const first = await buildApp(config);
    const user = await signUp(first);
    const event = await call(first, 'POST', '/api/v4/events', {
      token: user.token,
      body: { data: { type: 'events', attributes: { name: 'Just Before Closing' } } },
    });
    expect(event.status).toBe(202);
    await first.close();

    const second = await buildApp(config);
    try {
      expect((await signIn(second, user.email)).status).toBe(201);
      const current = await call(second, 'GET', '/api/v4/sessions/current', { token: user.token });
      expect(current.status).toBe(200);
      const events = await second.darkroom.database.db
        .selectFrom('events')
        .select('name')
        .execute();
      expect(events).toEqual([{ name: 'Just Before Closing' }]);
    } finally {
      await second.close();
    }
  });

  it('refuses a second opener while it is open, with a clear message', async () => {
    const pgliteDir = pgliteDirectory(dataDir);
    const database = await openDatabase({ databaseUrl: null, pgliteDir });
    try {
      await expect(openDatabase({ databaseUrl: null, pgliteDir })).rejects.toThrow(
        /embedded database is in use by process \d+/,
      );
    } finally {
      await database.close();
    }
    const again = await openDatabase({ databaseUrl: null, pgliteDir });
    await again.close();
  });
});

describe.runIf(postgresUrl)('PostgreSQL', () => {
  it('lets several processes migrate the same database at once', async () => {
    const name = `darkroom_test_concurrent_${Date.now()}`;
    const admin = new pg.Client({ connectionString: postgresUrl ?? '' });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(postgresUrl ?? '');
    url.pathname = `/${name}`;
    const databases = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), pgliteDir: null })),
    );
    try {
      const applied = await Promise.all(databases.map((database) => migrate(database)));
      expect(applied.map((names) => names.length).sort()).toEqual([0, 0, MIGRATIONS.length]);
    } finally {
      await Promise.all(databases.map((database) => database.close()));
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    }
  });
});
