import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The server package folder, from which the child resolves `@electric-sql/pglite`. */
const packageDir = fileURLToPath(new URL('../..', import.meta.url));

/** Creates the cluster (initdb) and closes it again; the folder arrives as the first argument. */
const INITDB_SCRIPT = `
import { PGlite } from '@electric-sql/pglite';
const database = new PGlite(process.argv[1]);
await database.waitReady;
await database.close();
`;

/** Whether the folder already holds a PostgreSQL cluster (initdb writes PG_VERSION first). */
function isInitialised(pgliteDir: string): boolean {
  return existsSync(path.join(pgliteDir, 'PG_VERSION'));
}

/**
 * Runs PGlite's initdb for a new folder in a short-lived child process. initdb grows the
 * WebAssembly heap and the native heap of the process it runs in to about 850 MB, which a
 * long-running server would otherwise keep for its whole life: WebAssembly memory never
 * shrinks and glibc keeps freed pages. Opening an initialised folder needs about 230 MB.
 */
export async function initialisePglite(pgliteDir: string): Promise<void> {
  if (isInitialised(pgliteDir)) return;
  try {
    await run(process.execPath, ['--input-type=module', '-e', INITDB_SCRIPT, pgliteDir], {
      cwd: packageDir,
      timeout: 120_000,
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(
      `Creating the embedded database in ${pgliteDir} failed${stderr ? `: ${stderr}` : ''}`,
      { cause: error },
    );
  }
}
