// fm=hls (the stream a video's embed plays, editor spec section 2): the clip encoded once per
// rendition of the ladder and cut into MPEG-TS segments of about four seconds, keyframes aligned
// across renditions so a player can switch between them at any segment boundary. `video-wave`
// lays the audio's waveform over each rendition's frames, placed on its own size (waveform.ts).
import type { Params } from '@darkroom/core';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg, runFfprobe } from './ffmpeg.ts';
import { renditionLadder, type Rendition } from './hls-ladder.ts';
import { masterPlaylist, segmentDurations } from './hls-playlists.ts';
import { subtitleFiles, subtitleRendition } from './hls-subtitles.ts';
import type { SubtitleTrack } from './subtitles.ts';
import type { VideoInput } from './video-input.ts';
import { checkVideoPixels, type VideoLimits } from './video-limits.ts';
import { clipWindow } from './video-plan.ts';
import { pictureGraph } from './waveform.ts';
import { cuesWithin } from './webvtt.ts';

const SEGMENT_SECONDS = 4;
const KEYFRAME_SECONDS = 2;

/** Every file of a stream by name: the master playlist, rendition playlists and segments. */
export interface HlsPackage {
  renditions: Rendition[];
  hasAudio: boolean;
  /**
   * `master.m3u8`, `{rendition}.m3u8` and `{rendition}-{n}.ts`, and with subtitles
   * `subtitles[-{language}].m3u8` and their `-{n}.vtt` segments, with bare names inside.
   */
  files: Map<string, Buffer>;
  /** The length of the clip encoded, once per rendition, for the minutes-encoded metric. */
  encodedMs: number;
}

export const MASTER_PLAYLIST = 'master.m3u8';

async function encodeRendition(
  input: VideoInput,
  directory: string,
  params: Params,
  rendition: Rendition,
  window: { startS: number; durationS: number },
  signal?: AbortSignal,
): Promise<void> {
  const gop = String(Math.max(1, Math.round((input.info.frameRate ?? 25) * KEYFRAME_SECONDS)));
  const bitrate = String(rendition.bitrate);
  const audio = input.info.hasAudio
    ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', '96k', '-ac', '2']
    : ['-an'];
  await runFfmpeg(
    [
      '-ss',
      window.startS.toFixed(3),
      '-t',
      window.durationS.toFixed(3),
      ...input.args,
      '-filter_complex',
      pictureGraph(
        input,
        params,
        `scale=${rendition.width}:${rendition.height}:flags=bicubic,setsar=1`,
        {
          width: rendition.width,
          height: rendition.height,
          frameRate: null,
          durationS: window.durationS,
        },
        'video',
      ),
      '-map',
      '[video]',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-profile:v',
      'high',
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      bitrate,
      '-maxrate',
      bitrate,
      '-bufsize',
      String(rendition.bitrate * 2),
      '-g',
      gop,
      '-keyint_min',
      gop,
      '-sc_threshold',
      '0',
      ...audio,
      '-f',
      'hls',
      '-hls_time',
      String(SEGMENT_SECONDS),
      '-hls_playlist_type',
      'vod',
      '-hls_segment_type',
      'mpegts',
      '-hls_segment_filename',
      path.join(directory, `${rendition.name}-%03d.ts`),
      '-y',
      path.join(directory, `${rendition.name}.m3u8`),
    ],
    signal,
  );
}

/** Where the first segment's picture starts on the MPEG-TS clock, in seconds. */
async function mpegtsStartSeconds(segment: string, signal?: AbortSignal): Promise<number> {
  const text = await runFfprobe(
    ['-show_entries', 'format=start_time', '-of', 'json', segment],
    signal,
  );
  const start = Number(
    (JSON.parse(text) as { format?: { start_time?: string } }).format?.start_time,
  );
  return Number.isFinite(start) && start >= 0 ? start : 0;
}

/**
 * Encodes `input` for every rendition of the request's ladder into `directory`, and reads it;
 * `subtitles` (timed on the whole video) become the stream's subtitle renditions.
 */
export async function packageHls(
  input: VideoInput,
  directory: string,
  params: Params,
  limits: VideoLimits,
  signal?: AbortSignal,
  subtitles: readonly SubtitleTrack[] = [],
): Promise<HlsPackage> {
  const window = clipWindow(params, input.info.durationMs / 1000);
  const renditions = renditionLadder(params, input.info);
  for (const rendition of renditions) checkVideoPixels('output', rendition, limits);
  const output = path.join(directory, 'hls');
  await mkdir(output);
  // One rendition at a time: the machine's cores are shared with every other render.
  for (const rendition of renditions) {
    await encodeRendition(input, output, params, rendition, window, signal);
  }
  const files = new Map<string, Buffer>();
  for (const name of await readdir(output)) {
    files.set(name, await readFile(path.join(output, name)));
  }
  const first = renditions[0];
  if (subtitles.length > 0 && first !== undefined) {
    // Every rendition is cut at the same keyframes; the first one's segments time the cues.
    const segments = segmentDurations(files.get(`${first.name}.m3u8`)?.toString('utf8') ?? '');
    const startSeconds = await mpegtsStartSeconds(
      path.join(output, [...segments.keys()][0] ?? `${first.name}-000.ts`),
      signal,
    );
    for (const track of subtitles) {
      const cues = cuesWithin(track.cues, window);
      for (const [name, body] of subtitleFiles(track, cues, [...segments.values()], startSeconds)) {
        files.set(name, body);
      }
    }
  }
  const master = masterPlaylist(
    renditions,
    input.info.hasAudio,
    (name) => name,
    first === undefined ? [] : subtitles.map(subtitleRendition),
  );
  files.set(MASTER_PLAYLIST, Buffer.from(master));
  return {
    renditions,
    hasAudio: input.info.hasAudio,
    files,
    encodedMs: Math.round(window.durationS * 1000) * renditions.length,
  };
}
