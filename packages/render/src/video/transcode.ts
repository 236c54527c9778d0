// fm=mp4, fm=webm for video and animated input, and video to GIF or animated WebP (the `fm`
// values of editor spec section 3), with the audio's waveform laid over the frames when
// `video-wave` asks (waveform.ts) and burn-in captions over both (captions.ts). ffmpeg writes to a
// temporary file: MP4 puts its index at the front (faststart) only once the whole clip is known.
import type { Params } from '@darkroom/core';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { animationFilters } from './animation-filters.ts';
import { captionPass, type BurnIn, type CaptionPass } from './captions.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { animationEncoderArgs, clipEncoderArgs } from './encoders.ts';
import type { VideoInput } from './video-input.ts';
import { checkVideoPixels, type VideoLimits } from './video-limits.ts';
import { pictureGraph } from './waveform.ts';
import {
  clipWindow,
  geometryFilter,
  videoGeometry,
  type VideoCodec,
  type VideoFormat,
} from './video-plan.ts';

export interface TranscodeResult {
  body: Buffer;
  contentType: string;
  format: VideoFormat;
  codec: VideoCodec | 'gif' | 'webp';
  width: number;
  height: number;
  /** The length of the media written, for the minutes-encoded metric. */
  durationMs: number;
}

const VIDEO_MEDIA_TYPES: Readonly<Record<VideoFormat, string>> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  gif: 'image/gif',
  webp: 'image/webp',
};

// Animations beyond this rate only grow the file: GIF counts delays in hundredths of a second.
const MAX_ANIMATION_FPS = 25;

/** `graph` (whose output is `[uncaptioned]`) with the captions drawn over it, out as `[label]`. */
function captioned(graph: string, captions: CaptionPass | null, label: string): string {
  return captions === null ? graph : `${graph};[uncaptioned]${captions.filter}[${label}]`;
}

/**
 * Encodes `input` (opened in `directory`) as `format` with the request's parameters, with
 * `burnIn`'s captions (timed on the output) drawn over the frames.
 */
export async function transcode(
  input: VideoInput,
  directory: string,
  params: Params,
  format: VideoFormat,
  limits: VideoLimits,
  signal?: AbortSignal,
  burnIn: BurnIn | null = null,
): Promise<TranscodeResult> {
  const window = clipWindow(params, input.info.durationMs / 1000);
  const geometry = videoGeometry(params, input.info);
  checkVideoPixels('output', geometry, limits);
  const output = path.join(directory, `output.${format}`);
  const seek = ['-ss', window.startS.toFixed(3), '-t', window.durationS.toFixed(3)];
  // GIF and WebP in: frame, skip, interval and reverse choose the frames, as for animations.
  const animated = input.info.codec === 'gif' || input.info.codec === 'webp';
  const frameCount = Math.max(
    1,
    Math.round(((input.info.frameRate ?? 10) * input.info.durationMs) / 1000),
  );
  const picture = [
    ...(animated ? animationFilters(params, frameCount) : []),
    geometryFilter(geometry),
  ].join(',');
  const outputFrames = {
    width: geometry.width,
    height: geometry.height,
    durationS: window.durationS,
  };
  const captions = burnIn === null ? null : await captionPass(burnIn, geometry, format, directory);
  const pictureLabel = (label: string) => (captions === null ? label : 'uncaptioned');
  // The text stream, when one is muxed, is the input after the video's own.
  const textInput = input.args.filter((arg) => arg === '-i').length;
  let codec: TranscodeResult['codec'];
  let encoder: string[];
  let graph: string;
  if (format === 'mp4' || format === 'webm') {
    const clip = clipEncoderArgs(params, format, input.info.hasAudio);
    codec = clip.codec;
    graph = captioned(
      pictureGraph(
        input,
        params,
        picture,
        { ...outputFrames, frameRate: null },
        pictureLabel('video'),
      ),
      captions,
      'video',
    );
    encoder = [
      '-map',
      '[video]',
      ...(input.info.hasAudio ? ['-map', '0:a:0'] : []),
      ...(captions?.outputArgs(textInput) ?? []),
      ...clip.args,
    ];
  } else {
    codec = format;
    const fps = Math.min(input.info.frameRate ?? MAX_ANIMATION_FPS, MAX_ANIMATION_FPS);
    const animation = captioned(
      pictureGraph(
        input,
        params,
        `${picture},fps=${fps}`,
        { ...outputFrames, frameRate: fps },
        pictureLabel('frames'),
      ),
      captions,
      'frames',
    );
    // A GIF's 256 colours are chosen from the clip itself, not a fixed palette.
    graph =
      format === 'gif'
        ? `${animation};[frames]split[a][b];[a]palettegen[p];[b][p]paletteuse[animation]`
        : animation;
    encoder = [
      '-map',
      format === 'gif' ? '[animation]' : '[frames]',
      ...animationEncoderArgs(params, format),
    ];
  }
  await runFfmpeg(
    [
      ...seek,
      ...input.args,
      ...(captions?.inputArgs ?? []),
      '-filter_complex',
      graph,
      ...encoder,
      '-y',
      output,
    ],
    signal,
  );
  return {
    body: await readFile(output),
    contentType: VIDEO_MEDIA_TYPES[format],
    format,
    codec,
    width: geometry.width,
    height: geometry.height,
    durationMs: Math.round(window.durationS * 1000),
  };
}
