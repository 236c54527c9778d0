// fm=dash (docs.imgix.com/apis/video/format/video-format: "Outputs an adaptive DASH stream as an
// .mpd manifest", with the same bitrate ladder as fm=hls): every rendition of the HLS ladder
// (hls-ladder.ts), encoded as HLS encodes it (rendition-encoding.ts), cut into fragmented MP4
// segments by ffmpeg's DASH muxer (dash-muxer.ts). The audio is encoded once, a track of its own:
// DASH players take audio and video as separate Adaptation Sets (dash.js does not play a
// Representation that muxes both). Subtitle tracks are whole WebVTT files, one Adaptation Set
// each ("HLS / DASH (fm=hls, fm=dash): the track is embedded in the manifest as a subtitle
// rendition", docs.imgix.com/apis/video/subtitles/video-subtitle-src).
import type { Params } from '@darkroom/core';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  AUDIO_STEM,
  DASH_MANIFEST,
  dashManifest,
  type AudioTrack,
  type SegmentedTrack,
  type SubtitleTrackFile,
  type VideoTrack,
} from './dash-manifest.ts';
import { dashMuxerArgs, readMuxedTrack } from './dash-muxer.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { renditionLadder, type Rendition } from './hls-ladder.ts';
import { subtitleRendition, subtitleRenditions, type SubtitleRendition } from './hls-subtitles.ts';
import { AUDIO_BITRATE, AUDIO_CODEC_ARGS, renditionVideoArgs } from './rendition-encoding.ts';
import { subtitleTrackStem } from './subtitle-plan.ts';
import type { SubtitleTrack } from './subtitles.ts';
import type { VideoInput } from './video-input.ts';
import { checkVideoPixels, type VideoLimits } from './video-limits.ts';
import { clipWindow, type ClipWindow } from './video-plan.ts';
import { cuesWithin, formatWebVtt } from './webvtt.ts';

/** Every file of a DASH stream by name, and what metering needs of it. */
export interface DashPackage {
  renditions: Rendition[];
  hasAudio: boolean;
  /**
   * `manifest.mpd`; `{rendition}-init.mp4` and `{rendition}-{n}.m4s`; with audio `audio-init.mp4`
   * and `audio-{n}.m4s`; with subtitles `subtitles[-{language}].vtt`. The manifest names them bare.
   */
  files: Map<string, Buffer>;
  /** Each video media segment's length in milliseconds, by name, for the minutes-delivered metric. */
  videoSegmentMs: Map<string, number>;
  /** The length of the clip encoded, once per rendition, for the minutes-encoded metric. */
  encodedMs: number;
}

/** @bandwidth is a peak: the encoder's cap plus container overhead, as HLS's BANDWIDTH. */
const peakBandwidth = (bitrate: number) => Math.round(bitrate * 1.1);
/** AUDIO_CODEC_ARGS's channel count. */
const AUDIO_CHANNELS = 2;

async function encodeVideoTrack(
  input: VideoInput,
  directory: string,
  params: Params,
  rendition: Rendition,
  window: ClipWindow,
  signal?: AbortSignal,
): Promise<VideoTrack> {
  await runFfmpeg(
    [
      ...renditionVideoArgs(input, params, rendition, window),
      '-an',
      ...dashMuxerArgs(directory, rendition.name),
    ],
    signal,
  );
  const track = await readMuxedTrack(directory, rendition.name);
  return {
    id: rendition.name,
    codecs: track.codecs,
    bandwidth: peakBandwidth(rendition.bitrate),
    timescale: track.timescale,
    initialization: track.initialization,
    segments: track.segments,
    width: rendition.width,
    height: rendition.height,
  };
}

async function encodeAudioTrack(
  input: VideoInput,
  directory: string,
  window: ClipWindow,
  signal?: AbortSignal,
): Promise<AudioTrack> {
  await runFfmpeg(
    [
      '-ss',
      window.startS.toFixed(3),
      '-t',
      window.durationS.toFixed(3),
      ...input.args,
      '-map',
      '0:a:0',
      ...AUDIO_CODEC_ARGS,
      ...dashMuxerArgs(directory, AUDIO_STEM),
    ],
    signal,
  );
  const track = await readMuxedTrack(directory, AUDIO_STEM);
  return {
    id: AUDIO_STEM,
    codecs: track.codecs,
    bandwidth: peakBandwidth(AUDIO_BITRATE),
    timescale: track.timescale,
    initialization: track.initialization,
    segments: track.segments,
    samplingRate: track.samplingRate,
    channels: AUDIO_CHANNELS,
  };
}

/** `track`'s cues in the clip window as one WebVTT file, and its Adaptation Set's description. */
function subtitleFile(
  track: SubtitleTrack,
  rendition: Pick<SubtitleRendition, 'name' | 'language'>,
  window: ClipWindow,
): { body: Buffer; description: SubtitleTrackFile } {
  const body = Buffer.from(formatWebVtt(cuesWithin(track.cues, window)));
  return {
    body,
    description: {
      file: `${subtitleTrackStem(track.translation, track.supplied)}.vtt`,
      name: rendition.name,
      language: rendition.language,
      bandwidth: Math.max(1, Math.ceil((body.length * 8) / window.durationS)),
    },
  };
}

/**
 * Encodes `input` for every rendition of the request's ladder, and its audio, into `directory`,
 * and reads the stream; `subtitles` (timed on the whole video) become its subtitle tracks.
 */
export async function packageDash(
  input: VideoInput,
  directory: string,
  params: Params,
  limits: VideoLimits,
  signal?: AbortSignal,
  subtitles: readonly SubtitleTrack[] = [],
): Promise<DashPackage> {
  const window = clipWindow(params, input.info.durationMs / 1000);
  const renditions = renditionLadder(params, input.info);
  for (const rendition of renditions) checkVideoPixels('output', rendition, limits);
  const output = path.join(directory, 'dash');
  await mkdir(output);
  const video: VideoTrack[] = [];
  // One track at a time: the machine's cores are shared with every other render.
  for (const rendition of renditions) {
    video.push(await encodeVideoTrack(input, output, params, rendition, window, signal));
  }
  const audio = input.info.hasAudio ? await encodeAudioTrack(input, output, window, signal) : null;

  const files = new Map<string, Buffer>();
  const segmented: SegmentedTrack[] = [...video, ...(audio === null ? [] : [audio])];
  for (const track of segmented) {
    for (const name of [track.initialization, ...track.segments.map((segment) => segment.name)]) {
      files.set(name, await readFile(path.join(output, name)));
    }
  }
  // Named as the HLS stream names its renditions: each name once.
  const described = subtitleRenditions(subtitles);
  const subtitleFiles = subtitles.map((track, index) =>
    subtitleFile(track, described[index] ?? subtitleRendition(track), window),
  );
  for (const { body, description } of subtitleFiles) files.set(description.file, body);
  const manifest = dashManifest({
    video,
    audio,
    subtitles: subtitleFiles.map(({ description }) => description),
  });
  files.set(DASH_MANIFEST, Buffer.from(manifest));

  const videoSegmentMs = new Map<string, number>();
  for (const track of video) {
    for (const segment of track.segments) {
      videoSegmentMs.set(segment.name, Math.round((segment.duration * 1000) / track.timescale));
    }
  }
  return {
    renditions,
    hasAudio: audio !== null,
    files,
    videoSegmentMs,
    encodedMs: Math.round(window.durationS * 1000) * renditions.length,
  };
}
