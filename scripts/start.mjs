// `npm start`: build the dashboard when its sources are newer than the last build, then run the
// server (one Node process serves the dashboard, the API and deliveries).
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

/**
 * glibc serves a large allocation with its own mapping, returned to the system when freed, until
 * the first such free: from then on it raises that threshold (up to 32 MiB) and serves libvips'
 * multi-megabyte pixel buffers from per-thread heaps that keep freed pages. A rendering server
 * then holds hundreds of megabytes it no longer uses, over 1 GiB at full concurrency. A fixed
 * threshold stops that, but fixing it also pins the trim threshold at 128 KiB, so each heap gives
 * its top back to the system at nearly every free and faults it in again on the next render. A
 * 1 MiB mapping threshold with a 4 MiB trim threshold keeps the server at 890-940 MiB at full
 * concurrency (`npm run bench`) and costs a 512 px JPEG render about 4 ms of CPU less than
 * 256 KiB with the default trim did (two servers measured side by side with wrk: 69 -> 83
 * uncached requests/s on two cores; one malloc arena saved as much memory but cost 10-15%).
 * glibc reads the settings only when a process starts, so the server runs as a child started with
 * them; the IPC channel lets the server stop when this launcher dies.
 */
function runServerWithMallocThresholds() {
  const server = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      MALLOC_MMAP_THRESHOLD_: String(1024 * 1024),
      MALLOC_TRIM_THRESHOLD_: String(4 * 1024 * 1024),
    },
  });
  // Ctrl-C reaches the whole foreground process group, the server included; forwarding it as
  // well would count as the second signal, which makes the server exit before its database closes.
  process.on('SIGINT', () => {});
  for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code, signal) => process.exit(code ?? (signal === null ? 0 : 1)));
}

if (process.platform === 'linux' && process.env.MALLOC_MMAP_THRESHOLD_ === undefined) {
  runServerWithMallocThresholds();
} else {
  buildDashboardWhenStale();
  register();
  await import('../packages/server/src/main.ts');
}
