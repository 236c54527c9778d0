import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresUrl } from '../databases.ts';
import { freePort, startProcess, waitForHealth, type Running } from './server-processes.ts';

/** The processes `parent` started, read from /proc. */
function childrenOf(parent: number): number[] {
  const children = readFileSync(`/proc/${parent}/task/${parent}/children`, 'utf8');
  return children.trim().split(/\s+/).filter(Boolean).map(Number);
}

/** The launcher's one child, the cluster primary. */
function primaryOf(launcher: Running): number {
  const [primary] = childrenOf(launcher.child.pid ?? 0);
  if (primary === undefined) throw new Error('the launcher runs no server');
  return primary;
}

/** The workers of the primary, once there are `count` of them. */
async function workersOf(primary: number, count: number): Promise<number[]> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const workers = childrenOf(primary);
    if (workers.length === count) return workers;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the primary never ran ${count} workers`);
}

function environmentOf(pid: number): string[] {
  return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * GET /healthz on a connection of its own (node:cluster hands each new connection to the next
 * worker), tagged with an X-Request-Id; answers the status.
 */
function probe(port: number, requestId: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/healthz',
        agent: false,
        headers: { 'x-request-id': requestId },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
  });
}

/** The pid in the log line of the request tagged `requestId` (pino logs each line's pid). */
function answeringPid(output: string, requestId: string): number | null {
  for (const line of output.split('\n')) {
    if (!line.includes(`"reqId":"${requestId}"`)) continue;
    const { pid } = JSON.parse(line) as { pid?: number };
    if (pid !== undefined) return pid;
  }
  return null;
}

/** The pids that answered `count` probes, each on a new connection. */
async function answeringPids(running: Running, port: number, count: number): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let index = 0; index < count; index += 1) {
    const requestId = `workers-probe-${randomBytes(6).toString('hex')}`;
    expect(await probe(port, requestId)).toBe(200);
    await running.waitFor(`"reqId":"${requestId}"`);
    const pid = answeringPid(running.output(), requestId);
    if (pid !== null) pids.add(pid);
  }
  return pids;
}

/** Resolves once process `pid` has logged a line whose message starts with `message`. */
async function untilLogged(running: Running, pid: number, message: string): Promise<void> {
  const logged = () =>
    running
      .output()
      .split('\n')
      .some((line) => line.includes(`"pid":${pid},`) && line.includes(`"msg":"${message}`));
  while (!logged()) {
    if (running.child.exitCode !== null) throw new Error(`exited:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function untilGone(pid: number): Promise<void> {
  while (alive(pid)) await new Promise((resolve) => setTimeout(resolve, 100));
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

/** `npm start` with WORKERS: a cluster primary under the launcher, its workers on one port. */
describe.runIf(process.platform === 'linux')('WORKERS, server processes on one port', () => {
  let dataDir: string;
  let port: number;
  const launchers: Running[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'darkroom-workers-'));
    port = await freePort();
  });
  afterAll(async () => {
    for (const launcher of launchers) {
      if (launcher.child.exitCode === null) launcher.child.kill('SIGKILL');
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  function launch(env: Record<string, string>): Running {
    const launcher = startProcess(['scripts/start.mjs'], {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
      UV_THREADPOOL_SIZE: '',
      ...env,
    });
    launchers.push(launcher);
    return launcher;
  }

  // Starting `npm start` (tsx compiling the server) alone can take half a minute on a loaded machine.
  it(
    'refuses more than one worker on the embedded database, on a wrong setting',
    { timeout: 180_000 },
    async () => {
      const stopped = await launch({ WORKERS: '2' }).exited;
      expect(stopped.code).toBe(78);
      expect(stopped.output).toContain(
        'WORKERS: must be 1 without DATABASE_URL: the embedded database is opened by one process only',
      );
      expect(stopped.output).not.toContain('starting it again');
    },
  );

  describe.runIf(postgresUrl !== null)('on PostgreSQL', () => {
    const database = `darkroom_workers_${randomBytes(6).toString('hex')}`;
    const secretKey = randomBytes(32).toString('hex');
    let databaseUrl: string;

    async function maintenance(statement: string): Promise<void> {
      const client = new pg.Client({ connectionString: postgresUrl ?? '' });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    }

    beforeAll(async () => {
      await maintenance(`create database ${database}`);
      const url = new URL(postgresUrl ?? '');
      url.pathname = `/${database}`;
      databaseUrl = url.toString();
    });
    afterAll(async () => {
      await maintenance(`drop database if exists ${database} with (force)`);
    });

    /** Two workers on the test's database, once both serve: the launcher, primary and workers. */
    async function launchTwo(env: Record<string, string> = {}) {
      const launcher = launch({
        WORKERS: '2',
        DATABASE_URL: databaseUrl,
        DARKROOM_SECRET_KEY: secretKey,
        ...env,
      });
      await waitForHealth(`http://127.0.0.1:${port}`, launcher);
      const primary = primaryOf(launcher);
      const workers = await workersOf(primary, 2);
      await Promise.all(workers.map((pid) => untilLogged(launcher, pid, 'Darkroom is running')));
      return { launcher, primary, workers };
    }

    it(
      'answers from two workers, sizes their thread pool, replaces a killed one and drains both on SIGTERM',
      { timeout: 300_000 },
      async () => {
        const { launcher, primary, workers } = await launchTwo({
          RENDER_CONCURRENCY: '3',
          // Both workers create the admin at start: one finds it made by the other.
          ADMIN_EMAIL: 'root@example.com',
          ADMIN_PASSWORD: 'a long admin password',
        });

        // Three renders and four threads beside them, in each worker's environment.
        expect(launcher.output()).toContain(
          '[darkroom] libuv thread pool: 7 threads, 3 for renders (RENDER_CONCURRENCY) and 4 beside them.',
        );
        for (const pid of workers) expect(environmentOf(pid)).toContain('UV_THREADPOOL_SIZE=7');

        // One port, two processes answering it.
        expect(await answeringPids(launcher, port, 8)).toEqual(new Set(workers));
        expect(occurrences(launcher.output(), '"msg":"admin user created"')).toBe(1);
        expect(launcher.output()).not.toContain('starting it again');

        // A worker killed from outside (the out-of-memory killer) is replaced in its slot.
        const [killed = 0, kept = 0] = workers;
        process.kill(killed, 'SIGKILL');
        await launcher.waitFor(`(pid ${killed}) was killed by SIGKILL; starting it again in 1 s.`);
        let replacement: number | undefined;
        for (let attempt = 0; replacement === undefined && attempt < 600; attempt += 1) {
          replacement = childrenOf(primary).find((pid) => pid !== kept && pid !== killed);
          if (replacement === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        if (replacement === undefined) throw new Error('the killed worker was not replaced');
        await untilLogged(launcher, replacement, 'Darkroom is running');
        expect(await answeringPids(launcher, port, 8)).toEqual(new Set([kept, replacement]));

        // Asked to stop: both workers drain, then the primary and the launcher exit 0.
        const before = launcher.output().length;
        launcher.child.kill('SIGTERM');
        const stopped = await launcher.exited;
        expect(stopped.code).toBe(0);
        const stopping = stopped.output.slice(before);
        expect(occurrences(stopping, '"msg":"shutting down"')).toBe(2);
        expect(occurrences(stopping, '"msg":"stopped"')).toBe(2);
        expect(stopping).not.toContain('starting it again');
        for (const pid of [primary, kept, replacement]) expect(alive(pid)).toBe(false);
      },
    );

    it(
      'drains each worker once on a Ctrl-C, however the signals arrive',
      { timeout: 300_000 },
      async () => {
        const { launcher, primary, workers } = await launchTwo();
        const before = launcher.output().length;
        // A terminal signals the whole process group. The launcher's first: its channel to the
        // primary closes, and the primary asks the workers to stop before their own SIGINT comes.
        launcher.child.kill('SIGINT');
        process.kill(primary, 'SIGINT');
        for (const pid of workers) process.kill(pid, 'SIGINT');
        const stopped = await launcher.exited;
        expect(stopped.code).toBe(0);
        const stopping = stopped.output.slice(before);
        expect(occurrences(stopping, '"msg":"stopped"')).toBe(2);
        expect(stopping).not.toContain('second signal');
        for (const pid of [primary, ...workers]) await untilGone(pid);
      },
    );

    it(
      'stops its workers, each draining, when the launcher dies',
      { timeout: 300_000 },
      async () => {
        const { launcher, primary, workers } = await launchTwo();
        const before = launcher.output().length;
        launcher.child.kill('SIGKILL');
        for (const pid of [primary, ...workers]) await untilGone(pid);
        const stopping = launcher.output().slice(before);
        expect(occurrences(stopping, '"reason":"asked by the cluster primary"')).toBe(2);
        expect(occurrences(stopping, '"msg":"stopped"')).toBe(2);
      },
    );
  });
});
