// Which requests the video engine answers, decided before anything is fetched, from the origin
// path's extension and the parameters: video files (MP4, MOV, WebM, ...) in every format, and
// animations (GIF, WebP) made into clips. Everything else is the image pipeline's.
import type { Params } from '@darkroom/core';
import {
  captionPlan,
  DASH_MANIFEST,
  hasSubtitleTrack,
  MASTER_PLAYLIST,
  RenderError,
  subtitlePlan,
  suppliedVttTrack,
  type VideoFormat,
} from '@darkroom/render';

const VIDEO_EXTENSIONS = new Set(['mp4', 'm4v', 'mov', 'webm', 'mkv']);
const ANIMATION_EXTENSIONS = new Set(['gif', 'webp']);

/** The query parameter naming one file of an HLS stream; only meaningful with fm=hls. */
export const HLS_PART_PARAM = 'hls-part';
/** The query parameter naming one file of a DASH stream; only meaningful with fm=dash. */
export const DASH_PART_PARAM = 'dash-part';
/**
 * A subtitle track's stem as render/video/subtitle-plan.ts names it: `subtitles`, a translation's
 * `subtitles-fr`, video-subtitle-src[N]'s `subtitles-N`. Whether the stream has it is
 * hasSubtitleTrack's to say.
 */
const SUBTITLE_STEM = String.raw`(subtitles(?:-(?:[a-z]{2,3}|\d{1,2}))?)`;
/**
 * Playlists (`720p.m3u8`) and segments (`720p-004.ts`) as render/video/hls.ts names them, and
 * subtitle tracks' (`subtitles.m3u8`, `subtitles-fr-000.vtt`) as render/video/hls-subtitles.ts
 * does; the group is the subtitle track's stem.
 */
const HLS_PART = new RegExp(
  String.raw`^(?:\d{2,4}p(?:\.m3u8|-\d{3,5}\.ts)|${SUBTITLE_STEM}(?:\.m3u8|-\d{3,5}\.vtt))$`,
);
/**
 * Initialization and media segments of a rendition or the audio (`720p-init.mp4`,
 * `audio-004.m4s`) as render/video/dash.ts names them, and subtitle tracks (`subtitles-fr.vtt`);
 * the group is the subtitle track's stem.
 */
const DASH_PART = new RegExp(
  String.raw`^(?:(?:\d{2,4}p|audio)-(?:init\.mp4|\d{3,5}\.m4s)|${SUBTITLE_STEM}\.vtt)$`,
);

/** The adaptive streams: a manifest (null part) and the files it names, each a URL of its own. */
type AdaptiveFormat = 'hls' | 'dash';

const STREAMS: Readonly<Record<AdaptiveFormat, { param: string; part: RegExp; name: string }>> = {
  hls: { param: HLS_PART_PARAM, part: HLS_PART, name: 'an HLS stream' },
  dash: { param: DASH_PART_PARAM, part: DASH_PART, name: 'a DASH stream' },
};

/** The stream formats delivery takes out of the query: none is in the rendering catalogue. */
export type StreamFormat = AdaptiveFormat | 'vtt';

/** fm=hls, fm=dash or fm=vtt, and the stream part, taken out of the query. */
export interface StreamRequest {
  /** fm=hls or fm=dash (a stream), or fm=vtt (a WebVTT sidecar); null for every other format. */
  format: StreamFormat | null;
  /** The stream file asked for; null is the manifest (the HLS master playlist, the DASH MPD). */
  part: string | null;
  /** The query (raw, without `s`) without the stream format and the part, for the parameter parser. */
  query: string;
}

export type VideoWork =
  /** A clip (MP4, WebM) or an animation (GIF, animated WebP), rendered by a job. */
  | { kind: 'transcode'; format: VideoFormat }
  | { kind: 'spritesheet' }
  /** One file of an HLS or DASH stream; the whole stream is rendered by one job. */
  | { kind: AdaptiveFormat; part: string | null }
  /** fm=vtt with video-generate-subtitles or video-subtitle-src: one WebVTT track, by a job. */
  | { kind: 'subtitles' }
  /** A video path in an image format: its poster frame through the image pipeline. */
  | { kind: 'poster' };

function extensionOf(originPath: string): string {
  const name = originPath.slice(originPath.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** True when the origin path names a video file by its extension. */
export function isVideoPath(originPath: string): boolean {
  return VIDEO_EXTENSIONS.has(extensionOf(originPath));
}

const STREAM_FORMATS: ReadonlyMap<string, StreamFormat> = new Map([
  ['fm=hls', 'hls'],
  ['fm=dash', 'dash'],
  ['fm=vtt', 'vtt'],
]);

/**
 * Splits fm=hls, fm=dash or fm=vtt (the last one written) and the stream part off the raw query
 * (the other pairs keep their order).
 */
export function splitStreamQuery(query: string): StreamRequest {
  const pairs = query === '' ? [] : query.split('&');
  const formatOf = (pair: string): StreamFormat | null =>
    STREAM_FORMATS.get(pair.toLowerCase()) ?? null;
  const format = pairs.map(formatOf).findLast((found) => found !== null) ?? null;
  if (format === null) return { format, part: null, query };
  const partParam = format === 'vtt' ? null : `${STREAMS[format].param}=`;
  let part: string | null = null;
  const rest = pairs.filter((pair) => {
    if (formatOf(pair) !== null) return false;
    if (partParam !== null && pair.startsWith(partParam)) {
      part = decodeURIComponent(pair.slice(partParam.length));
      return false;
    }
    return true;
  });
  return { format, part, query: rest.join('&') };
}

/** One file of the stream `format`, or the message of a 400 when no such stream has it. */
function streamWork(
  format: AdaptiveFormat,
  originPath: string,
  params: Params,
  part: string | null,
): VideoWork | { error: string } {
  const stream = STREAMS[format];
  if (!isVideoPath(originPath)) {
    return {
      error: `fm=${format} streams video files (mp4, mov, webm); ${originPath} is not one.`,
    };
  }
  if (part === null) return { kind: format, part: null };
  const named = stream.part.exec(part);
  // A subtitle track's files exist only in a stream whose parameters ask for that track.
  const subtitleStem = named?.[1];
  if (
    named === null ||
    (subtitleStem !== undefined && !hasSubtitleTrack(subtitlePlan(params), subtitleStem))
  ) {
    return { error: `${stream.param}=${part} names no file of ${stream.name}.` };
  }
  return { kind: format, part };
}

/**
 * fm=vtt of a video: the track its parameters ask for, or the message of a 400. imgix's fm=vtt is
 * also the thumbnail track of a sprite sheet; subtitles are asked by name. A supplied track is
 * chosen by the language video-subtitle-lang[N] tags it with, known before anything is fetched.
 */
function subtitlesWork(params: Params): VideoWork | { error: string } {
  const plan = subtitlePlan(params);
  if (plan === null) {
    return {
      error:
        'fm=vtt answers subtitles with video-generate-subtitles=true, on or auto, or video-subtitle-src; the sprite sheet thumbnail track (fm=vtt without them) is not made yet.',
    };
  }
  if (plan.mode === 'supplied' && suppliedVttTrack(plan) === null) {
    return {
      error: `video-vtt-lang=${plan.vttLanguage ?? ''} names no track of video-subtitle-src: tag one with video-subtitle-lang[N].`,
    };
  }
  return { kind: 'subtitles' };
}

/** A transcode of `format`, or the 400 of burn-in captions asked in a way that cannot be drawn. */
function transcodeWork(params: Params, format: VideoFormat): VideoWork | { error: string } {
  try {
    captionPlan(params);
  } catch (error) {
    if (error instanceof RenderError) return { error: error.message };
    throw error;
  }
  return { kind: 'transcode', format };
}

/**
 * What the video engine does for a request, null when it is the image pipeline's, or the
 * message of a 400. On a video path: fm=mp4, webm, gif and webp transcode (gif and webp make
 * an animation of the clip unless `video-thumbnail` asks for a still), fm=spritesheet tiles
 * frames, fm=hls and fm=dash stream, fm=vtt with video-generate-subtitles or video-subtitle-src
 * answers a subtitle track, and any other format is the poster frame rendered as an image. On a
 * GIF or WebP path, fm=mp4 and fm=webm make a clip of the animation.
 */
export function videoWorkOf(
  originPath: string,
  params: Params,
  stream: StreamRequest,
): VideoWork | null | { error: string } {
  const extension = extensionOf(originPath);
  const video = VIDEO_EXTENSIONS.has(extension);
  if (stream.format === 'hls' || stream.format === 'dash') {
    return streamWork(stream.format, originPath, params, stream.part);
  }
  if (stream.format === 'vtt') {
    if (!video) {
      return {
        error: `fm=vtt makes subtitles of video files (mp4, mov, webm); ${originPath} is not one.`,
      };
    }
    return subtitlesWork(params);
  }
  const fm = params.string('fm');
  if (video) {
    if (fm === 'mp4' || fm === 'webm') return transcodeWork(params, fm);
    if ((fm === 'gif' || fm === 'webp') && !params.has('video-thumbnail')) {
      return transcodeWork(params, fm);
    }
    if (fm === 'spritesheet') return { kind: 'spritesheet' };
    return { kind: 'poster' };
  }
  if (ANIMATION_EXTENSIONS.has(extension) && (fm === 'mp4' || fm === 'webm')) {
    return { kind: 'transcode', format: fm };
  }
  return null;
}

/**
 * True for the answers players fetch across origins: HLS and DASH files (hls.js and dash.js read
 * them with XHR or fetch) and WebVTT sidecars (a `<track>` of a video on another origin is a
 * CORS request).
 */
export function isCrossOriginMedia(work: VideoWork | null): boolean {
  return work?.kind === 'hls' || work?.kind === 'dash' || work?.kind === 'subtitles';
}

/** True for a stream's work, whose files a job renders all at once. */
export function isStreamWork(
  work: VideoWork | null,
): work is Extract<VideoWork, { kind: AdaptiveFormat }> {
  return work?.kind === 'hls' || work?.kind === 'dash';
}

/** The render identity's suffix for a video work: each stream file is cached on its own. */
export function videoVariant(work: VideoWork | null): string {
  if (work === null) return '';
  if (work.kind === 'hls') return `hls:${work.part ?? MASTER_PLAYLIST}`;
  if (work.kind === 'dash') return `dash:${work.part ?? DASH_MANIFEST}`;
  return `video:${work.kind}`;
}
