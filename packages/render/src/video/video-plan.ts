// The video parameters (docs.imgix.com/apis/rendering/video) read into typed options, with no
// I/O, so they are tested without a clip. Times are seconds as the catalogue gives them.
import type { Params, Size } from '@darkroom/core';
import { RenderError } from '../pipeline/context.ts';
import { readWrittenFit } from '../steps/fit-param.ts';

/** What a video render writes: a clip, or an animation made from one (and back). */
export type VideoFormat = 'mp4' | 'webm' | 'gif' | 'webp';

export type VideoCodec = 'h264' | 'h265' | 'av1' | 'vp9';

/** The part of the input a render reads. */
export interface ClipWindow {
  startS: number;
  durationS: number;
}

/** Output geometry: scale to `scale`, then crop or pad to `width` x `height` (centred). */
export interface VideoGeometry {
  scale: Size;
  width: number;
  height: number;
  /** `crop` cuts the scaled picture down; `pad` letterboxes it; `none` when they are equal. */
  frame: 'none' | 'crop' | 'pad';
}

const BITRATES: Readonly<Record<string, string>> = {
  '1m': '1M',
  '2m': '2M',
  '3m': '3M',
  '4m': '4M',
  '5m': '5M',
};

/** Catalogue video-codec values by container; h264 is MP4's default, VP9 WebM's. */
export function videoCodecOf(params: Params, format: 'mp4' | 'webm'): VideoCodec {
  const asked = params.string('video-codec');
  if (format === 'webm') {
    if (asked === undefined) return 'vp9';
    if (asked === 'av1') return 'av1';
    throw new RenderError(400, `video-codec=${asked} cannot be written to WebM (vp9 or av1 can).`);
  }
  if (asked === 'h265' || asked === 'av1') return asked;
  return 'h264';
}

/** `video-bitrate` (1m to 5m) as ffmpeg writes it, or null for quality-based encoding. */
export function bitrateOf(params: Params): string | null {
  const asked = params.string('video-bitrate');
  return asked === undefined ? null : (BITRATES[asked] ?? null);
}

/**
 * `q` (0-100, higher is better) as the encoder's constant rate factor: H.264 and H.265 take
 * 0-51, VP9 and AV1 0-63, lower is better. Without `q`, each encoder's usual default.
 */
export function constantRateFactor(params: Params, codec: VideoCodec): number {
  const q = params.number('q');
  const scale = codec === 'vp9' || codec === 'av1' ? 63 : 51;
  if (q === undefined) return codec === 'vp9' || codec === 'av1' ? 32 : 23;
  return Math.round(scale - (Math.min(100, Math.max(0, q)) / 100) * (scale - 10));
}

/**
 * The window `video-clip-start`, `video-clip-end` and `video-clip-duration` select of a clip
 * `durationS` long: start defaults to 0, the end to the clip's end; a duration counts from the
 * start and loses to an earlier end. A window that starts past the end selects nothing: 400.
 */
export function clipWindow(params: Params, durationS: number): ClipWindow {
  const startS = params.number('video-clip-start') ?? 0;
  if (startS >= durationS && durationS > 0) {
    throw new RenderError(
      400,
      `video-clip-start=${startS} is past the end of the ${durationS.toFixed(1)} s video.`,
    );
  }
  let endS = Math.min(params.number('video-clip-end') ?? durationS, durationS);
  const length = params.number('video-clip-duration');
  if (length !== undefined) endS = Math.min(endS, startS + length);
  if (endS <= startS) {
    throw new RenderError(400, 'video-clip-end must come after video-clip-start.');
  }
  return { startS, durationS: endS - startS };
}

/** When a poster frame is taken: `video-thumbnail` seconds in (clamped), else the first frame. */
export function thumbnailSeconds(params: Params, durationS: number): number {
  const asked = params.number('video-thumbnail');
  if (asked === undefined) return 0;
  // The last frame starts a little before the end; ask for one that exists.
  return Math.max(0, Math.min(asked, Math.max(0, durationS - 0.1)));
}

const even = (side: number): number => Math.max(2, 2 * Math.round(side / 2));

/** imgix's largest output side (docs.imgix.com/apis/rendering/size/image-width). */
const MAX_OUTPUT_SIDE = 8192;

/**
 * `w`, `h` and `fit` for video, as imgix sizes an image: `clip` (default) and `max` fit inside
 * the box keeping the aspect ratio (`max` never enlarges), `crop` covers the box and cuts the
 * rest centred, `fill` and `fillmax` fit inside and pad to the box, `scale` stretches. Sides
 * are even: yuv420p encoders need them so.
 */
export function videoGeometry(params: Params, input: Size): VideoGeometry {
  const askedWidth = params.number('w');
  const askedHeight = params.number('h');
  const { mode, noFace } = readWrittenFit(params);
  // No face is looked for in a video: fit=facearea,fill and fit=facearea,fillmax take the mode
  // they name for an image without one (imgix resize-fit-mode: "When a face is not detected in
  // the image, the image will fall back to fill").
  const fit = noFace ?? mode ?? 'clip';
  const ratio = input.width / input.height;
  const same = (width: number, height: number): VideoGeometry => ({
    scale: { width: even(width), height: even(height) },
    width: even(width),
    height: even(height),
    frame: 'none',
  });
  if (askedWidth === undefined && askedHeight === undefined) {
    return same(input.width, input.height);
  }
  // A ratio below 1 (w=0.5) is a share of the input, as for images.
  const askedBoxWidth =
    askedWidth === undefined ? null : askedWidth <= 1 ? askedWidth * input.width : askedWidth;
  const askedBoxHeight =
    askedHeight === undefined ? null : askedHeight <= 1 ? askedHeight * input.height : askedHeight;
  // docs.imgix.com/apis/rendering/size/image-width: "All output images will be sized down to
  // accommodate this limit" (8192×8192): a larger box is sized down whole, keeping its shape.
  const within = Math.min(
    1,
    MAX_OUTPUT_SIDE / (askedBoxWidth ?? MAX_OUTPUT_SIDE),
    MAX_OUTPUT_SIDE / (askedBoxHeight ?? MAX_OUTPUT_SIDE),
  );
  const boxWidth = askedBoxWidth === null ? null : askedBoxWidth * within;
  const boxHeight = askedBoxHeight === null ? null : askedBoxHeight * within;
  if (boxWidth === null || boxHeight === null) {
    const width = boxWidth ?? (boxHeight ?? input.height) * ratio;
    const height = boxHeight ?? width / ratio;
    if (fit === 'max' && (width > input.width || height > input.height)) {
      return same(input.width, input.height);
    }
    return same(width, height);
  }
  const inside = Math.min(boxWidth / input.width, boxHeight / input.height);
  switch (fit) {
    case 'scale':
      return same(boxWidth, boxHeight);
    case 'crop': {
      const cover = Math.max(boxWidth / input.width, boxHeight / input.height);
      return {
        scale: { width: even(input.width * cover), height: even(input.height * cover) },
        width: even(boxWidth),
        height: even(boxHeight),
        frame: 'crop',
      };
    }
    case 'fill':
    case 'fillmax': {
      const factor = fit === 'fillmax' ? Math.min(1, inside) : inside;
      return {
        scale: { width: even(input.width * factor), height: even(input.height * factor) },
        width: even(boxWidth),
        height: even(boxHeight),
        frame: 'pad',
      };
    }
    case 'max':
      return inside >= 1
        ? same(input.width, input.height)
        : same(input.width * inside, input.height * inside);
    default:
      return same(input.width * inside, input.height * inside);
  }
}

/** The ffmpeg filter chain that gives a picture of `geometry`. */
export function geometryFilter(geometry: VideoGeometry): string {
  const { scale, width, height, frame } = geometry;
  const filters = [`scale=${scale.width}:${scale.height}:flags=bicubic`, 'setsar=1'];
  if (frame === 'crop') filters.push(`crop=${width}:${height}`);
  if (frame === 'pad') filters.push(`pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2`);
  return filters.join(',');
}
