import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pgliteDirectory } from '../src/db/database.ts';
import './provided-context.ts';
import { PASSWORD, uniqueEmail } from './requests.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = 'packages/server/src/main.ts';
const ADMIN_CREATE = 'packages/server/src/cli/admin-create.ts';

interface Finished {
  code: number | null;
  output: string;
}

function start(
  script: string,
  args: string[],
  env: Record<string, string>,
  options: { ipc?: boolean } = {},
): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    // Empty values mean "default": a DATABASE_URL meant for the test PostgreSQL stays out.
    env: {
      ...process.env,
      DATABASE_URL: '',
      READ_ONLY: '',
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      LOG_LEVEL: 'info',
      DARKROOM_COMMIT: 'test',
      ...env,
    },
    stdio: options.ipc === true ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
}

function finished(child: ChildProcess): Promise<Finished> {
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

function run(script: string, args: string[], env: Record<string, string>): Promise<Finished> {
  return finished(start(script, args, env));
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  // A minute: a start shares two cores with the other test files.
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become healthy');
}

async function post(base: string, url: string, body: unknown) {
  const response = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.api+json' },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { data: { attributes: Record<string, unknown> } },
  };
}

function signInBody(email: string, password = PASSWORD) {
  return { data: { type: 'sessions', attributes: { email, password } } };
}

describe('the server process and admin:create', () => {
  let dataDir: string;
  let env: Record<string, string>;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'darkroom-process-'));
    // Start from a copy of an initialised cluster: initdb on disk is slow and the
    // database tests already cover a first start in an empty folder.
    const template = new Blob([await readFile(inject('pgliteTemplate'))]);
    const seed = new PGlite(pgliteDirectory(dataDir), { loadDataDir: template });
    await seed.waitReady;
    await seed.close();
    const port = await freePort();
    env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    };
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('admin:create prints its usage and exits 2 on wrong arguments', async () => {
    const missing = await run(ADMIN_CREATE, ['--email', 'a@example.com'], env);
    expect(missing.code).toBe(2);
    expect(missing.output).toContain('--email and --password are required.');
    expect(missing.output).toContain('Usage: npm run admin:create');
  });

  it(
    'creates an admin, serves, stops cleanly on SIGTERM and keeps data across a restart',
    { timeout: 120_000 },
    async () => {
      const adminEmail = uniqueEmail('root');
      const created = await run(
        ADMIN_CREATE,
        ['--email', adminEmail, '--password', PASSWORD, '--name', 'Root'],
        env,
      );
      expect(created.output).toContain(`Created admin ${adminEmail}`);
      expect(created.code).toBe(0);

      const base = `http://127.0.0.1:${env.PORT}`;
      const first = start(MAIN, [], env);
      children.push(first);
      const firstExit = finished(first);
      await waitForHealth(base, first);
      const admin = await post(base, '/api/v4/sessions', signInBody(adminEmail));
      expect(admin.status).toBe(201);
      expect(admin.body.data.attributes.admin).toBe(true);

      // The embedded database belongs to the running server: admin:create must not touch it.
      const busy = await run(ADMIN_CREATE, ['--email', uniqueEmail(), '--password', PASSWORD], env);
      expect(busy.code).toBe(1);
      expect(busy.output).toContain('in use by process');

      const email = uniqueEmail();
      const signUp = await post(base, '/api/v4/accounts', {
        data: {
          type: 'accounts',
          attributes: { company: 'Durable', name: 'Dee', email, password: PASSWORD },
        },
      });
      expect(signUp.status).toBe(201);
      first.kill('SIGTERM');
      const stopped = await firstExit;
      expect(stopped.code).toBe(0);
      expect(stopped.output).toContain('"msg":"stopped"');

      const second = start(MAIN, [], env);
      children.push(second);
      const secondExit = finished(second);
      await waitForHealth(base, second);
      expect((await post(base, '/api/v4/sessions', signInBody(email))).status).toBe(201);
      second.kill('SIGINT');
      expect((await secondExit).code).toBe(0);
    },
  );

  it(
    'stops cleanly when the launcher that started it goes away (its IPC channel closes)',
    { timeout: 60_000 },
    async () => {
      const base = `http://127.0.0.1:${env.PORT}`;
      const server = start(MAIN, [], env, { ipc: true });
      children.push(server);
      const exit = finished(server);
      await waitForHealth(base, server);
      // What scripts/start.mjs's death looks like from the server's side.
      server.disconnect();
      const stopped = await exit;
      expect(stopped.code).toBe(0);
      expect(stopped.output).toContain('"msg":"stopped"');
    },
  );

  it(
    'refuses to start, exit 78, with a secret key other than the one the database was started with',
    // Two starts of a server, on two cores shared with the other test files.
    { timeout: 180_000 },
    async () => {
      // The earlier tests started on this data directory with its key file: the database holds
      // that key's fingerprint now.
      const otherKey = Buffer.alloc(32, 0x5a).toString('hex');
      const refused = await run(MAIN, [], { ...env, DARKROOM_SECRET_KEY: otherKey });
      expect(refused.code).toBe(78);
      expect(refused.output).toContain(
        "DARKROOM_SECRET_KEY is not the key this database's storage secrets are encrypted with",
      );
      expect(refused.output).not.toContain(otherKey);
      // The key the fingerprint was made from still starts.
      const keyFile = (await readFile(path.join(dataDir, 'secret.key'), 'utf8')).trim();
      const base = `http://127.0.0.1:${env.PORT}`;
      const server = start(MAIN, [], { ...env, DARKROOM_SECRET_KEY: keyFile });
      children.push(server);
      const exit = finished(server);
      await waitForHealth(base, server);
      server.kill('SIGTERM');
      expect((await exit).code).toBe(0);
    },
  );
});
