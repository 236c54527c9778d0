import type { Size } from '@darkroom/core';
import { RenderError } from '../pipeline/context.ts';
import type { VideoInfo } from './probe-video.ts';

/** Input limits of video renders (VIDEO_MAX_* in the server's settings). */
export interface VideoLimits {
  /** Longest input, in seconds. */
  maxDurationS: number;
  /** Largest picture, width times height, of the input and of the output. */
  maxPixels: number;
  /** Largest input file, in bytes. */
  maxBytes: number;
}

export const DEFAULT_VIDEO_LIMITS: VideoLimits = {
  maxDurationS: 600,
  maxPixels: 1920 * 1080,
  maxBytes: 500_000_000,
};

/** Refuses, before ffmpeg decodes a frame, an input file too large to read at all. */
export function checkVideoBytes(byteLength: number, limits: VideoLimits): void {
  if (byteLength > limits.maxBytes) {
    throw new RenderError(
      413,
      `The video is ${byteLength} bytes; this server renders videos of at most ${limits.maxBytes} bytes.`,
    );
  }
}

/** Refuses an input longer or larger than the limits allow, naming the limit it passes. */
export function checkVideoInput(info: VideoInfo, limits: VideoLimits): void {
  if (info.durationMs > limits.maxDurationS * 1000) {
    throw new RenderError(
      413,
      `The video lasts ${(info.durationMs / 1000).toFixed(1)} s; this server renders videos of at most ${limits.maxDurationS} s.`,
    );
  }
  checkVideoPixels('video', info, limits);
}

/** Refuses a picture (input or output) of more than `maxPixels`. */
export function checkVideoPixels(what: 'video' | 'output', size: Size, limits: VideoLimits): void {
  if (size.width * size.height > limits.maxPixels) {
    throw new RenderError(
      413,
      `The ${what} is ${size.width}x${size.height}; this server renders videos of at most ${limits.maxPixels} pixels a frame.`,
    );
  }
}
