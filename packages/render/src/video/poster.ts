import type { Params } from '@darkroom/core';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runFfmpeg } from './ffmpeg.ts';
import type { VideoInput } from './video-input.ts';
import { thumbnailSeconds } from './video-plan.ts';

/**
 * The poster frame of a video, served as an image through the rendering URL: the first frame,
 * or the one `video-thumbnail` seconds in (docs.imgix.com/en-US/apis/video/format/video-thumbnail),
 * as a high-quality JPEG the image pipeline then renders like any origin image.
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
  return readFile(output);
}
