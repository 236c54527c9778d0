// Test clips made at test time by ffmpeg's own test sources (testsrc2 pictures, a sine tone),
// and ffprobe readings of what the engine wrote: no video file is kept in the repository.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface ClipOptions {
  width?: number;
  height?: number;
  seconds?: number;
  fps?: number;
  audio?: boolean;
  container?: 'mp4' | 'webm' | 'mov';
  /** A subtitle stream of the clip's own (MP4 and MOV: mov_text), from WebVTT text. */
  subtitles?: { webvtt: string; language: string };
  /** Silence until this many seconds in, then the tone near full scale (not at 1/8 throughout). */
  loudFromS?: number;
  /** testsrc2 without its colours, so that any colour in a render is one the render drew. */
  grey?: boolean;
  /** How long the audio lasts, when it ends before the picture. */
  audioSeconds?: number;
}

/** The clip's audio source: ffmpeg's sine (amplitude 1/8), or silence then a loud tone. */
function toneSource(seconds: number, loudFromS: number | undefined): string {
  if (loudFromS === undefined) return `sine=frequency=440:duration=${seconds}`;
  // Exact to the sample, where the volume filter steps once per frame of samples.
  return `aevalsrc='if(gte(t,${loudFromS}),0.8*sin(2*PI*440*t),0)':s=44100:d=${seconds}`;
}

/**
 * A testsrc2 clip (with a 440 Hz tone unless `audio` is false) in `container`, with a subtitle
 * stream when `subtitles` is given.
 */
export async function testClip(options: ClipOptions = {}): Promise<Buffer> {
  const { width = 320, height = 240, seconds = 2, fps = 25, audio = true } = options;
  const container = options.container ?? 'mp4';
  const directory = await mkdtemp(path.join(tmpdir(), 'darkroom-clip-'));
  try {
    const file = path.join(directory, `clip.${container}`);
    const subtitles = options.subtitles;
    if (subtitles !== undefined) {
      await writeFile(path.join(directory, 'own.vtt'), subtitles.webvtt);
    }
    const codecs =
      container === 'webm'
        ? ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-c:a', 'libopus']
        : ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'];
    await run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${width}x${height}:rate=${fps}:duration=${seconds}${options.grey === true ? ',hue=s=0' : ''}`,
      ...(audio
        ? ['-f', 'lavfi', '-i', toneSource(options.audioSeconds ?? seconds, options.loudFromS)]
        : []),
      ...(subtitles === undefined
        ? []
        : [
            '-i',
            path.join(directory, 'own.vtt'),
            ...['-map', '0:v', ...(audio ? ['-map', '1:a'] : []), '-map', `${audio ? 2 : 1}:s`],
            ...['-c:s', container === 'webm' ? 'webvtt' : 'mov_text'],
            ...['-metadata:s:s:0', `language=${subtitles.language}`],
          ]),
      ...codecs,
      ...(audio ? [] : ['-an']),
      ...(options.audioSeconds === undefined ? ['-shortest'] : []),
      '-y',
      file,
    ]);
    return await readFile(file);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

export interface ProbedStream {
  codec_type: string;
  codec_name: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  nb_read_frames?: string;
}

export interface Probed {
  streams: ProbedStream[];
  format: { duration?: string; format_name: string };
}

/** ffprobe's reading of `bytes` (frames counted), as an independent check of the output. */
export async function ffprobe(bytes: Uint8Array, name = 'media'): Promise<Probed> {
  const directory = await mkdtemp(path.join(tmpdir(), 'darkroom-ffprobe-'));
  try {
    const file = path.join(directory, name);
    await writeFile(file, bytes);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-count_frames',
      '-show_entries',
      'stream=codec_type,codec_name,width,height,avg_frame_rate,nb_read_frames:format=duration,format_name',
      '-of',
      'json',
      file,
    ]);
    return JSON.parse(stdout) as Probed;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The stream of `type` ffprobe found, failing the test when there is none. */
export function streamOf(probed: Probed, type: 'video' | 'audio'): ProbedStream {
  const stream = probed.streams.find((candidate) => candidate.codec_type === type);
  if (stream === undefined) throw new Error(`no ${type} stream in ${JSON.stringify(probed)}`);
  return stream;
}
