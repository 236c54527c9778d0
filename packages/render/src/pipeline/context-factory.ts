import type { Params } from '@darkroom/core';
import sharp from 'sharp';
import type { FrameRange } from '../animation/frames.ts';
import { untrustedInput, type Deadline } from '../output/limits.ts';
import { renderBudget, type RenderBudget } from './budget.ts';
import type { RenderContext, RenderLimits, RenderRequest, SourceImage } from './context.ts';

export interface ContextSettings {
  /** What the steps read: the request's parameters once client hints are applied. */
  params: Params;
  limits: RenderLimits;
  /** The frames to decode; more than one makes an animated pipeline. */
  frames: FrameRange;
  /** Bounds the time sharp may spend when `materialize()` runs the pipeline. */
  deadline: Deadline;
  /** RenderContext.sourceScale; 1 when no premium operation changed the origin's size. */
  sourceScale?: number;
  /** What the canvases and the output may hold; by default the limits' own, for `frames`. */
  budget?: RenderBudget;
}

/**
 * The context the steps share, over a fresh sharp pipeline on the origin's bytes. Tests build
 * theirs here too (testing/step-context.ts), so a step is tested on the context it will get.
 */
export function createRenderContext(
  request: RenderRequest,
  source: SourceImage,
  { params, limits, frames, deadline, sourceScale = 1, budget }: ContextSettings,
): RenderContext {
  const frameHeight = source.metadata.height ?? source.height;
  const context: RenderContext = {
    request,
    params,
    source,
    limits,
    budget: budget ?? renderBudget(limits, frames.count),
    image: sharp(source.bytes, {
      ...untrustedInput(limits),
      // A file cut short fails the render (422) instead of rendering half an image; benign
      // decoder warnings common in camera JPEGs (stray bytes before a marker) still render.
      failOn: 'truncated',
      page: frames.first,
      pages: frames.count,
    }),
    // Unoriented and one frame high: the orient step applies EXIF (or `orient`) and turns these.
    width: source.metadata.width ?? source.width,
    height: frameHeight,
    hasAlpha: source.hasAlpha,
    animated: frames.count > 1,
    pageHeight: frameHeight,
    pendingFill: null,
    margins: null,
    premium: false,
    sourceScale,
    aiFailures: {},
    async materialize() {
      const { data, info } = await context.image
        .raw({ depth: 'uchar' })
        .timeout({ seconds: deadline.secondsLeft() })
        .toBuffer({ resolveWithObject: true });
      restartFromPixels(context, data, info);
    },
  };
  return context;
}

/**
 * Starts a fresh pipeline on raw pixels (all frames of an animation stacked top to bottom) and
 * brings the context's size in line with them, frame height included, so a step that works on
 * raw pixels leaves an animation animated.
 */
export function restartFromPixels(
  context: RenderContext,
  data: Uint8Array,
  info: { width: number; height: number; channels: number },
): void {
  const frameHeight = context.animated ? context.pageHeight : info.height;
  const stacked = frameHeight > 0 && frameHeight < info.height && info.height % frameHeight === 0;
  context.image = sharp(data, {
    raw: {
      width: info.width,
      height: info.height,
      channels: info.channels as 1 | 2 | 3 | 4,
      ...(stacked && { pageHeight: frameHeight }),
    },
  });
  context.width = info.width;
  context.height = stacked ? frameHeight : info.height;
  context.pageHeight = context.height;
  context.hasAlpha = info.channels === 4 || info.channels === 2;
}
