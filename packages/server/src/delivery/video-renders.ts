// The video works of delivery (transcodes, HLS and DASH streams, spritesheets, subtitles) rendered
// into the answers the render cache keeps. They run as durable jobs (render-jobs.ts): a stream is
// rendered whole by one job, every manifest and segment cached on its own, the stream's manifest
// (HLS master playlist, DASH MPD) last: once it is there, all is.
import type { Params } from '@darkroom/core';
import {
  DASH_MANIFEST,
  dashMediaType,
  HLS_MEDIA_TYPES,
  MASTER_PLAYLIST,
  segmentDurations,
  transcodeVideo,
  videoDash,
  videoHls,
  videoSpritesheet,
  videoSubtitles,
  type AiModels,
  type SubtitleFetch,
  type SubtitleProvider,
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
  /** A stream's manifest last: readers take its presence as the whole stream's. */
  entries: VideoRenderEntry[];
  /** Milliseconds of video encoded (every rendition counted), for the minutes-encoded metric. */
  encodedMs: number | null;
  /** True when the provider made part of it (subtitles transcribed or translated): premium. */
  premium: boolean;
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
  extra: { videoMs?: number | undefined; premium?: boolean; headers?: Record<string, string> } = {},
): Promise<CachedRender> {
  return {
    body,
    contentType,
    etag: await strongEtag(body),
    variesOnAccept: false,
    originCacheControl,
    premium: extra.premium ?? false,
    ...(extra.videoMs === undefined ? {} : { videoMs: extra.videoMs }),
    ...(extra.headers === undefined ? {} : { headers: extra.headers }),
  };
}

/** A stream file's media type, by its extension. */
function hlsMediaType(name: string): string {
  if (name.endsWith('.ts')) return HLS_MEDIA_TYPES.ts;
  if (name.endsWith('.vtt')) return HLS_MEDIA_TYPES.vtt;
  return HLS_MEDIA_TYPES.m3u8;
}

async function hlsEntries(
  files: ReadonlyMap<string, Buffer>,
  originCacheControl: string | null,
  subtitlesGenerated: boolean,
): Promise<VideoRenderEntry[]> {
  // Video segments' lengths, for the minutes-delivered metric; subtitle segments play no video.
  const durations = new Map<string, number>();
  for (const [name, body] of files) {
    if (name.endsWith('.m3u8')) {
      for (const [segment, ms] of segmentDurations(body.toString('utf8'))) {
        if (segment.endsWith('.ts')) durations.set(segment, ms);
      }
    }
  }
  return streamEntries('hls', files, MASTER_PLAYLIST, (name, body) =>
    cached(body, hlsMediaType(name), originCacheControl, {
      videoMs: durations.get(name),
      premium: subtitlesGenerated && name.startsWith('subtitles'),
    }),
  );
}

/** The entries of every file of a stream, its manifest (named `manifest`) last. */
async function streamEntries(
  kind: 'hls' | 'dash',
  files: ReadonlyMap<string, Buffer>,
  manifest: string,
  render: (name: string, body: Buffer) => Promise<CachedRender>,
): Promise<VideoRenderEntry[]> {
  const entries: VideoRenderEntry[] = [];
  let last: VideoRenderEntry | null = null;
  for (const [name, body] of files) {
    const entry = {
      variant: videoVariant({ kind, part: name === manifest ? null : name }),
      render: await render(name, body),
    };
    if (name === manifest) last = entry;
    else entries.push(entry);
  }
  if (last !== null) entries.push(last);
  return entries;
}

/** A DASH stream's files; its video segments' lengths feed the minutes-delivered metric. */
function dashEntries(
  files: ReadonlyMap<string, Buffer>,
  videoSegmentMs: ReadonlyMap<string, number>,
  originCacheControl: string | null,
  subtitlesGenerated: boolean,
): Promise<VideoRenderEntry[]> {
  return streamEntries('dash', files, DASH_MANIFEST, (name, body) =>
    cached(body, dashMediaType(name), originCacheControl, {
      videoMs: videoSegmentMs.get(name),
      premium: subtitlesGenerated && name.startsWith('subtitles'),
    }),
  );
}

/**
 * Renders `work` of the origin `bytes` into the answers the render cache keeps; `subtitles` makes
 * the subtitle tracks the parameters ask for (null without a provider), `fetchSubtitles` reads
 * those of video-subtitle-src.
 */
export async function renderVideoWork(
  work: JobVideoWork,
  request: {
    bytes: Uint8Array;
    params: Params;
    limits: VideoLimits;
    originCacheControl: string | null;
    signal: AbortSignal;
    /** The detector video-spritesheet-smart-crop finds each frame's subject with. */
    detector?: AiModels | undefined;
    subtitles: SubtitleProvider | null;
    /** How video-subtitle-src's tracks are fetched (subtitle-fetch.ts). */
    fetchSubtitles?: SubtitleFetch | undefined;
  },
): Promise<VideoRenderOutput> {
  const { bytes, params, limits, originCacheControl, signal, detector, subtitles } = request;
  const { fetchSubtitles } = request;
  const videoRequest = {
    input: bytes,
    params,
    limits,
    signal,
    ...(detector === undefined ? {} : { ai: detector }),
    ...(fetchSubtitles === undefined ? {} : { fetchSubtitles }),
  };
  switch (work.kind) {
    case 'hls': {
      const stream = await videoHls(videoRequest, subtitles);
      return {
        entries: await hlsEntries(stream.files, originCacheControl, stream.subtitlesGenerated),
        encodedMs: stream.encodedMs,
        premium: stream.subtitlesGenerated,
      };
    }
    case 'dash': {
      const stream = await videoDash(videoRequest, subtitles);
      return {
        entries: await dashEntries(
          stream.files,
          stream.videoSegmentMs,
          originCacheControl,
          stream.subtitlesGenerated,
        ),
        encodedMs: stream.encodedMs,
        premium: stream.subtitlesGenerated,
      };
    }
    case 'subtitles': {
      const file = await videoSubtitles(videoRequest, subtitles);
      return {
        entries: [
          {
            variant: videoVariant(work),
            render: await cached(file.body, file.contentType, originCacheControl, {
              premium: file.generated,
              ...(file.language === null ? {} : { headers: { 'content-language': file.language } }),
            }),
          },
        ],
        encodedMs: null,
        premium: file.generated,
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
        premium: false,
      };
    }
    case 'transcode': {
      // Burn-in captions of a generated track are the provider's work: a premium render.
      const result = await transcodeVideo(videoRequest, work.format, subtitles);
      // GIF and WebP out are animations: no video is delivered, though one was encoded.
      const clip = work.format === 'mp4' || work.format === 'webm';
      return {
        entries: [
          {
            variant: videoVariant(work),
            render: await cached(result.body, result.contentType, originCacheControl, {
              videoMs: clip ? result.durationMs : undefined,
              premium: result.subtitlesGenerated,
            }),
          },
        ],
        encodedMs: result.durationMs,
        premium: result.subtitlesGenerated,
      };
    }
  }
}
