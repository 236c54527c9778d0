// The video engine's entry points (transcode, poster, spritesheet, HLS, probe): each opens the
// origin bytes in a temporary folder of its own, checks them against the limits, runs ffmpeg and
// removes the folder, whatever happens. The server decides which one a request needs and bounds
// how many run at once.
import type { Params } from '@darkroom/core';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { packageHls, type HlsPackage } from './hls.ts';
import { posterFrame } from './poster.ts';
import type { VideoInfo } from './probe-video.ts';
import { spritesheet, type Spritesheet } from './spritesheet.ts';
import { transcode, type TranscodeResult } from './transcode.ts';
import { openVideoInput, type VideoInput } from './video-input.ts';
import { DEFAULT_VIDEO_LIMITS, type VideoLimits } from './video-limits.ts';
import type { VideoFormat } from './video-plan.ts';

export interface VideoRenderRequest {
  /** The origin file: a video (MP4, MOV, WebM, ...) or an animation (GIF, animated WebP). */
  input: Uint8Array;
  params: Params;
  limits?: Partial<VideoLimits>;
  signal?: AbortSignal;
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
    spritesheet(input, directory, request.params, limits, request.signal),
  );
}

/** fm=hls of a video: every playlist and segment of its ladder. */
export function videoHls(request: VideoRenderRequest): Promise<HlsPackage> {
  return withInput(request, (input, directory, limits) =>
    packageHls(input, directory, request.params, limits, request.signal),
  );
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
