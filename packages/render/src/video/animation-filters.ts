// The animation parameters (docs.imgix.com/apis/rendering/animation) on a GIF or animated WebP
// made into a clip (fm=mp4, fm=webm), as ffmpeg filters: the same frames, in the same order,
// as animation/timeline.ts keeps when the output is an animation itself.
import type { Params } from '@darkroom/core';
import { RenderError } from '../pipeline/context.ts';

/** The ffmpeg filters that select and order an animation's frames; empty when all play as they are. */
export function animationFilters(params: Params, frameCount: number): string[] {
  const filters: string[] = [];
  if (params.has('frame')) {
    const single = params.number('frame');
    const range = params.interval('frame');
    const from = single ?? range?.start ?? 1;
    const to = Math.min(single ?? range?.end ?? frameCount, frameCount);
    if (from > frameCount) {
      throw new RenderError(
        400,
        `The animation has ${frameCount} frames; frame=${params.raw('frame') ?? from} selects none.`,
      );
    }
    // The selected frames keep their own timing, counted from the first one kept.
    filters.push(`select='between(n,${from - 1},${to - 1})'`, 'setpts=PTS-STARTPTS');
  }
  for (const name of ['skip', 'interval']) {
    const every = params.number(name);
    if (every !== undefined && every > 1) {
      // Every Nth frame, each shown as long as one frame was: the animation plays faster.
      filters.push(`select='not(mod(n,${every}))'`, 'setpts=N/FRAME_RATE/TB');
    }
  }
  if (params.boolean('reverse') === true) filters.push('reverse');
  return filters;
}
