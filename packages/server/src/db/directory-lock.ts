import { mkdirSync, openSync, readFileSync, unlinkSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes an exclusive lock file for the embedded database. PGlite is one process's
 * database: a second process (a second server, or `admin:create` while the server runs)
 * opening the same folder would corrupt it, so it fails with a clear message instead.
 * A lock left by a process that no longer runs is taken over. Returns the release function.
 */
export function lockDirectory(lockPath: string): () => void {
  mkdirSync(path.dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(lockPath, 'utf8') === String(process.pid)) unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && isRunning(holder)) {
        throw new Error(
          `The embedded database is in use by process ${holder} (lock file ${lockPath}). ` +
            'Stop that process first, or delete the lock file if it is not running.',
          { cause: error },
        );
      }
      unlinkSync(lockPath);
    }
  }
  throw new Error(`Could not take the lock file ${lockPath}.`);
}
