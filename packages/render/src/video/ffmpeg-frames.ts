// Frames read from ffmpeg's standard output as raw RGB, one at a time, for work done on each
// frame in JavaScript (video-spritesheet-smart-crop's detection). Only the frame in hand is held:
// while it is worked on, ffmpeg waits on the full pipe, so neither memory nor the disk grows with
// the number of frames. Spawned and reported like ffmpeg.ts's runs.
import { spawn } from 'node:child_process';
import type { Size } from '@darkroom/core';
import type { RawImage } from '../ai/types.ts';
import { SPAWN_OPTIONS, STDERR_KEPT, spawnFailure } from './ffmpeg.ts';

/**
 * Runs ffmpeg with `args` (input and filters, without an output) and yields each frame it
 * writes, `size` pixels of 8-bit RGB. Stopping early (a `break`, or an error while a frame is
 * worked on) stops ffmpeg; the signal aborts it with a 504, as ffmpeg.ts does.
 */
export async function* ffmpegFrames(
  args: readonly string[],
  size: Size,
  signal?: AbortSignal,
): AsyncGenerator<RawImage> {
  const child = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin', ...args],
      ...['-an', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    ],
    { ...SPAWN_OPTIONS, signal },
  );
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString('utf8')).slice(-STDERR_KEPT);
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  // Awaited below once the frames are read; until then a failure to start must not go unhandled.
  exited.catch(() => undefined);

  const frameBytes = size.width * size.height * 3;
  let frame = Buffer.allocUnsafe(frameBytes);
  let filled = 0;
  try {
    for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      let offset = 0;
      while (offset < chunk.length) {
        const copied = chunk.copy(frame, filled, offset, offset + frameBytes - filled);
        filled += copied;
        offset += copied;
        if (filled === frameBytes) {
          yield { data: frame, width: size.width, height: size.height, channels: 3 };
          frame = Buffer.allocUnsafe(frameBytes);
          filled = 0;
        }
      }
    }
    const code = await exited.catch((error: unknown) => {
      throw spawnFailure('ffmpeg', error as NodeJS.ErrnoException);
    });
    if (code !== 0) throw new Error(`ffmpeg failed (exit ${String(code)}): ${errors.trim()}`);
    if (filled !== 0)
      throw new Error(`ffmpeg wrote ${filled} bytes of a ${frameBytes}-byte frame.`);
  } finally {
    // Still running when the reader stopped early: nothing will read the rest.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
