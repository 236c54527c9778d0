// Video test fixtures made at test time with ffmpeg's test sources (testsrc2, sine), and
// ffprobe's reading of what delivery answered: an independent check of the bytes.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

async function inTempDir<T>(work: (directory: string) => Promise<T>): Promise<T> {
  const directory = await mkdtemp(path.join(tmpdir(), 'darkroom-video-test-'));
  try {
    return await work(directory);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** An H.264 and AAC MP4 of testsrc2 with a 440 Hz tone. */
export function testClip(seconds = 3, width = 320, height = 240): Promise<Buffer> {
  return inTempDir(async (directory) => {
    const file = path.join(directory, 'clip.mp4');
    await run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${width}x${height}:rate=25:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      '-y',
      file,
    ]);
    return readFile(file);
  });
}

/** testClip with a subtitle stream of its own: `webvtt` as mov_text, tagged `language`. */
export function subtitledClip(seconds: number, webvtt: string, language: string): Promise<Buffer> {
  return inTempDir(async (directory) => {
    const file = path.join(directory, 'clip.mp4');
    await writeFile(path.join(directory, 'own.vtt'), webvtt);
    await run('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=160x120:rate=25:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...['-i', path.join(directory, 'own.vtt'), '-map', '0:v', '-map', '1:a', '-map', '2:s'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
      ...['-c:s', 'mov_text', '-metadata:s:s:0', `language=${language}`, '-y', file],
    ]);
    return readFile(file);
  });
}

export interface Probed {
  streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
  format: { duration?: string; format_name: string };
}

export function ffprobe(bytes: Uint8Array): Promise<Probed> {
  return inTempDir(async (directory) => {
    const file = path.join(directory, 'media');
    await writeFile(file, bytes);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type,codec_name,width,height:format=duration,format_name',
      '-of',
      'json',
      file,
    ]);
    return JSON.parse(stdout) as Probed;
  });
}

export function videoStream(probed: Probed) {
  return probed.streams.find((stream) => stream.codec_type === 'video');
}
