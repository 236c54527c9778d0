// fm=hls (the stream a video's embed plays, editor spec section 2): the clip encoded once per
// rendition of the ladder (rendition-encoding.ts: keyframes aligned across renditions) and cut
// into MPEG-TS segments of about four seconds.
import type { Params } from '@darkroom/core';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg, runFfprobe } from './ffmpeg.ts';
import { renditionLadder, type Rendition } from './hls-ladder.ts';
import { masterPlaylist, segmentDurations } from './hls-playlists.ts';
import { subtitleFiles, subtitleRenditions } from './hls-subtitles.ts';
import { AUDIO_CODEC_ARGS, renditionVideoArgs, SEGMENT_SECONDS } from './rendition-encoding.ts';
import type { SubtitleTrack } from './subtitles.ts';
import type { VideoInput } from './video-input.ts';
import { checkVideoPixels, type VideoLimits } from './video-limits.ts';
import { clipWindow, type ClipWindow } from './video-plan.ts';
import { cuesWithin } from './webvtt.ts';

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
  window: ClipWindow,
  signal?: AbortSignal,
): Promise<void> {
  const audio = input.info.hasAudio ? ['-map', '0:a:0', ...AUDIO_CODEC_ARGS] : ['-an'];
  await runFfmpeg(
    [
      ...renditionVideoArgs(input, params, rendition, window),
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
    first === undefined ? [] : subtitleRenditions(subtitles),
  );
  files.set(MASTER_PLAYLIST, Buffer.from(master));
  return {
    renditions,
    hasAudio: input.info.hasAudio,
    files,
    encodedMs: Math.round(window.durationS * 1000) * renditions.length,
  };
}
