import type { Params } from '@darkroom/core';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { runFfmpeg } from './ffmpeg.ts';
import type { VideoInput } from './video-input.ts';
import { thumbnailSeconds } from './video-plan.ts';
import { withWaveform } from './waveform.ts';
import { waveformPlan } from './waveform-plan.ts';

/**
 * The poster frame of a video, served as an image through the rendering URL: the first frame,
 * or the one `video-thumbnail` seconds in (docs.imgix.com/en-US/apis/video/format/video-thumbnail),
 * as a high-quality JPEG the image pipeline then renders like any origin image. With
 * `video-wave=true` the audio's waveform is drawn over it (a PNG then); a video without audio
 * is left as it is, as imgix ignores the parameter then
 * (docs.imgix.com/apis/video/audio-waveforms/video-wave).
 */
export async function posterFrame(
  input: VideoInput,
  directory: string,
  params: Params,
  signal?: AbortSignal,
): Promise<Buffer> {
  const output = path.join(directory, 'poster.jpg');
  const at = thumbnailSeconds(params, input.info.durationMs / 1000);
  await runFfmpeg(
    [
      '-ss',
      at.toFixed(3),
      ...input.args,
      '-frames:v',
      '1',
      '-f',
      'image2',
      '-c:v',
      'mjpeg',
      '-q:v',
      '2',
      '-y',
      output,
    ],
    signal,
  );
  const frame = await readFile(output);
  if (!input.info.hasAudio || params.boolean('video-wave') !== true) return frame;
  const { width, height } = await sharp(frame).metadata();
  const plan = waveformPlan(params, {
    width: width ?? input.info.width,
    height: height ?? input.info.height,
  });
  return plan === null ? frame : withWaveform(frame, input, directory, plan, signal);
}
