import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The root of the checkout the server runs from. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

let gitCommit: string | undefined;

/** The short commit of the checkout, read once per process; `unknown` outside a git checkout. */
export function readGitCommit(): string {
  if (gitCommit === undefined) {
    try {
      gitCommit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 5000,
      }).trim();
    } catch {
      gitCommit = '';
    }
    gitCommit ||= 'unknown';
  }
  return gitCommit;
}
