// The one way this package runs ffmpeg and ffprobe (Debian's binaries on PATH; see README):
// spawned without a shell, stderr kept for the error message, aborted with the render's signal.
import { spawn, type SpawnOptions } from 'node:child_process';
import { RenderError } from '../pipeline/context.ts';

/** The end of a failed run's standard error kept for its message. */
export const STDERR_KEPT = 2000;

/**
 * How every ffmpeg and ffprobe run is spawned. An aborted run is killed with SIGKILL: ffmpeg can
 * ignore SIGTERM while a filter graph spins (ffmpeg 5.1 looping on padded audio past its input's
 * end), and a render abandoned at its deadline must spend no more CPU; its output is discarded.
 */
export const SPAWN_OPTIONS = {
  stdio: ['ignore', 'pipe', 'pipe'],
  killSignal: 'SIGKILL',
} as const satisfies SpawnOptions;

/** What a spawn of `command` that failed to run or was aborted answers. */
export function spawnFailure(command: 'ffmpeg' | 'ffprobe', error: NodeJS.ErrnoException): Error {
  if (error.code === 'ENOENT') {
    return new RenderError(500, `Video needs ${command}, which this server does not have.`);
  }
  if (error.name === 'AbortError') {
    return new RenderError(504, 'The video took too long to make and was abandoned.');
  }
  return error;
}

function run(command: 'ffmpeg' | 'ffprobe', args: readonly string[], signal?: AbortSignal) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { ...SPAWN_OPTIONS, signal });
    const output: Buffer[] = [];
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      errors = (errors + chunk.toString('utf8')).slice(-STDERR_KEPT);
    });
    child.on('error', (error: NodeJS.ErrnoException) => reject(spawnFailure(command, error)));
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(output).toString('utf8'));
      else reject(new Error(`${command} failed (exit ${String(code)}): ${errors.trim()}`));
    });
  });
}

/** Runs ffmpeg to completion; its output goes to the files its arguments name. */
export async function runFfmpeg(args: readonly string[], signal?: AbortSignal): Promise<void> {
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', ...args], signal);
}

/** Runs ffprobe and answers what it printed (JSON with `-of json`). */
export function runFfprobe(args: readonly string[], signal?: AbortSignal): Promise<string> {
  return run('ffprobe', ['-v', 'error', ...args], signal);
}
