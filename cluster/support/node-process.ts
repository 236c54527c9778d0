// Starting, watching and stopping Darkroom server processes, shared by the global setup (the
// three nodes) and the specs' helpers (a node started again, a process expected to refuse to
// start). Each node writes to a log file rather than a pipe: a node a spec starts outlives the
// spec file's worker, and a pipe to a worker that has exited would fail its writes.
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const REPOSITORY_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A start shares two cores with two other nodes starting, PostgreSQL and the tests. */
const READY_TIMEOUT_MS = 120_000;
const POLL_MS = 200;
/** How much of a node's log a failure message quotes. */
const LOG_TAIL_CHARS = 6_000;

/**
 * Starts `node scripts/start.mjs` as the server itself: DARKROOM_LAUNCHED_SERVER marks the process
 * as the launcher's child, so it serves at once, without a launcher that would start it again, and
 * its pid is the server's (a SIGKILL is a real death). Output is appended to `logFile`.
 */
export function spawnServer(env: Record<string, string>, logFile: string): ChildProcess {
  const log = openSync(logFile, 'a');
  try {
    return spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: REPOSITORY_ROOT,
      env: { ...env, DARKROOM_LAUNCHED_SERVER: '1' },
      stdio: ['ignore', log, log],
    });
  } finally {
    // The child holds its own copy of the descriptor.
    closeSync(log);
  }
}

/** Records a node process in the run's pid file (`{name} {pid}` a line), for teardown. */
export function recordPid(pidFile: string, name: string, pid: number): void {
  appendFileSync(pidFile, `${name} ${pid}\n`);
}

/** Every `[name, pid]` the pid file lists, oldest first. */
export function recordedPids(pidFile: string): Array<[string, number]> {
  if (!existsSync(pidFile)) return [];
  return readFileSync(pidFile, 'utf8')
    .split('\n')
    .filter((line) => line.includes(' '))
    .map((line) => {
      const [name = '', pid = ''] = line.split(' ');
      return [name, Number(pid)];
    });
}

/**
 * Whether `pid` is a running process. A process that has died but was not yet reaped (a zombie:
 * state Z in /proc/{pid}/stat, proc(5)) counts as gone: a node a spec's worker started is reaped
 * by whoever inherits it, which may be late.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The state follows the command name, which is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    // No /proc (not Linux): kill(pid, 0) is all there is.
    return true;
  }
}

/**
 * Whether `pid` is still the node started with `dataDir`: its environment (/proc/{pid}/environ)
 * names that DATA_DIR. A pid recorded long ago may since belong to another process.
 */
export function isNodeProcess(pid: number, dataDir: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`DATA_DIR=${dataDir}`);
  } catch {
    return isRunning(pid);
  }
}

/** Resolves once `pid` has exited; false when it still runs after `timeoutMs`. */
export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isRunning(pid)) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

/**
 * Waits until the node at `baseUrl` is ready: `/readyz` answers 200 (the database is reachable),
 * or, on a server without `/readyz` (it answers 404), `/healthz` does. Throws with the end of its
 * log when the process exits first or does not get ready in time.
 */
export async function waitUntilReady(baseUrl: string, pid: number, logFile: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!isRunning(pid)) {
      throw new Error(`The node at ${baseUrl} (pid ${pid}) exited:\n${logTail(logFile)}`);
    }
    if (await answersReady(baseUrl)) return;
    await sleep(POLL_MS);
  }
  throw new Error(
    `The node at ${baseUrl} (pid ${pid}) was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${logTail(logFile)}`,
  );
}

async function answersReady(baseUrl: string): Promise<boolean> {
  try {
    const ready = await fetch(`${baseUrl}/readyz`);
    await ready.arrayBuffer();
    if (ready.status !== 404) return ready.status === 200;
    const healthy = await fetch(`${baseUrl}/healthz`);
    await healthy.arrayBuffer();
    return healthy.status === 200;
  } catch {
    // Not listening yet.
    return false;
  }
}

/** The end of a log file, for failure messages. */
export function logTail(logFile: string): string {
  if (!existsSync(logFile)) return '(no output)';
  const text = readFileSync(logFile, 'utf8');
  if (text.trim() === '') return '(no output)';
  return text.length > LOG_TAIL_CHARS ? `...${text.slice(-LOG_TAIL_CHARS)}` : text;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
