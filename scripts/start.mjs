// `npm start`: build the dashboard when its sources are newer than the last build, then run the
// server (one Node process serves the dashboard, the API and deliveries) and keep it running.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const webDist = join(root, 'packages/web/dist/index.html');
const webInputs = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/core/src',
].map((path) => join(root, path));

function newestModification(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestModification(join(path, entry))),
    stats.mtimeMs,
  );
}

function buildDashboardWhenStale() {
  const builtAt = existsSync(webDist) ? statSync(webDist).mtimeMs : 0;
  const changedAt = Math.max(...webInputs.map(newestModification));
  if (changedAt <= builtAt) return;
  console.info('Building the dashboard (packages/web)...');
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', '@darkroom/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** Set in the server's environment: the process that serves, not the launcher. */
const SERVER_MARKER = 'DARKROOM_LAUNCHED_SERVER';
/** The server exits with this (sysexits.h EX_CONFIG) when a setting is wrong: no restart helps. */
const EXIT_CONFIG = 78;
/** Back-off between restarts of a server that died: doubling from the first to the last. */
const RESTART_FIRST_DELAY_MS = 1_000;
const RESTART_LAST_DELAY_MS = 30_000;
/** A server that ran this long before dying starts again after the first delay. */
const RESTART_RESET_UPTIME_MS = 60_000;

/** Where distributions install jemalloc 5 (Debian's libjemalloc2, Fedora's jemalloc). */
function jemallocCandidates() {
  const multiarch = { x64: 'x86_64', arm64: 'aarch64' }[process.arch];
  return [
    ...(multiarch === undefined ? [] : [`/usr/lib/${multiarch}-linux-gnu/libjemalloc.so.2`]),
    '/usr/lib64/libjemalloc.so.2',
    '/usr/lib/libjemalloc.so.2',
  ];
}

/**
 * The allocator the server renders with. libvips allocates and frees multi-megabyte pixel
 * buffers from many threads, and glibc's per-thread heaps keep what they free: sharp's
 * documentation recommends jemalloc on glibc-based Linux (and runs libvips single-threaded per
 * operation without it). With jemalloc preloaded, the server returns to within 31-44 MiB of its
 * idle size 10 s after each part of `npm run battery`, where glibc tuned as below stayed
 * 163-172 MiB above it, and the hostile files peak at 936 MiB instead of 1088 MiB.
 *
 * Without jemalloc installed, glibc is tuned instead. It serves a large allocation with its own
 * mapping, returned to the system when freed, until the first such free: from then on it raises
 * that threshold (up to 32 MiB) and serves pixel buffers from per-thread heaps that keep freed
 * pages. A fixed threshold stops that, but fixing it also pins the trim threshold at 128 KiB, so
 * each heap gives its top back at nearly every free and faults it in again on the next render; a
 * 1 MiB mapping threshold with a 4 MiB trim threshold kept the server at 890-940 MiB at full
 * concurrency (`npm run bench`) and cost a 512 px JPEG render about 4 ms of CPU less than 256 KiB
 * with the default trim did.
 *
 * Both are read only when a process starts, so the server runs as a child started with them; an
 * operator's own LD_PRELOAD or glibc settings are left as they are.
 */
function allocatorEnvironment() {
  if (process.platform !== 'linux') return {};
  if (process.env.LD_PRELOAD !== undefined || process.env.MALLOC_MMAP_THRESHOLD_ !== undefined) {
    return {};
  }
  const jemalloc = jemallocCandidates().find((path) => existsSync(path));
  if (jemalloc !== undefined) return { LD_PRELOAD: jemalloc };
  return {
    MALLOC_MMAP_THRESHOLD_: String(1024 * 1024),
    MALLOC_TRIM_THRESHOLD_: String(4 * 1024 * 1024),
  };
}

function describeExit(code, signal) {
  return signal === null ? `exited with code ${code}` : `was killed by ${signal}`;
}

/**
 * The launcher: runs the server as its child and starts it again when it dies on its own (a crash,
 * the kernel's out-of-memory killer), after 1 s, then 2, 4, ... up to 30 s while it keeps dying
 * young, logging why each time. It stops, and exits with the server's code, when asked to (a
 * signal here) or when the server ends cleanly (exit 0) or on a wrong setting. The IPC channel lets
 * the server stop when this launcher dies, even by SIGKILL (packages/server/src/serve.ts).
 */
function superviseServer() {
  buildDashboardWhenStale();
  let server = null;
  let stopping = false;
  let restartTimer = null;
  let delayMs = RESTART_FIRST_DELAY_MS;

  const launch = () => {
    restartTimer = null;
    const startedAt = Date.now();
    server = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, ...allocatorEnvironment(), [SERVER_MARKER]: '1' },
    });
    server.on('exit', (code, signal) => {
      if (stopping || code === 0 || code === EXIT_CONFIG) {
        process.exit(code ?? (signal === null ? 0 : 1));
      }
      if (Date.now() - startedAt >= RESTART_RESET_UPTIME_MS) delayMs = RESTART_FIRST_DELAY_MS;
      console.error(
        `[darkroom] The server (pid ${server.pid}) ${describeExit(code, signal)}; starting it again in ${delayMs / 1000} s.`,
      );
      restartTimer = setTimeout(launch, delayMs);
      delayMs = Math.min(delayMs * 2, RESTART_LAST_DELAY_MS);
    });
  };

  const stop = (forward) => {
    stopping = true;
    // Between two servers: nothing runs that could still need stopping.
    if (restartTimer !== null) process.exit(0);
    forward();
  };
  // Ctrl-C reaches the whole foreground process group, the server included; forwarding it as a
  // signal would count as the second one, which makes the server exit before its database closes.
  // Closing the channel stops a server the signal did not reach, and is no second signal to one it
  // did.
  process.on('SIGINT', () => stop(() => server.connected && server.disconnect()));
  for (const signal of ['SIGTERM', 'SIGHUP']) {
    process.on(signal, () => stop(() => server.kill(signal)));
  }
  launch();
}

if (process.env[SERVER_MARKER] === undefined) {
  superviseServer();
} else {
  register();
  await import('../packages/server/src/main.ts');
}
