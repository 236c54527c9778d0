// Real server processes for the tests of how the process starts, stops and fails: started as
// main.ts (or the stand-in server beside this file) with `node --import tsx`, on loopback.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { pgliteDirectory } from '../../src/db/database.ts';
import '../provided-context.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
export const MAIN = 'packages/server/src/main.ts';
/** main.ts with AI models that stand in for the real ones (stand-in-server.ts). */
export const STAND_IN_SERVER = 'packages/server/test/processes/stand-in-server.ts';

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
}

/** A child process with its output gathered as it comes. */
export interface Running {
  child: ChildProcess;
  exited: Promise<Finished>;
  output(): string;
  /** Resolves once `text` has appeared in the output (rejects if the process exits first). */
  waitFor(text: string): Promise<void>;
}

/** Settings that keep a developer's environment (a DATABASE_URL, an admin) out of the child. */
const NEUTRAL_ENV = {
  DATABASE_URL: '',
  READ_ONLY: '',
  ADMIN_EMAIL: '',
  ADMIN_PASSWORD: '',
  LOG_LEVEL: 'info',
  DARKROOM_COMMIT: 'test',
};

export function startProcess(
  command: string[],
  env: Record<string, string>,
  options: { ipc?: boolean } = {},
): Running {
  const child = spawn(process.execPath, command, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...NEUTRAL_ENV, ...env },
    stdio: options.ipc === true ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters = new Set<() => void>();
  const gather = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of waiters) waiter();
  };
  child.stdout?.on('data', gather);
  child.stderr?.on('data', gather);
  const exited = new Promise<Finished>((resolve) =>
    child.on('exit', (code, signal) => {
      // Output written just before the exit may still be in the pipes.
      setImmediate(() => resolve({ code, signal, output }));
    }),
  );
  return {
    child,
    exited,
    output: () => output,
    waitFor(text) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!output.includes(text)) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
        void exited.then(({ code }) => {
          waiters.delete(check);
          if (!output.includes(text)) {
            reject(new Error(`exited with ${code} before printing ${text}:\n${output}`));
          }
        });
      });
    },
  };
}

/** A TypeScript entry point of the repository, run as `npm start` runs the server. */
export function startScript(
  script: string,
  env: Record<string, string>,
  options: { ipc?: boolean } = {},
): Running {
  return startProcess(['--import', 'tsx', script], env, options);
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(base: string, running: Running): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (running.child.exitCode !== null) {
      throw new Error(`server exited with ${running.child.exitCode}:\n${running.output()}`);
    }
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy:\n${running.output()}`);
}

/** Whether anything accepts a connection on the port. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * A data directory holding a copy of an initialised PGlite cluster (initdb on disk is slow, and
 * the database tests already cover a first start in an empty folder), with the settings that
 * serve it on a free loopback port.
 */
export async function seededDataDir(label: string): Promise<{
  dataDir: string;
  port: number;
  base: string;
  env: Record<string, string>;
}> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `darkroom-${label}-`));
  const template = new Blob([await readFile(inject('pgliteTemplate'))]);
  const seed = new PGlite(pgliteDirectory(dataDir), { loadDataDir: template });
  await seed.waitReady;
  await seed.close();
  const port = await freePort();
  return {
    dataDir,
    port,
    base: `http://127.0.0.1:${port}`,
    env: {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    },
  };
}

/**
 * One HTTP/1.1 exchange written by hand on a socket: `steps` run in turn (bytes are written, each
 * after the previous ones were flushed; a function is awaited, to hold what follows back), and the
 * answer is everything read until the server closes the connection, or until `until` matches it.
 * `abandon` closes the connection from this side once the steps are done, as a vanished client.
 */
export function rawExchange(
  port: number,
  steps: readonly (string | Buffer | (() => Promise<void>))[],
  options: { until?: RegExp; abandon?: boolean } = {},
): Promise<string> {
  const until = options.until ?? /\r\n\r\n[\s\S]*\}$/;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (until.test(answer)) {
        socket.destroy();
        resolve(answer);
      }
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
    socket.once('connect', async () => {
      for (const step of steps) {
        if (typeof step === 'function') await step();
        else await new Promise<void>((written) => socket.write(step, () => written()));
      }
      if (options.abandon === true) socket.destroy();
    });
  });
}
