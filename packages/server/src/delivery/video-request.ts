// Which requests the video engine answers, decided before anything is fetched, from the origin
// path's extension and the parameters: video files (MP4, MOV, WebM, ...) in every format, and
// animations (GIF, WebP) made into clips. Everything else is the image pipeline's.
import type { Params } from '@darkroom/core';
import { hasSubtitleTrack, subtitlePlan, type VideoFormat } from '@darkroom/render';

const VIDEO_EXTENSIONS = new Set(['mp4', 'm4v', 'mov', 'webm', 'mkv']);
const ANIMATION_EXTENSIONS = new Set(['gif', 'webp']);

/** The query parameter naming one file of an HLS stream; only meaningful with fm=hls. */
export const HLS_PART_PARAM = 'hls-part';
/**
 * Playlists (`720p.m3u8`) and segments (`720p-004.ts`) as render/video/hls.ts names them, and
 * subtitle tracks' (`subtitles.m3u8`, `subtitles-fr-000.vtt`) as render/video/hls-subtitles.ts
 * does; the second group is the subtitle track's stem.
 */
const HLS_PART =
  /^(?:\d{2,4}p(?:\.m3u8|-\d{3,5}\.ts)|(subtitles(?:-[a-z]{2,3})?)(?:\.m3u8|-\d{3,5}\.vtt))$/;

/** The stream formats delivery takes out of the query: neither is in the rendering catalogue. */
export type StreamFormat = 'hls' | 'vtt';

/** fm=hls or fm=vtt, and the HLS part, taken out of the query. */
export interface StreamRequest {
  /** fm=hls (a stream) or fm=vtt (a WebVTT sidecar); null for every other format. */
  format: StreamFormat | null;
  /** The stream file asked for; null is the master playlist. */
  part: string | null;
  /** The query (raw, without `s`) without the stream format and the part, for the parameter parser. */
  query: string;
}

export type VideoWork =
  /** A clip (MP4, WebM) or an animation (GIF, animated WebP), rendered by a job. */
  | { kind: 'transcode'; format: VideoFormat }
  | { kind: 'spritesheet' }
  /** One file of an HLS stream; the whole stream is rendered by one job. */
  | { kind: 'hls'; part: string | null }
  /** fm=vtt with video-generate-subtitles: one WebVTT track, rendered by a job. */
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

/**
 * Splits fm=hls or fm=vtt (the last one written) and the stream part off the raw query (the
 * other pairs keep their order).
 */
export function splitStreamQuery(query: string): StreamRequest {
  const pairs = query === '' ? [] : query.split('&');
  const formatOf = (pair: string): StreamFormat | null => {
    const lower = pair.toLowerCase();
    return lower === 'fm=hls' ? 'hls' : lower === 'fm=vtt' ? 'vtt' : null;
  };
  const format = pairs.map(formatOf).findLast((found) => found !== null) ?? null;
  if (format === null) return { format, part: null, query };
  let part: string | null = null;
  const rest = pairs.filter((pair) => {
    if (formatOf(pair) !== null) return false;
    if (format === 'hls' && pair.startsWith(`${HLS_PART_PARAM}=`)) {
      part = decodeURIComponent(pair.slice(HLS_PART_PARAM.length + 1));
      return false;
    }
    return true;
  });
  return { format, part, query: rest.join('&') };
}

/**
 * What the video engine does for a request, null when it is the image pipeline's, or the
 * message of a 400. On a video path: fm=mp4, webm, gif and webp transcode (gif and webp make
 * an animation of the clip unless `video-thumbnail` asks for a still), fm=spritesheet tiles
 * frames, fm=hls streams, fm=vtt with video-generate-subtitles answers a subtitle track, and any
 * other format is the poster frame rendered as an image. On a GIF or WebP path, fm=mp4 and
 * fm=webm make a clip of the animation.
 */
export function videoWorkOf(
  originPath: string,
  params: Params,
  stream: StreamRequest,
): VideoWork | null | { error: string } {
  const extension = extensionOf(originPath);
  const video = VIDEO_EXTENSIONS.has(extension);
  if (stream.format === 'hls') {
    if (!video) {
      return { error: `fm=hls streams video files (mp4, mov, webm); ${originPath} is not one.` };
    }
    if (stream.part === null) return { kind: 'hls', part: null };
    const part = HLS_PART.exec(stream.part);
    // A subtitle track's files exist only in a stream whose parameters ask for that track.
    const subtitleStem = part?.[1];
    if (
      part === null ||
      (subtitleStem !== undefined && !hasSubtitleTrack(subtitlePlan(params), subtitleStem))
    ) {
      return { error: `${HLS_PART_PARAM}=${stream.part} names no file of an HLS stream.` };
    }
    return { kind: 'hls', part: stream.part };
  }
  if (stream.format === 'vtt') {
    if (!video) {
      return {
        error: `fm=vtt makes subtitles of video files (mp4, mov, webm); ${originPath} is not one.`,
      };
    }
    // imgix's fm=vtt is also the thumbnail track of a sprite sheet; subtitles are asked by name.
    if (subtitlePlan(params) === null) {
      return {
        error:
          'fm=vtt answers subtitles with video-generate-subtitles=true, on or auto; the sprite sheet thumbnail track (fm=vtt without it) is not made yet.',
      };
    }
    return { kind: 'subtitles' };
  }
  const fm = params.string('fm');
  if (video) {
    if (fm === 'mp4' || fm === 'webm') return { kind: 'transcode', format: fm };
    if ((fm === 'gif' || fm === 'webp') && !params.has('video-thumbnail')) {
      return { kind: 'transcode', format: fm };
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
 * True for the answers players fetch across origins: HLS files (hls.js reads them with XHR) and
 * WebVTT sidecars (a `<track>` of a video on another origin is a CORS request).
 */
export function isCrossOriginMedia(work: VideoWork | null): boolean {
  return work?.kind === 'hls' || work?.kind === 'subtitles';
}

/** The render identity's suffix for a video work: each stream file is cached on its own. */
export function videoVariant(work: VideoWork | null): string {
  if (work === null) return '';
  if (work.kind === 'hls') return `hls:${work.part ?? 'master.m3u8'}`;
  return `video:${work.kind}`;
}
