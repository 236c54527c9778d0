// An origin file as ffmpeg reads it. ffmpeg 5 cannot decode animated WebP, so those frames are
// decoded by sharp and handed over as raw RGBA at their average rate; every other video or
// animation (MP4, MOV, WebM, GIF, ...) is read from a file as it came.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { RenderError } from '../pipeline/context.ts';
import { probeVideo, type VideoInfo } from './probe-video.ts';
import { checkVideoBytes, checkVideoInput, type VideoLimits } from './video-limits.ts';

export interface VideoInput {
  /** The ffmpeg arguments that open it, ending with `-i file`. */
  args: string[];
  info: VideoInfo;
}

// Browsers show a frame without a delay at about 10 fps; the same as animation/timeline.ts.
const UNSET_DELAY_MS = 100;

function isWebp(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes.subarray(0, 12)).toString('latin1');
  return text.startsWith('RIFF') && text.slice(8, 12) === 'WEBP';
}

async function animatedWebpInput(
  bytes: Uint8Array,
  directory: string,
  limits: VideoLimits,
): Promise<VideoInput | null> {
  const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  const pages = metadata.pages ?? 1;
  if (pages < 2 || metadata.width === undefined) return null;
  const height = metadata.pageHeight ?? metadata.height;
  if (height === undefined) return null;
  const delays = (metadata.delay ?? []).map((delay) => (delay > 0 ? delay : UNSET_DELAY_MS));
  const totalMs = delays.length === pages ? delays.reduce((sum, delay) => sum + delay, 0) : 0;
  const durationMs = totalMs > 0 ? totalMs : pages * UNSET_DELAY_MS;
  const frameRate = Math.round((pages * 1000 * 1000) / durationMs) / 1000;
  const info: VideoInfo = {
    durationMs,
    width: metadata.width,
    height,
    codec: 'webp',
    frameRate,
    hasAudio: false,
    container: 'webp',
    subtitles: [],
  };
  checkVideoInput(info, limits);
  const frames = await sharp(bytes, { animated: true, limitInputPixels: false })
    .ensureAlpha()
    .raw()
    .toBuffer();
  const file = path.join(directory, 'frames.rgba');
  await writeFile(file, frames);
  return {
    args: [
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgba',
      '-video_size',
      `${info.width}x${info.height}`,
      '-framerate',
      String(frameRate),
      '-i',
      file,
    ],
    info,
  };
}

/** Writes `bytes` into `directory` for ffmpeg and probes them against the limits. */
export async function openVideoInput(
  bytes: Uint8Array,
  directory: string,
  limits: VideoLimits,
  signal?: AbortSignal,
): Promise<VideoInput> {
  checkVideoBytes(bytes.length, limits);
  if (isWebp(bytes)) {
    const animated = await animatedWebpInput(bytes, directory, limits).catch((error: unknown) => {
      if (error instanceof RenderError) throw error;
      throw new RenderError(422, 'The origin WebP is corrupt: its frames cannot be read.', {
        cause: error,
      });
    });
    if (animated !== null) return animated;
  }
  const file = path.join(directory, 'input');
  await writeFile(file, bytes);
  const info = await probeVideo(file, signal);
  checkVideoInput(info, limits);
  return { args: ['-i', file], info };
}
