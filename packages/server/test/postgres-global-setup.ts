import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
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
  const bin = findPostgresBin();
  if (bin === null) {
    console.info(
      '[server tests] PostgreSQL tests skipped: no initdb/pg_ctl on PATH or in /usr/lib/postgresql/*/bin',
    );
    project.provide('postgresUrl', null);
    return undefined;
  }

  const root = mkdtempSync(path.join(os.tmpdir(), 'darkroom-postgres-'));
  let asPostgres: ReturnType<typeof prepareUser>;
  try {
    asPostgres = prepareUser(root);
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    console.info(
      `[server tests] PostgreSQL tests skipped: running as root needs a postgres user (${String(error)})`,
    );
    project.provide('postgresUrl', null);
    return undefined;
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
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  console.info(`[server tests] PostgreSQL: throwaway cluster from ${bin} on 127.0.0.1:${port}`);
  project.provide('postgresUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);

  return () => {
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
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

function freePort(): Promise<number> {
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
