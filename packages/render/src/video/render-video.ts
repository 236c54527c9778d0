// The video engine's entry points (transcode, poster, spritesheet, HLS, DASH, subtitles, probe):
// each opens the origin bytes in a temporary folder of its own, checks them against the limits,
// runs ffmpeg and removes the folder, whatever happens. The server decides which one a request
// needs and bounds how many run at once.
import type { Params } from '@darkroom/core';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AiModels } from '../ai/types.ts';
import { RenderError } from '../pipeline/context.ts';
import { packageDash, type DashPackage } from './dash.ts';
import { HLS_MEDIA_TYPES } from './hls-playlists.ts';
import { packageHls, type HlsPackage } from './hls.ts';
import { posterFrame } from './poster.ts';
import type { VideoInfo } from './probe-video.ts';
import { spritesheet, type Spritesheet } from './spritesheet.ts';
import { captionPlan } from './caption-plan.ts';
import { subtitlePlan, type SubtitlePlan } from './subtitle-plan.ts';
import {
  burnInTrack,
  requireProvider,
  streamTracks,
  vttTrack,
  type SubtitleSources,
} from './subtitle-sources.ts';
import { providerMade, type SubtitleProvider, type SubtitleTrack } from './subtitles.ts';
import type { SubtitleFetch } from './supplied-subtitles.ts';
import { transcode, type TranscodeResult } from './transcode.ts';
import { openVideoInput, type VideoInput } from './video-input.ts';
import { DEFAULT_VIDEO_LIMITS, type VideoLimits } from './video-limits.ts';
import { clipWindow, type VideoFormat } from './video-plan.ts';
import { cuesWithin, formatWebVtt } from './webvtt.ts';

export interface VideoRenderRequest {
  /** The origin file: a video (MP4, MOV, WebM, ...) or an animation (GIF, animated WebP). */
  input: Uint8Array;
  params: Params;
  limits?: Partial<VideoLimits>;
  signal?: AbortSignal;
  /**
   * The detector `video-spritesheet-smart-crop` finds each frame's subject with (a worker
   * process on the server); without it, libvips' attention crop.
   */
  ai?: AiModels;
  /** How the tracks of video-subtitle-src are fetched (the server's SSRF-guarded fetch). */
  fetchSubtitles?: SubtitleFetch;
}

async function withInput<T>(
  request: Omit<VideoRenderRequest, 'params'>,
  work: (input: VideoInput, directory: string, limits: VideoLimits) => Promise<T>,
): Promise<T> {
  const limits = { ...DEFAULT_VIDEO_LIMITS, ...request.limits };
  const directory = await mkdtemp(path.join(tmpdir(), 'darkroom-video-'));
  try {
    const input = await openVideoInput(request.input, directory, limits, request.signal);
    return await work(input, directory, limits);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/**
 * fm=mp4 or fm=webm of a video or animation, or a video as an animated GIF or WebP, with the
 * burn-in captions video-caption-style asks for (subtitle-sources.ts: burnInTrack); `provider`
 * transcribes a generated track.
 */
export function transcodeVideo(
  request: VideoRenderRequest,
  format: VideoFormat,
  provider: SubtitleProvider | null = null,
): Promise<TranscodeResult & { subtitlesGenerated: boolean }> {
  return withInput(request, async (input, directory, limits) => {
    const captions = captionPlan(request.params);
    const subtitles = captions === null ? null : subtitlesOf(request, provider);
    // The track first: a provider that refuses, or a URL that answers no track, fails the
    // transcode before it is encoded.
    const track =
      subtitles === null
        ? null
        : await burnInTrack(subtitles.plan, input, directory, sourcesOf(request, subtitles));
    const window = clipWindow(request.params, input.info.durationMs / 1000);
    const burnIn =
      captions === null || track === null
        ? null
        : { plan: captions, cues: cuesWithin(track.cues, window), language: track.language };
    const result = await transcode(
      input,
      directory,
      request.params,
      format,
      limits,
      request.signal,
      burnIn,
    );
    return { ...result, subtitlesGenerated: track !== null && providerMade([track]) };
  });
}

/** The poster frame (first, or `video-thumbnail`), as a JPEG for the image pipeline. */
export function videoPoster(request: VideoRenderRequest): Promise<Buffer> {
  return withInput(request, (input, directory) =>
    posterFrame(input, directory, request.params, request.signal),
  );
}

/** fm=spritesheet of a video. */
export function videoSpritesheet(request: VideoRenderRequest): Promise<Spritesheet> {
  return withInput(request, (input, directory, limits) =>
    spritesheet(input, directory, request.params, limits, request.signal, request.ai),
  );
}

/** One subtitle track as a WebVTT file (fm=vtt). */
export interface SubtitleFile {
  body: Buffer;
  contentType: typeof HLS_MEDIA_TYPES.vtt;
  /** The track's language (ISO 639, shortest form), or null when nothing needed to know it. */
  language: string | null;
  /** True when the provider made the track (a transcription or a translation). */
  generated: boolean;
}

/**
 * The plan of a request that asks for subtitles, and the provider it needs (checked at once: a
 * server without one refuses before any work); tracks of video-subtitle-src need none.
 */
function subtitlesOf(
  request: VideoRenderRequest,
  provider: SubtitleProvider | null,
): { plan: SubtitlePlan; provider: SubtitleProvider | null } | null {
  const plan = subtitlePlan(request.params);
  if (plan === null) return null;
  return { plan, provider: plan.mode === 'supplied' ? null : requireProvider(provider) };
}

/** What makes the tracks of a request's subtitles. */
function sourcesOf(
  request: VideoRenderRequest,
  subtitles: { provider: SubtitleProvider | null },
): SubtitleSources {
  return {
    provider: subtitles.provider,
    fetch: request.fetchSubtitles ?? null,
    signal: request.signal,
  };
}

/** True when the provider made a track: a supplied or the video's own costs nothing. */
const generated = (tracks: readonly SubtitleTrack[]) => providerMade(tracks);

/**
 * fm=vtt with video-generate-subtitles or video-subtitle-src: the track video-vtt-lang names
 * (subtitle-sources.ts: vttTrack), cut to the clip window.
 */
export function videoSubtitles(
  request: VideoRenderRequest,
  provider: SubtitleProvider | null,
): Promise<SubtitleFile> {
  return withInput(request, async (input, directory) => {
    const subtitles = subtitlesOf(request, provider);
    if (subtitles === null) {
      throw new RenderError(
        400,
        'fm=vtt makes subtitles with video-generate-subtitles=true or auto, or video-subtitle-src.',
      );
    }
    const { answered, made } = await vttTrack(
      subtitles.plan,
      input,
      directory,
      sourcesOf(request, subtitles),
    );
    const window = clipWindow(request.params, input.info.durationMs / 1000);
    return {
      body: Buffer.from(formatWebVtt(cuesWithin(answered.cues, window))),
      contentType: HLS_MEDIA_TYPES.vtt,
      language: answered.language,
      generated: generated(made),
    };
  });
}

/**
 * The subtitle tracks of a stream (fm=hls, fm=dash) with video-generate-subtitles, made before
 * any encoding: a provider that refuses fails the stream before minutes of it.
 */
async function streamSubtitleTracks(
  request: VideoRenderRequest,
  provider: SubtitleProvider | null,
  input: VideoInput,
  directory: string,
): Promise<SubtitleTrack[]> {
  const subtitles = subtitlesOf(request, provider);
  if (subtitles === null) return [];
  return streamTracks(subtitles.plan, input, directory, sourcesOf(request, subtitles));
}

/** How a stream is packaged: packageHls or packageDash. */
type StreamPackager<TPackage> = (
  input: VideoInput,
  directory: string,
  params: VideoRenderRequest['params'],
  limits: VideoLimits,
  signal: AbortSignal | undefined,
  subtitles: readonly SubtitleTrack[],
) => Promise<TPackage>;

/** A stream of a video, with video-generate-subtitles its subtitle tracks as well. */
function videoStream<TPackage>(
  request: VideoRenderRequest,
  provider: SubtitleProvider | null,
  packager: StreamPackager<TPackage>,
): Promise<TPackage & { subtitlesGenerated: boolean }> {
  return withInput(request, async (input, directory, limits) => {
    const tracks = await streamSubtitleTracks(request, provider, input, directory);
    const stream = await packager(input, directory, request.params, limits, request.signal, tracks);
    return { ...stream, subtitlesGenerated: generated(tracks) };
  });
}

/**
 * fm=hls of a video: every playlist and segment of its ladder, and with video-generate-subtitles
 * the subtitle tracks (`provider` transcribes and translates them).
 */
export function videoHls(
  request: VideoRenderRequest,
  provider: SubtitleProvider | null = null,
): Promise<HlsPackage & { subtitlesGenerated: boolean }> {
  return videoStream(request, provider, packageHls);
}

/**
 * fm=dash of a video: the manifest and every segment of its ladder and audio, and with
 * video-generate-subtitles the subtitle tracks, as fm=hls makes them.
 */
export function videoDash(
  request: VideoRenderRequest,
  provider: SubtitleProvider | null = null,
): Promise<DashPackage & { subtitlesGenerated: boolean }> {
  return videoStream(request, provider, packageDash);
}

/** What the indexer records of a video: ffprobe's reading, without the render limits. */
export function describeVideo(bytes: Uint8Array, signal?: AbortSignal): Promise<VideoInfo> {
  return withInput(
    {
      input: bytes,
      limits: { maxBytes: Infinity, maxDurationS: Infinity, maxPixels: Infinity },
      ...(signal === undefined ? {} : { signal }),
    },
    async (input) => input.info,
  );
}
