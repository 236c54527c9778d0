// ffmpeg's encoder arguments per output format and codec. Presets favour speed: renders run on
// the delivery servers, and a cached transcode is made once.
import type { Params } from '@darkroom/core';
import {
  bitrateOf,
  constantRateFactor,
  videoCodecOf,
  type VideoCodec,
  type VideoFormat,
} from './video-plan.ts';

const VIDEO_ENCODERS: Readonly<Record<VideoCodec, readonly string[]>> = {
  h264: ['-c:v', 'libx264', '-preset', 'veryfast'],
  // hvc1 is the tag Safari and QuickTime play HEVC in MP4 with.
  h265: ['-c:v', 'libx265', '-preset', 'fast', '-tag:v', 'hvc1', '-x265-params', 'log-level=error'],
  av1: ['-c:v', 'libsvtav1', '-preset', '10'],
  vp9: ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-row-mt', '1'],
};

/** Rate control: the asked bitrate (capped at it), else constant quality from `q`. */
function rateArgs(params: Params, codec: VideoCodec): string[] {
  const bitrate = bitrateOf(params);
  if (bitrate !== null) {
    return ['-b:v', bitrate, '-maxrate', bitrate, '-bufsize', bitrate.replace(/M$/, '') + 'M'];
  }
  const crf = String(constantRateFactor(params, codec));
  // libvpx needs -b:v 0 for pure constant quality.
  return codec === 'vp9' ? ['-crf', crf, '-b:v', '0'] : ['-crf', crf];
}

/** The encoder arguments of a clip (MP4 or WebM), audio included when the input has any. */
export function clipEncoderArgs(params: Params, format: 'mp4' | 'webm', hasAudio: boolean) {
  const codec = videoCodecOf(params, format);
  const audio = !hasAudio
    ? ['-an']
    : format === 'webm'
      ? ['-c:a', 'libopus', '-b:a', '96k']
      : ['-c:a', 'aac', '-b:a', '128k'];
  const container = format === 'mp4' ? ['-movflags', '+faststart', '-f', 'mp4'] : ['-f', 'webm'];
  return {
    codec,
    args: [
      ...VIDEO_ENCODERS[codec],
      ...rateArgs(params, codec),
      '-pix_fmt',
      'yuv420p',
      ...audio,
      ...container,
    ],
  };
}

/** The encoder arguments of an animation (GIF or animated WebP) made from a clip. */
export function animationEncoderArgs(params: Params, format: Extract<VideoFormat, 'gif' | 'webp'>) {
  // `loop` as for animated images: 0 repeats forever (docs.imgix.com/apis/rendering/animation/loop).
  const loop = String(params.number('loop') ?? 0);
  if (format === 'gif') return ['-an', '-loop', loop, '-f', 'gif'];
  const quality = String(params.number('q') ?? 75);
  return ['-an', '-c:v', 'libwebp_anim', '-q:v', quality, '-loop', loop, '-f', 'webp'];
}
