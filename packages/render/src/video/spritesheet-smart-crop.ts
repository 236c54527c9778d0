// `video-spritesheet-smart-crop=true` (docs.imgix.com/en-US/apis/video/spritesheets/
// video-spritesheet-smart-crop): each sampled frame is cropped to the tile around its subject
// rather than its centre. The subject is `crop=auto`'s (ai/subjects.ts): the faces when there
// are any, else the most prominent object, found by the detector the face parameters use. When
// there is no detector, or it finds nothing in a frame, that frame is cropped by libvips'
// smartcrop `attention` strategy (edges, skin tones and saturation) instead: never the centre,
// which is what smart crop was asked to avoid.
//
// ffmpeg samples the frames as the centred sheet does (one every `video-spritesheet-interval`)
// but hands them over one at a time (ffmpeg-frames.ts); sharp crops each and composes the grid.
import sharp from 'sharp';
import { SUBJECT_DETECTION_SIDE, subjectInImage } from '../ai/subjects.ts';
import type { AiModels, RawImage } from '../ai/types.ts';
import { RenderError } from '../pipeline/context.ts';
import { ffmpegFrames } from './ffmpeg-frames.ts';
import {
  smartCropFrameSize,
  tileHasChoice,
  tileRegion,
  type SpritesheetPlan,
} from './spritesheet-plan.ts';
import type { VideoInput } from './video-input.ts';

/** The sheet of `plan` with each frame cropped around its subject, unencoded. */
export async function smartCroppedSheet(
  input: VideoInput,
  plan: SpritesheetPlan,
  models: AiModels | undefined,
  signal?: AbortSignal,
): Promise<sharp.Sharp> {
  const frameSize = smartCropFrameSize(plan, input.info, SUBJECT_DETECTION_SIDE);
  const filters = [
    `fps=1/${plan.intervalS}`,
    `scale=${frameSize.width}:${frameSize.height}`,
    'setsar=1',
  ].join(',');
  const frameCount = plan.columns * plan.rows;
  const frames = ffmpegFrames(
    [...input.args, '-vf', filters, '-frames:v', String(frameCount)],
    frameSize,
    signal,
  );
  const tiles: sharp.OverlayOptions[] = [];
  for await (const frame of frames) {
    // Detection takes far longer than ffmpeg's sampling: a render past its deadline stops here.
    if (signal?.aborted === true) {
      throw new RenderError(504, 'The video took too long to make and was abandoned.');
    }
    const index = tiles.length;
    tiles.push({
      input: await smartTile(frame, plan, models),
      raw: { width: plan.tileWidth, height: plan.tileHeight, channels: 3 },
      left: (index % plan.columns) * plan.tileWidth,
      top: Math.floor(index / plan.columns) * plan.tileHeight,
    });
    if (tiles.length === frameCount) break;
  }
  if (tiles.length === 0) throw new Error('ffmpeg sampled no frame of the video.');
  // Tiles a short clip leaves empty stay black, as ffmpeg's tile filter leaves them.
  return sharp({
    create: {
      width: plan.columns * plan.tileWidth,
      height: plan.rows * plan.tileHeight,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
    },
  }).composite(tiles);
}

/** One frame cropped to the tile around its subject, as raw RGB of the tile's size. */
async function smartTile(
  frame: RawImage,
  plan: SpritesheetPlan,
  models: AiModels | undefined,
): Promise<Buffer> {
  const tile = { width: plan.tileWidth, height: plan.tileHeight };
  const pixels = () =>
    sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 3 } });
  // The tile has the frame's aspect: the whole frame is the only crop.
  if (!tileHasChoice(frame, tile)) {
    return pixels().resize(tile.width, tile.height, { fit: 'cover' }).raw().toBuffer();
  }
  const subject =
    models === undefined ? null : await subjectInImage(models, pixels(), frame, ['auto']);
  if (subject === null) {
    return pixels()
      .resize(tile.width, tile.height, { fit: 'cover', position: 'attention' })
      .raw()
      .toBuffer();
  }
  const centre = { x: subject.left + subject.width / 2, y: subject.top + subject.height / 2 };
  return pixels()
    .extract(tileRegion(frame, tile, centre))
    .resize(tile.width, tile.height, { fit: 'fill' })
    .raw()
    .toBuffer();
}
