import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database.ts';
import { DEMO_SOURCE_ID } from '../../src/demo/demo-source.ts';
import { setSourceCapabilities } from '../../src/store/capabilities.ts';
import '../provided-context.ts';
import {
  STAND_IN_SERVER,
  freePort,
  startScript,
  waitForHealth,
  type Running,
} from './server-processes.ts';

const postgresUrl = inject('postgresUrl');
const DELIVERY_DOMAIN = 'images.test';
const SHARED_SECRET_KEY = randomBytes(32).toString('hex');
/** A premium render: background removal, which the stand-in models hold as long as asked. */
const TARGET = '/astronaut.png?bg-remove=true&w=64&fm=png';

/** A delivery request to the demo source on one server, as a browser would send it. */
function deliver(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: TARGET, headers: { host: `demo.${DELIVERY_DOMAIN}` } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
  });
}

// Two processes share one database only through PostgreSQL (PGlite is one process's).
describe.skipIf(postgresUrl === null)('a job in hand when its server stops', () => {
  const name = `darkroom_handover_${randomBytes(6).toString('hex')}`;
  let databaseUrl: string;
  let dataDir: string;
  let database: Database | null = null;
  const servers: Running[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: postgresUrl ?? '' });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(postgresUrl ?? '');
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    // Processes sharing a database share DATA_DIR too (docs/ARCHITECTURE.md, "How it scales").
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'darkroom-handover-'));
  });

  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await database?.close();
    const admin = new pg.Client({ connectionString: postgresUrl ?? '' });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function startServer(modelDelayMs: number): Promise<{ server: Running; port: number }> {
    const port = await freePort();
    const server = startScript(STAND_IN_SERVER, {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      // Required with DATABASE_URL: both servers must decrypt what the other encrypted.
      DARKROOM_SECRET_KEY: SHARED_SECRET_KEY,
      PORT: String(port),
      HOST: '127.0.0.1',
      DELIVERY_DOMAIN,
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      SHUTDOWN_GRACE_MS: '20000',
      STAND_IN_MODEL_DELAY_MS: String(modelDelayMs),
    });
    servers.push(server);
    await waitForHealth(`http://127.0.0.1:${port}`, server);
    return { server, port };
  }

  it(
    "a SIGTERM'd server with a long AI job in hand exits within the grace period and another process completes the job",
    { timeout: 240_000 },
    async () => {
      // This one's model would take ten minutes: far past the grace, and past the job's lease.
      const first = await startServer(600_000);
      database = await openDatabase({ databaseUrl, pgliteDir: null });
      await setSourceCapabilities(database.db, DEMO_SOURCE_ID, ['background_removal']);
      expect(await deliver(first.port)).toBe(423);
      await first.server.waitFor('stand-in background removal started');

      const second = await startServer(0);
      first.server.child.kill('SIGTERM');
      const stopped = await first.server.exited;
      // Exit 1 would mean the grace ran out.
      expect(stopped.code).toBe(0);
      expect(stopped.output).toContain('"kind":"ai-render","msg":"job given back to the queue"');

      // The same job, not a new one: the second server renders once, before it is asked.
      await second.server.waitFor('stand-in background removal started');
      let status = 423;
      while (status === 423) {
        status = await deliver(second.port);
        if (status === 423) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(status).toBe(200);
      const renders =
        second.server.output().split('stand-in background removal started').length - 1;
      expect(renders).toBe(1);
      // The runner takes the job out of the queue once its handler returns, which is after the
      // render is stored and may be after the 200 above: the queue empties shortly, not at once.
      const { db } = database;
      const jobsLeft = () =>
        db.selectFrom('jobs').select('id').where('kind', '=', 'ai-render').execute();
      let left = await jobsLeft();
      for (let attempt = 0; left.length > 0 && attempt < 100; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        left = await jobsLeft();
      }
      expect(left).toEqual([]);
      second.server.child.kill('SIGTERM');
      expect((await second.server.exited).code).toBe(0);
    },
  );
});
