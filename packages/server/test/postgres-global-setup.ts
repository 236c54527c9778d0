import { execFileSync, spawnSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
} from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import './provided-context.ts';

/**
 * Gives the server tests a real PostgreSQL server next to the embedded one. With
 * DATABASE_URL set it is used as is; otherwise a throwaway cluster is created with initdb
 * in a temporary folder on a free loopback port, and removed after the run. Without
 * PostgreSQL installed the PostgreSQL half of the suite is skipped, with the reason logged.
 */
export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if (process.env.DATABASE_URL) {
    console.info('[server tests] PostgreSQL: using DATABASE_URL');
    project.provide('postgresUrl', process.env.DATABASE_URL);
    return undefined;
  }
  let postgres: ThrowawayPostgres;
  try {
    postgres = await startThrowawayPostgres();
  } catch (error) {
    if (!(error instanceof PostgresUnavailableError)) throw error;
    console.info(`[server tests] PostgreSQL tests skipped: ${error.message}`);
    project.provide('postgresUrl', null);
    return undefined;
  }
  console.info(
    `[server tests] PostgreSQL: throwaway cluster from ${postgres.bin} on 127.0.0.1:${postgres.port}`,
  );
  project.provide('postgresUrl', postgres.url);
  return () => postgres.stop();
}

/** PostgreSQL cannot run here: not installed, or no user to run it as. */
export class PostgresUnavailableError extends Error {}

export interface ThrowawayPostgres {
  /** Maintenance URL: `postgres://postgres@127.0.0.1:{port}/postgres`. */
  url: string;
  port: number;
  /** The folder of the initdb and pg_ctl that run it. */
  bin: string;
  /** The postmaster, parent of every backend process. */
  postmasterPid: number;
  /** Stops the server at once (`pg_ctl stop -m immediate`) and removes its folder. */
  stop(): void;
}

/**
 * Creates a PostgreSQL cluster with initdb in a temporary folder and starts it on a free loopback
 * port, tuned for disposable data. Throws PostgresUnavailableError when PostgreSQL is not
 * installed or, as root, there is no `postgres` user to run it.
 */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = findPostgresBin();
  if (bin === null) {
    throw new PostgresUnavailableError('no initdb/pg_ctl on PATH or in /usr/lib/postgresql/*/bin');
  }
  const root = mkdtempSync(path.join(os.tmpdir(), 'darkroom-postgres-'));
  let asPostgres: ReturnType<typeof prepareUser>;
  try {
    asPostgres = prepareUser(root);
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw new PostgresUnavailableError(`running as root needs a postgres user (${String(error)})`);
  }
  const dataDir = path.join(root, 'data');
  const port = await freePort();
  const run = (command: string, args: string[]) => {
    const [file, fileArgs] = asPostgres(path.join(bin, command), args);
    const result = spawnSync(file, fileArgs, { encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(`${command} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
    }
  };
  let postmasterPid: number;
  try {
    run('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    const options = [
      `-p ${port}`,
      `-k ${root}`,
      '-c listen_addresses=127.0.0.1',
      // Test data is disposable: skip the durability work to keep the suite fast.
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
    ].join(' ');
    run('pg_ctl', [
      '-D',
      dataDir,
      '-o',
      options,
      '-l',
      path.join(root, 'postgres.log'),
      '-w',
      'start',
    ]);
    // The first line of postmaster.pid is the postmaster's pid (PostgreSQL's "Database File
    // Layout": postmaster.pid).
    postmasterPid = Number(
      readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    bin,
    postmasterPid,
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

function findPostgresBin(): string | null {
  for (const directory of (process.env.PATH ?? '').split(path.delimiter)) {
    const initdb = path.join(directory, 'initdb');
    if (directory && existsSync(initdb) && existsSync(path.join(directory, 'pg_ctl'))) {
      // Symlinks (e.g. /usr/local/bin/initdb): use the folder the binaries really live in.
      return path.dirname(realpathSync(initdb));
    }
  }
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((name) => existsSync(path.join(base, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? null : path.join(base, versions[0], 'bin');
}

/**
 * initdb refuses to run as root. As root, hand the folder to the `postgres` system user
 * and run the binaries through runuser; otherwise run them directly.
 */
function prepareUser(root: string): (file: string, args: string[]) => [string, string[]] {
  if (process.getuid?.() !== 0) return (file, args) => [file, args];
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(root, uid, gid);
  return (file, args) => ['runuser', ['-u', 'postgres', '--', file, ...args]];
}

/** A TCP port free on 127.0.0.1 at the time of asking. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (typeof address === 'object' && address !== null) resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}
