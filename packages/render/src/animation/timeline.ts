import type { Params } from '@darkroom/core';
import sharp from 'sharp';
import type { RenderContext, SourceImage } from '../pipeline/context.ts';
import type { AnimationOutput } from '../output/encode.ts';
import type { FrameRange } from './frames.ts';

/** The frames to write, as indexes into the frames loaded, with their delays and loop count. */
export interface Timeline {
  order: number[];
  delay: number[];
  loop: number;
}

// Browsers show a GIF frame without a delay at about 10 fps; use the same when none is stored.
const UNSET_DELAY_MS = 100;

/**
 * imgix's animation parameters (docs.imgix.com/apis/rendering/animation): `skip` and `interval`
 * keep every Nth frame starting with the first (each frame keeps its own delay, so the
 * animation plays faster unless `fps` is given), `reverse` plays the result backwards, `fps`
 * replaces every delay with 1000/fps ms, `loop` sets the repeat count (0 = forever; absent, the
 * origin's own).
 */
export function planTimeline(params: Params, source: SourceImage, frames: FrameRange): Timeline {
  let order = Array.from({ length: frames.count }, (_, index) => index);
  for (const name of ['skip', 'interval']) {
    const every = params.number(name);
    if (every !== undefined && every > 1)
      order = order.filter((_, position) => position % every === 0);
  }
  if (params.boolean('reverse')) order.reverse();
  const fps = params.number('fps');
  const stored = source.metadata.delay ?? [];
  const delay = order.map((index) =>
    fps !== undefined && fps > 0
      ? Math.round(1000 / fps)
      : stored[frames.first + index] || UNSET_DELAY_MS,
  );
  return { order, delay, loop: params.number('loop') ?? source.metadata.loop ?? 0 };
}

/**
 * Rebuilds the pipeline's frames in the timeline's order. The common case (every frame, in
 * order) leaves the pipeline alone; otherwise the frames are copied out of the rendered strip.
 */
export async function applyTimeline(
  context: RenderContext,
  timeline: Timeline,
): Promise<AnimationOutput> {
  const unchanged = timeline.order.every((frame, position) => frame === position);
  if (!unchanged) {
    const { data, info } = await context.image
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const pageHeight = info.pageHeight ?? context.pageHeight;
    const frameBytes = info.width * pageHeight * info.channels;
    const strip = Buffer.alloc(frameBytes * timeline.order.length);
    timeline.order.forEach((frame, position) => {
      data.copy(strip, position * frameBytes, frame * frameBytes, (frame + 1) * frameBytes);
    });
    const height = pageHeight * timeline.order.length;
    context.image = sharp(strip, {
      raw: { width: info.width, height, channels: info.channels, pageHeight },
    });
    context.width = info.width;
    context.height = pageHeight;
    context.pageHeight = pageHeight;
  }
  return { delay: timeline.delay, loop: timeline.loop };
}
