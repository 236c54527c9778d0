// `npm start`: build the dashboard when its sources are newer than the last build, then run the
// server in this same process (one Node process serves the dashboard, the API and deliveries).
import { spawnSync } from 'node:child_process';
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

const builtAt = existsSync(webDist) ? statSync(webDist).mtimeMs : 0;
const changedAt = Math.max(...webInputs.map(newestModification));
if (changedAt > builtAt) {
  console.info('Building the dashboard (packages/web)...');
  const build = spawnSync('npm', ['run', 'build', '--silent', '-w', '@darkroom/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

register();
await import('../packages/server/src/main.ts');
