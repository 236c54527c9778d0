// `npm start`: build the dashboard when its sources are newer than the last build, then run the
// server (one Node process serves the dashboard, the API and deliveries, or WORKERS of them under
// a cluster primary: packages/server/src/cluster-workers/) and keep it running.
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
 * operation without it). With jemalloc preloaded (and JEMALLOC_CONF), the hostile files of
 * `npm run battery` peaked at 761-981 MiB where glibc tuned as below reached 1088 MiB, and glibc
 * stayed 163-172 MiB above the idle size 10 s after each part.
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
/**
 * jemalloc returns freed pages to the system only as a side effect of later allocations unless it
 * runs its own purging thread, so a server that goes quiet after a burst of renders kept them:
 * 10 s after the parts of `npm run battery` it stayed 111-174 MiB above its idle size. The thread
 * purges on jemalloc's own decay schedule (jemalloc's TUNING.md, "background_thread"); shorter
 * decays made every uncached render fault its pages in again, 5-8% fewer renders a second.
 */
const JEMALLOC_CONF = 'background_thread:true';

function allocatorEnvironment() {
  if (process.platform !== 'linux') return {};
  if (process.env.LD_PRELOAD !== undefined || process.env.MALLOC_MMAP_THRESHOLD_ !== undefined) {
    return {};
  }
  const jemalloc = jemallocCandidates().find((path) => existsSync(path));
  if (jemalloc !== undefined) {
    return { LD_PRELOAD: jemalloc, MALLOC_CONF: process.env.MALLOC_CONF ?? JEMALLOC_CONF };
  }
  return {
    MALLOC_MMAP_THRESHOLD_: String(1024 * 1024),
    MALLOC_TRIM_THRESHOLD_: String(4 * 1024 * 1024),
  };
}

/**
 * libuv's thread pool, sized for the server's renders (cluster-workers/thread-pool.ts): Node reads
 * UV_THREADPOOL_SIZE once, when a process first uses its pool, so it is set before the server
 * starts, and reaches every cluster worker through the environment. Logged once.
 */
async function threadPoolEnvironment() {
  const { threadPoolSizing, THREADS_BESIDE_RENDERS } =
    await import('../packages/server/src/cluster-workers/thread-pool.ts');
  const sizing = threadPoolSizing(process.env);
  if (sizing.kind === 'operator') {
    console.info(`[darkroom] libuv thread pool: ${sizing.threads} threads (UV_THREADPOOL_SIZE).`);
  }
  if (sizing.kind !== 'sized') return {};
  console.info(
    `[darkroom] libuv thread pool: ${sizing.threads} threads, ${sizing.renders} for renders (RENDER_CONCURRENCY) and ${THREADS_BESIDE_RENDERS} beside them.`,
  );
  return { UV_THREADPOOL_SIZE: String(sizing.threads) };
}

/**
 * The launcher: runs the server as its child and starts it again when it dies on its own (a crash,
 * the kernel's out-of-memory killer), after 1 s, then 2, 4, ... up to 30 s while it keeps dying
 * young, logging why each time (cluster-workers/restart-backoff.ts, which the cluster primary
 * applies to its workers too). It stops, and exits with the server's code, when asked to (a signal
 * here) or when the server ends cleanly (exit 0) or on a wrong setting (78, sysexits.h EX_CONFIG:
 * no restart helps). The IPC channel lets the server stop when this launcher dies, even by SIGKILL
 * (packages/server/src/serve.ts).
 */
async function superviseServer() {
  buildDashboardWhenStale();
  const { RestartBackoff, describeExit } =
    await import('../packages/server/src/cluster-workers/restart-backoff.ts');
  const { EXIT_CONFIG } = await import('../packages/server/src/config/load.ts');
  const environment = {
    ...process.env,
    ...allocatorEnvironment(),
    ...(await threadPoolEnvironment()),
    [SERVER_MARKER]: '1',
  };
  const backoff = new RestartBackoff();
  let server = null;
  let stopping = false;
  let restartTimer = null;

  const launch = () => {
    restartTimer = null;
    const startedAt = Date.now();
    server = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      env: environment,
    });
    server.on('exit', (code, signal) => {
      if (stopping || code === 0 || code === EXIT_CONFIG) {
        process.exit(code ?? (signal === null ? 0 : 1));
      }
      const delayMs = backoff.next(Date.now() - startedAt);
      console.error(
        `[darkroom] The server (pid ${server.pid}) ${describeExit(code, signal)}; starting it again in ${delayMs / 1000} s.`,
      );
      restartTimer = setTimeout(launch, delayMs);
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

// Both read the server's TypeScript: the launcher its settings and restart rules.
register();
if (process.env[SERVER_MARKER] === undefined) {
  await superviseServer();
} else {
  await import('../packages/server/src/main.ts');
}
