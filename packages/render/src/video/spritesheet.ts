import type { Params } from '@darkroom/core';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { AiModels } from '../ai/types.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { spritesheetPlan, type SpritesheetPlan } from './spritesheet-plan.ts';
import { smartCroppedSheet } from './spritesheet-smart-crop.ts';
import type { VideoInput } from './video-input.ts';
import { checkVideoPixels, type VideoLimits } from './video-limits.ts';

export interface Spritesheet {
  body: Buffer;
  contentType: string;
  width: number;
  height: number;
}

const MEDIA_TYPES = { jpg: 'image/jpeg', webp: 'image/webp', avif: 'image/avif' } as const;

/**
 * fm=spritesheet of a video: sampled frames tiled left to right, top to bottom, each cropped to
 * the tile around its centre, or around its subject with `video-spritesheet-smart-crop` (found
 * by `models` when given: spritesheet-smart-crop.ts).
 */
export async function spritesheet(
  input: VideoInput,
  directory: string,
  params: Params,
  limits: VideoLimits,
  signal?: AbortSignal,
  models?: AiModels,
): Promise<Spritesheet> {
  const plan = spritesheetPlan(params, input.info.durationMs / 1000, input.info);
  const width = plan.columns * plan.tileWidth;
  const height = plan.rows * plan.tileHeight;
  checkVideoPixels('output', { width, height }, limits);
  const image =
    params.boolean('video-spritesheet-smart-crop') === true
      ? await smartCroppedSheet(input, plan, models, signal)
      : await centredSheet(input, directory, plan, signal);
  const encoded =
    plan.format === 'webp'
      ? image.webp({ quality: params.number('q') ?? 75 })
      : plan.format === 'avif'
        ? image.avif({ quality: params.number('q') ?? 50 })
        : image.jpeg({ quality: params.number('q') ?? 75, mozjpeg: true });
  return { body: await encoded.toBuffer(), contentType: MEDIA_TYPES[plan.format], width, height };
}

/** The sheet with centred crops, made by ffmpeg alone in one filter graph (the quick way). */
async function centredSheet(
  input: VideoInput,
  directory: string,
  plan: SpritesheetPlan,
  signal?: AbortSignal,
): Promise<sharp.Sharp> {
  const output = path.join(directory, 'sheet.png');
  const tiles = [
    `fps=1/${plan.intervalS}`,
    `scale=${plan.tileWidth}:${plan.tileHeight}:force_original_aspect_ratio=increase`,
    `crop=${plan.tileWidth}:${plan.tileHeight}`,
    'setsar=1',
    `tile=${plan.columns}x${plan.rows}`,
  ].join(',');
  await runFfmpeg(
    [...input.args, '-vf', tiles, '-frames:v', '1', '-f', 'image2', '-c:v', 'png', '-y', output],
    signal,
  );
  return sharp(await readFile(output));
}
