// The video works of delivery (transcodes, HLS streams, spritesheets) rendered into the answers
// the render cache keeps. They run as durable jobs (render-jobs.ts): a stream is rendered whole
// by one job, every playlist and segment cached on its own, the master playlist last: once it
// is there, all is.
import type { Params } from '@darkroom/core';
import {
  HLS_MEDIA_TYPES,
  MASTER_PLAYLIST,
  segmentDurations,
  transcodeVideo,
  videoHls,
  videoSpritesheet,
  type VideoLimits,
} from '@darkroom/render';
import sharp from 'sharp';
import { strongEtag, type CachedRender } from './cached-render.ts';
import { videoVariant, type VideoWork } from './video-request.ts';

/** Longest one video job may run; past it ffmpeg is stopped and the URL answers 504. */
export const VIDEO_RENDER_TIMEOUT_MS = 10 * 60_000;

/** The video works rendered by a job; a poster frame is quick and renders in the request. */
export type JobVideoWork = Exclude<VideoWork, { kind: 'poster' }>;

/** One cached answer a video render leaves, under the identity suffix `variant`. */
interface VideoRenderEntry {
  variant: string;
  render: CachedRender;
}

export interface VideoRenderOutput {
  /** The master playlist last: readers take its presence as the whole stream's. */
  entries: VideoRenderEntry[];
  /** Milliseconds of video encoded (every rendition counted), for the minutes-encoded metric. */
  encodedMs: number | null;
}

export function isJobVideoWork(work: VideoWork | null): work is JobVideoWork {
  return work !== null && work.kind !== 'poster';
}

/** True for a GIF or WebP with more than one frame: the clip-making input of fm=mp4|webm. */
export async function isAnimatedImage(bytes: Uint8Array): Promise<boolean> {
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  return (metadata?.pages ?? 1) > 1;
}

async function cached(
  body: Buffer,
  contentType: string,
  originCacheControl: string | null,
  videoMs?: number,
): Promise<CachedRender> {
  return {
    body,
    contentType,
    etag: await strongEtag(body),
    variesOnAccept: false,
    originCacheControl,
    premium: false,
    ...(videoMs === undefined ? {} : { videoMs }),
  };
}

async function hlsEntries(
  files: ReadonlyMap<string, Buffer>,
  originCacheControl: string | null,
): Promise<VideoRenderEntry[]> {
  const durations = new Map<string, number>();
  for (const [name, body] of files) {
    if (name.endsWith('.m3u8')) {
      for (const [segment, ms] of segmentDurations(body.toString('utf8'))) {
        durations.set(segment, ms);
      }
    }
  }
  const entries: VideoRenderEntry[] = [];
  let master: VideoRenderEntry | null = null;
  for (const [name, body] of files) {
    const type = name.endsWith('.ts') ? HLS_MEDIA_TYPES.ts : HLS_MEDIA_TYPES.m3u8;
    const entry = {
      variant: videoVariant({ kind: 'hls', part: name === MASTER_PLAYLIST ? null : name }),
      render: await cached(body, type, originCacheControl, durations.get(name)),
    };
    if (name === MASTER_PLAYLIST) master = entry;
    else entries.push(entry);
  }
  if (master !== null) entries.push(master);
  return entries;
}

/** Renders `work` of the origin `bytes` into the answers the render cache keeps. */
export async function renderVideoWork(
  work: JobVideoWork,
  request: {
    bytes: Uint8Array;
    params: Params;
    limits: VideoLimits;
    originCacheControl: string | null;
    signal: AbortSignal;
  },
): Promise<VideoRenderOutput> {
  const { bytes, params, limits, originCacheControl, signal } = request;
  const videoRequest = { input: bytes, params, limits, signal };
  switch (work.kind) {
    case 'hls': {
      const stream = await videoHls(videoRequest);
      return {
        entries: await hlsEntries(stream.files, originCacheControl),
        encodedMs: stream.encodedMs,
      };
    }
    case 'spritesheet': {
      const sheet = await videoSpritesheet(videoRequest);
      return {
        entries: [
          {
            variant: videoVariant(work),
            render: await cached(sheet.body, sheet.contentType, originCacheControl),
          },
        ],
        encodedMs: null,
      };
    }
    case 'transcode': {
      const result = await transcodeVideo(videoRequest, work.format);
      // GIF and WebP out are animations: no video is delivered, though one was encoded.
      const clip = work.format === 'mp4' || work.format === 'webm';
      return {
        entries: [
          {
            variant: videoVariant(work),
            render: await cached(
              result.body,
              result.contentType,
              originCacheControl,
              clip ? result.durationMs : undefined,
            ),
          },
        ],
        encodedMs: result.durationMs,
      };
    }
  }
}
