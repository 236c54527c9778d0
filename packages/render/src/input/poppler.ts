// The one way this package runs poppler's tools (Debian's poppler-utils on PATH): spawned with an
// argument array, never a shell; stdout read up to a cap; killed with SIGKILL when the render's
// signal aborts or the output passes the cap, so no rasteriser outlives its render.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { RenderError } from '../pipeline/context.ts';

const STDERR_KEPT = 2000;

/**
 * The address space a poppler tool may map. A page at the pixel budget needs a few hundred
 * megabytes; a hostile file (huge embedded images, deep patterns) must not take the machine's
 * memory, so util-linux's prlimit(1) starts the tool under RLIMIT_AS and the tool fails past it.
 */
const MAX_ADDRESS_SPACE_BYTES = 1024 * 1024 * 1024;
const PRLIMIT = '/usr/bin/prlimit';
const CAPPED = existsSync(PRLIMIT);
/** prlimit's exit status when the tool it was to run is not on PATH (as a shell's). */
const PRLIMIT_NOT_FOUND = 127;

/** The command line of `tool`, under the address-space cap where prlimit exists. */
function commandOf(tool: PopplerTool, args: readonly string[]): [string, string[]] {
  if (!CAPPED) return [tool, [...args]];
  return [PRLIMIT, [`--as=${MAX_ADDRESS_SPACE_BYTES}`, '--', tool, ...args]];
}

export type PopplerTool = 'pdfinfo' | 'pdftoppm';

/** A poppler tool that ran and exited non-zero; `code` is its exit status (see `pdfinfo(1)`). */
export class PopplerFailure extends Error {
  constructor(
    readonly tool: PopplerTool,
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(`${tool} failed (exit ${String(code)}): ${stderr.trim()}`);
    this.name = 'PopplerFailure';
  }
}

export interface PopplerRun {
  /** Aborts the run (the render's deadline or its caller gone): the child gets SIGKILL. */
  signal?: AbortSignal;
  /** Most bytes the tool may write to stdout; past it the child is killed and the run is 413. */
  maxOutputBytes: number;
}

/** Runs a poppler tool to completion and answers what it wrote to stdout. */
export function runPoppler(
  tool: PopplerTool,
  args: readonly string[],
  { signal, maxOutputBytes }: PopplerRun,
): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abandoned(signal));
      return;
    }
    const [command, commandArgs] = commandOf(tool, args);
    const child = spawn(command, commandArgs, {
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
      killSignal: 'SIGKILL',
    });
    const output: Buffer[] = [];
    let written = 0;
    let overflowed = false;
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (overflowed) return;
      written += chunk.length;
      if (written > maxOutputBytes) {
        overflowed = true;
        child.kill('SIGKILL');
        return;
      }
      output.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        // A missing optional system package is a format this server cannot read, not a bug.
        reject(notInstalled(error));
      } else if (error.name === 'AbortError') {
        reject(abandoned(signal));
      } else {
        reject(error);
      }
    });
    child.on('close', (code) => {
      if (signal?.aborted) reject(abandoned(signal));
      else if (overflowed) {
        reject(
          new RenderError(
            413,
            `The rasterised PDF page is larger than ${maxOutputBytes} bytes; this server does not read more.`,
          ),
        );
      } else if (code === 0) resolve(Buffer.concat(output));
      else if (CAPPED && code === PRLIMIT_NOT_FOUND) reject(notInstalled(null));
      else reject(new PopplerFailure(tool, code, errors));
    });
  });
}

function notInstalled(cause: Error | null): RenderError {
  return new RenderError(415, 'PDF origins need poppler-utils installed.', { cause });
}

function abandoned(signal: AbortSignal | undefined): RenderError {
  const reason: unknown = signal?.reason;
  const timedOut = reason instanceof Error && reason.name === 'TimeoutError';
  return new RenderError(
    504,
    timedOut ? 'The render took too long and was abandoned.' : 'The render was cancelled.',
    { cause: reason },
  );
}
