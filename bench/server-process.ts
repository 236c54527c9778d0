import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealthy(baseUrl: string, withinMs: number) {
  for (let attempt = 0; attempt < withinMs / 250; attempt += 1) {
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become healthy within ${withinMs / 1000} s`);
}

export interface ServerProcess {
  baseUrl: string;
  port: number;
  /** Resident memory now and at its peak (VmHWM), in bytes, read from /proc. */
  memory(): { rss: number; peak: number };
  /**
   * Resolves once the server has been all but idle for a while: after it starts it indexes the
   * demo source (decoding every image, face detection), which would otherwise share the two
   * cores with whatever is measured first. With WORKERS, every worker is.
   */
  settled(): Promise<void>;
  /** CPU time (user and system) its processes have used, in seconds: the workers too. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/** The fields of /proc/{pid}/stat after the command name (utime is [11], stime [12]). */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name is in parentheses and may contain spaces.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

function childPids(pid: number): number[] {
  try {
    const text = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
    return text.trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * Every process below `pid`: below the launcher, the server (or, with WORKERS, the cluster primary
 * and its workers) and the AI worker processes each starts.
 */
function descendants(pid: number): number[] {
  return childPids(pid).flatMap((child) => [child, ...descendants(child)]);
}

/**
 * CPU time of `pid` and every process below it, in clock ticks: each live one's own and that of
 * the children it has reaped (cutime, cstime), so a process that ends (a PostgreSQL backend, an AI
 * worker) still counts, in its parent's.
 */
function treeTicks(rootPid: number): number {
  return [rootPid, ...descendants(rootPid)].reduce((sum, pid) => {
    try {
      const fields = statFields(pid);
      return sum + [11, 12, 13, 14].reduce((ticks, field) => ticks + Number(fields[field]), 0);
    } catch {
      return sum;
    }
  }, 0);
}

/** CPU time (user and system) `pid` and every process below it have used, in seconds. */
export function processTreeCpuSeconds(pid: number): number {
  return treeTicks(pid) / TICKS_PER_SECOND;
}

/** Under this share of one core for SETTLED_WINDOW_MS counts as idle. */
const SETTLED_CPU_SHARE = 0.05;
const SETTLED_WINDOW_MS = 2000;
const SETTLED_TIMEOUT_MS = 120_000;
const TICKS_PER_SECOND = 100;

async function waitUntilIdle(launcherPid: number): Promise<void> {
  const deadline = Date.now() + SETTLED_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const before = treeTicks(launcherPid);
    await new Promise((resolve) => setTimeout(resolve, SETTLED_WINDOW_MS));
    const share = (treeTicks(launcherPid) - before) / TICKS_PER_SECOND / (SETTLED_WINDOW_MS / 1000);
    if (share < SETTLED_CPU_SHARE) return;
  }
  console.warn('The server was still busy two minutes after it started; measuring anyway.');
}

function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

/**
 * The process that serves: `scripts/start.mjs` runs the server as its child on Linux (to start it
 * with one malloc arena), elsewhere in its own process.
 */
function serverPid(launcherPid: number): number {
  try {
    const children = readFileSync(`/proc/${launcherPid}/task/${launcherPid}/children`, 'utf8');
    const [child] = children.trim().split(/\s+/).filter(Boolean).map(Number);
    return child ?? launcherPid;
  } catch {
    return launcherPid;
  }
}

/**
 * One Darkroom server, started the way a newcomer starts it (`scripts/start.mjs`, which runs the
 * server in its own process), with a throwaway data directory and the given extra settings.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { healthyWithinMs?: number } = {},
): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'darkroom-bench-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The load comes from one client address; the per-client limit is not what is measured.
      RATE_LIMIT_PER_MINUTE: '1000000',
      RATE_LIMIT_TOKEN_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealthy(baseUrl, options.healthyWithinMs ?? 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  const pid = serverPid(child.pid ?? 0);
  return {
    baseUrl,
    port,
    memory: () => ({ rss: statusBytes(pid, 'VmRSS'), peak: statusBytes(pid, 'VmHWM') }),
    settled: () => waitUntilIdle(child.pid ?? 0),
    cpuSeconds: () => processTreeCpuSeconds(child.pid ?? 0),
    stop,
  };
}
