import type { Params } from '@darkroom/core';
import sharp from 'sharp';
import {
  topLeftColour,
  trimPixels,
  type RawImage,
  type TrimRule,
} from '../geometry/trim-bounds.ts';
import type { StepModule } from '../pipeline/step.ts';
import { INLINE_PASS_PIXELS } from '../color/sharp-pixels.ts';
import { currentDeadline } from '../pipeline/render-deadline.ts';
import { renderWorkers } from '../workers/pool.ts';
import { copyForWorker } from '../workers/worker-memory.ts';
import { cloneSharingPixels } from '../pipeline/clone-image.ts';

/**
 * `trim` and the `trim-*` family (docs.imgix.com/apis/rendering/trim): measures the border on
 * the decoded pixels, then keeps the inside. The kept pixels become a fresh pipeline rather
 * than a pending extract, so `rect` can still cut before the resize.
 */
export const trimStep: StepModule = {
  name: 'trim',
  parameters: ['trim', 'trim-color', 'trim-md', 'trim-sd', 'trim-tol', 'trim-pad', 'trim-alpha'],
  async run(context) {
    const mode = context.params.string('trim');
    if (!mode) return;
    await context.materialize();
    const { data, info } = await cloneSharingPixels(context.image)
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixels: RawImage = {
      data,
      width: info.width,
      height: info.height,
      channels: info.channels,
    };
    const rule = trimRule(context.params, mode, pixels);
    const pad = context.params.number('trim-pad') ?? 0;
    const kept = await keptPixels(pixels, rule, pad);
    if (kept === null) return;
    context.image = sharp(kept.data, {
      raw: { width: kept.width, height: kept.height, channels: info.channels },
    });
    context.width = kept.width;
    context.height = kept.height;
    context.pageHeight = kept.height;
  },
};

/**
 * Measuring walks every border pixel: a large image is measured and cut in a worker thread, its
 * pixels moved there and the kept part moved back (sharp-pixels.ts, worker-memory.ts).
 */
async function keptPixels(pixels: RawImage, rule: TrimRule, pad: number): Promise<RawImage | null> {
  if (pixels.width * pixels.height <= INLINE_PASS_PIXELS) return trimPixels(pixels, rule, pad);
  const data = await copyForWorker(pixels.data);
  return renderWorkers().run(
    'trim',
    { image: { ...pixels, data }, rule, pad },
    { signal: currentDeadline().signal, transfer: [data.buffer] },
  );
}

function trimRule(params: Params, mode: string, pixels: RawImage): TrimRule {
  const hasAlpha = pixels.channels === 4;
  if (mode === 'alpha' || (mode === 'colorunlessalpha' && hasAlpha)) {
    return { kind: 'alpha', threshold: params.number('trim-alpha') ?? 0 };
  }
  if (mode === 'auto') {
    return {
      kind: 'auto',
      meanDifference: params.number('trim-md') ?? numberDefault(params, 'trim-md', 11),
      standardDeviation: params.number('trim-sd') ?? numberDefault(params, 'trim-sd', 10),
    };
  }
  const colour = params.color('trim-color');
  return {
    kind: 'color',
    colour: colour
      ? [colour.r, colour.g, colour.b, Math.round(colour.alpha * 255)]
      : topLeftColour(pixels),
    tolerance: params.number('trim-tol') ?? 0,
  };
}

/** The catalogue default, or `fallback` if the catalogue has none. */
function numberDefault(params: Params, name: string, fallback: number): number {
  const value = params.getOrDefault(name);
  return value && 'value' in value && typeof value.value === 'number' ? value.value : fallback;
}
