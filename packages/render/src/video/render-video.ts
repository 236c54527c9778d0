// The video engine's entry points (transcode, poster, spritesheet, HLS, subtitles, probe): each
// opens the origin bytes in a temporary folder of its own, checks them against the limits, runs
// ffmpeg and removes the folder, whatever happens. The server decides which one a request needs
// and bounds how many run at once.
import type { Params } from '@darkroom/core';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AiModels } from '../ai/types.ts';
import { RenderError } from '../pipeline/context.ts';
import { HLS_MEDIA_TYPES } from './hls-playlists.ts';
import { packageHls, type HlsPackage } from './hls.ts';
import { posterFrame } from './poster.ts';
import type { VideoInfo } from './probe-video.ts';
import { spritesheet, type Spritesheet } from './spritesheet.ts';
import { subtitlePlan, type SubtitlePlan } from './subtitle-plan.ts';
import { subtitleTracks, type SubtitleProvider, type SubtitleTrack } from './subtitles.ts';
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

/** fm=mp4 or fm=webm of a video or animation, or a video as an animated GIF or WebP. */
export function transcodeVideo(
  request: VideoRenderRequest,
  format: VideoFormat,
): Promise<TranscodeResult> {
  return withInput(request, (input, directory, limits) =>
    transcode(input, directory, request.params, format, limits, request.signal),
  );
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

/** The plan of a request that asks for subtitles, and the provider it needs. */
function subtitlesOf(
  request: VideoRenderRequest,
  provider: SubtitleProvider | null,
): { plan: SubtitlePlan; provider: SubtitleProvider } | null {
  const plan = subtitlePlan(request.params);
  if (plan === null) return null;
  if (provider === null) {
    throw new RenderError(
      422,
      'video-generate-subtitles needs a transcription provider, which this server does not have (set GENERATIVE_API_URL).',
    );
  }
  return { plan, provider };
}

const generated = (tracks: readonly SubtitleTrack[]) =>
  tracks.some((track) => track.origin !== 'embedded');

/**
 * fm=vtt with video-generate-subtitles: the track in `video-vtt-lang` (the spoken language's
 * when absent, or when it is the spoken language), cut to the clip window.
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
        'fm=vtt makes subtitles with video-generate-subtitles=true or auto.',
      );
    }
    const { plan } = subtitles;
    const languages = plan.vttLanguage === null ? [] : [plan.vttLanguage];
    const tracks = await subtitleTracks(
      input,
      directory,
      plan,
      languages,
      subtitles.provider,
      request.signal,
    );
    const track = tracks.find((candidate) => candidate.translation === plan.vttLanguage);
    const answered = track ?? tracks[0];
    if (answered === undefined) throw new Error('subtitleTracks made no track.');
    const window = clipWindow(request.params, input.info.durationMs / 1000);
    return {
      body: Buffer.from(formatWebVtt(cuesWithin(answered.cues, window))),
      contentType: HLS_MEDIA_TYPES.vtt,
      language: answered.language,
      generated: generated(tracks),
    };
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
  return withInput(request, async (input, directory, limits) => {
    const subtitles = subtitlesOf(request, provider);
    // Subtitles first: a provider that refuses fails the stream before minutes of encoding.
    const tracks =
      subtitles === null
        ? []
        : await subtitleTracks(
            input,
            directory,
            subtitles.plan,
            subtitles.plan.translations,
            subtitles.provider,
            request.signal,
          );
    const stream = await packageHls(
      input,
      directory,
      request.params,
      limits,
      request.signal,
      tracks,
    );
    return { ...stream, subtitlesGenerated: generated(tracks) };
  });
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
