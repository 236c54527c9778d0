import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  rawExchange,
  seededDataDir,
  startProcess,
  waitForHealth,
  type Running,
} from './server-processes.ts';

/** The server the launcher runs: its one child process. */
function serverPid(launcherPid: number): number {
  const children = readFileSync(`/proc/${launcherPid}/task/${launcherPid}/children`, 'utf8');
  const [child] = children.trim().split(/\s+/).filter(Boolean).map(Number);
  if (child === undefined) throw new Error('the launcher runs no server');
  return child;
}

/** Where Debian installs jemalloc 5 (libjemalloc2, which CI installs). */
const DEBIAN_JEMALLOC = `/usr/lib/${process.arch === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/libjemalloc.so.2`;

/**
 * The allocator the launcher gave the server: jemalloc loaded where it is installed, else glibc
 * with its thresholds fixed (scripts/start.mjs, allocatorEnvironment).
 */
function expectServerAllocator(pid: number): void {
  const mapped = readFileSync(`/proc/${pid}/maps`, 'utf8');
  const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  if (existsSync(DEBIAN_JEMALLOC)) {
    expect(mapped).toContain(DEBIAN_JEMALLOC);
  } else {
    expect(mapped).not.toContain('libjemalloc');
    expect(environment).toContain('MALLOC_MMAP_THRESHOLD_=1048576');
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function untilGone(pid: number): Promise<void> {
  while (alive(pid)) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** `npm start`'s launcher (scripts/start.mjs), which runs the server as its child. */
describe.runIf(process.platform === 'linux')('the launcher, scripts/start.mjs', () => {
  let setup: Awaited<ReturnType<typeof seededDataDir>>;
  const launchers: Running[] = [];

  beforeAll(async () => {
    setup = await seededDataDir('launcher');
  });
  afterAll(async () => {
    for (const launcher of launchers) {
      if (launcher.child.exitCode === null) launcher.child.kill('SIGKILL');
    }
    await rm(setup.dataDir, { recursive: true, force: true });
  });

  async function launched(): Promise<Running> {
    const launcher = startProcess(['scripts/start.mjs'], setup.env);
    launchers.push(launcher);
    await waitForHealth(setup.base, launcher);
    return launcher;
  }

  it(
    'starts a server that died again, backing off, and stops it on SIGTERM',
    { timeout: 300_000 },
    async () => {
      const launcher = await launched();
      const launcherPid = launcher.child.pid ?? 0;

      // Killed from outside (the out-of-memory killer does this): started again after 1 s.
      const first = serverPid(launcherPid);
      process.kill(first, 'SIGKILL');
      await launcher.waitFor(`(pid ${first}) was killed by SIGKILL; starting it again in 1 s`);
      await waitForHealth(setup.base, launcher);

      // Exited with an error of its own (two signals sent to it, not to the launcher): after 2 s.
      const second = serverPid(launcherPid);
      expect(second).not.toBe(first);
      // A request in flight keeps it draining after the first signal, so the second one counts.
      const held = rawExchange(setup.port, [
        'POST /api/v4/sessions?held=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
          'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
      ]);
      await launcher.waitFor('"url":"/api/v4/sessions?held=1"');
      process.kill(second, 'SIGTERM');
      await launcher.waitFor('"msg":"shutting down"');
      process.kill(second, 'SIGTERM');
      await held;
      await launcher.waitFor(`(pid ${second}) exited with code 1; starting it again in 2 s`);
      await waitForHealth(setup.base, launcher);

      // Asked to stop: the server drains and the launcher exits with it, starting nothing.
      const third = serverPid(launcherPid);
      launcher.child.kill('SIGTERM');
      const stopped = await launcher.exited;
      expect(stopped.code).toBe(0);
      expect(stopped.output).toContain('"msg":"stopped"');
      expect(stopped.output).not.toContain(`(pid ${third})`);
      expect(alive(third)).toBe(false);
    },
  );

  it(
    'runs its server with jemalloc where it is installed and stops it cleanly on Ctrl-C',
    { timeout: 180_000 },
    async () => {
      const launcher = await launched();
      const server = serverPid(launcher.child.pid ?? 0);
      if (process.env.LD_PRELOAD === undefined) expectServerAllocator(server);
      // A terminal sends SIGINT to the whole foreground group: the server drains once, and the
      // launcher closing its channel then is no second signal.
      process.kill(server, 'SIGINT');
      launcher.child.kill('SIGINT');
      const stopped = await launcher.exited;
      expect(stopped.code).toBe(0);
      expect(stopped.output).toContain('"msg":"stopped"');
      expect(stopped.output).not.toContain('second signal');
      expect(stopped.output).not.toContain('starting it again');
    },
  );

  it('stops its server when it dies itself', { timeout: 180_000 }, async () => {
    const launcher = await launched();
    const server = serverPid(launcher.child.pid ?? 0);
    launcher.child.kill('SIGKILL');
    await untilGone(server);
    expect(alive(server)).toBe(false);
  });
});
