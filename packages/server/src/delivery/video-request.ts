// Which requests the video engine answers, decided before anything is fetched, from the origin
// path's extension and the parameters: video files (MP4, MOV, WebM, ...) in every format, and
// animations (GIF, WebP) made into clips. Everything else is the image pipeline's.
import type { Params } from '@darkroom/core';
import type { VideoFormat } from '@darkroom/render';

const VIDEO_EXTENSIONS = new Set(['mp4', 'm4v', 'mov', 'webm', 'mkv']);
const ANIMATION_EXTENSIONS = new Set(['gif', 'webp']);

/** The query parameter naming one file of an HLS stream; only meaningful with fm=hls. */
export const HLS_PART_PARAM = 'hls-part';
/** Playlists (`720p.m3u8`) and segments (`720p-004.ts`) as render/video/hls.ts names them. */
const HLS_PART = /^\d{2,4}p(?:\.m3u8|-\d{3,5}\.ts)$/;

/** fm=hls and its part, taken out of the query: neither is in the rendering catalogue. */
export interface StreamRequest {
  hls: boolean;
  /** The stream file asked for; null is the master playlist. */
  part: string | null;
  /** The query (raw, without `s`) without `fm=hls` and the part, for the parameter parser. */
  query: string;
}

export type VideoWork =
  /** A clip (MP4, WebM) or an animation (GIF, animated WebP), rendered by a job. */
  | { kind: 'transcode'; format: VideoFormat }
  | { kind: 'spritesheet' }
  /** One file of an HLS stream; the whole stream is rendered by one job. */
  | { kind: 'hls'; part: string | null }
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

/** Splits fm=hls and the stream part off the raw query (the pairs keep their order). */
export function splitStreamQuery(query: string): StreamRequest {
  const pairs = query === '' ? [] : query.split('&');
  const hls = pairs.some((pair) => pair.toLowerCase() === 'fm=hls');
  if (!hls) return { hls: false, part: null, query };
  let part: string | null = null;
  const rest = pairs.filter((pair) => {
    if (pair.toLowerCase() === 'fm=hls') return false;
    if (pair.startsWith(`${HLS_PART_PARAM}=`)) {
      part = decodeURIComponent(pair.slice(HLS_PART_PARAM.length + 1));
      return false;
    }
    return true;
  });
  return { hls, part, query: rest.join('&') };
}

/**
 * What the video engine does for a request, null when it is the image pipeline's, or the
 * message of a 400. On a video path: fm=mp4, webm, gif and webp transcode (gif and webp make
 * an animation of the clip unless `video-thumbnail` asks for a still), fm=spritesheet tiles
 * frames, fm=hls streams, and any other format is the poster frame rendered as an image. On a
 * GIF or WebP path, fm=mp4 and fm=webm make a clip of the animation.
 */
export function videoWorkOf(
  originPath: string,
  params: Params,
  stream: StreamRequest,
): VideoWork | null | { error: string } {
  const extension = extensionOf(originPath);
  const video = VIDEO_EXTENSIONS.has(extension);
  if (stream.hls) {
    if (!video) {
      return { error: `fm=hls streams video files (mp4, mov, webm); ${originPath} is not one.` };
    }
    if (stream.part !== null && !HLS_PART.test(stream.part)) {
      return { error: `${HLS_PART_PARAM}=${stream.part} names no file of an HLS stream.` };
    }
    return { kind: 'hls', part: stream.part };
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

/** The render identity's suffix for a video work: each stream file is cached on its own. */
export function videoVariant(work: VideoWork | null): string {
  if (work === null) return '';
  if (work.kind === 'hls') return `hls:${work.part ?? 'master.m3u8'}`;
  return `video:${work.kind}`;
}
