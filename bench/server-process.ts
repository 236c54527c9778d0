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
   * cores with whatever is measured first.
   */
  settled(): Promise<void>;
  stop(): Promise<void>;
}

/** CPU time (user and system) the process has used, in clock ticks, from /proc. */
function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Under this share of one core for SETTLED_WINDOW_MS counts as idle. */
const SETTLED_CPU_SHARE = 0.05;
const SETTLED_WINDOW_MS = 2000;
const SETTLED_TIMEOUT_MS = 120_000;
const TICKS_PER_SECOND = 100;

async function waitUntilIdle(pid: number): Promise<void> {
  const deadline = Date.now() + SETTLED_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const before = cpuTicks(pid);
    await new Promise((resolve) => setTimeout(resolve, SETTLED_WINDOW_MS));
    const share = (cpuTicks(pid) - before) / TICKS_PER_SECOND / (SETTLED_WINDOW_MS / 1000);
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
    settled: () => waitUntilIdle(pid),
    stop,
  };
}
