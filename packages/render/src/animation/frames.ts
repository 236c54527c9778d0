import type { Params } from '@darkroom/core';
import { RenderError, type SourceImage } from '../pipeline/context.ts';

/** A contiguous run of an animation's frames, 0-based. */
export interface FrameRange {
  first: number;
  count: number;
}

/**
 * GIF and WebP are the animated inputs sharp decodes frame by frame, so the animation parameters
 * (docs.imgix.com/apis/rendering/animation) apply to them.
 */
export function isAnimation(source: SourceImage): boolean {
  return source.pages > 1 && (source.format === 'gif' || source.format === 'webp');
}

/**
 * The frames `frame` selects (docs.imgix.com/apis/rendering/animation/frame): `N` is one frame,
 * `M-N`, `M-` and `-N` are inclusive 1-based ranges. Without `frame`, every frame. A range
 * running past the end stops at the last frame; one starting past it selects nothing: 400.
 */
export function selectFrames(params: Params, source: SourceImage): FrameRange {
  const total = isAnimation(source) ? source.pages : 1;
  if (!params.has('frame') || total === 1) return { first: 0, count: total };
  const single = params.number('frame');
  const range = params.interval('frame');
  const from = single ?? range?.start ?? 1;
  const to = Math.min(single ?? range?.end ?? total, total);
  if (from > total) {
    throw new RenderError(
      400,
      `The animation has ${total} frames; frame=${params.raw('frame') ?? from} selects none.`,
    );
  }
  return { first: from - 1, count: to - from + 1 };
}
