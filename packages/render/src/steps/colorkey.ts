import type { Params } from '@darkroom/core';
import {
  COLOR_KEY_DEFAULTS,
  type ColorKeyMode,
  type ColorKeyOptions,
  type Rgb,
} from '../color/color-key.ts';
import { adopt } from '../composite/layers.ts';
import type { OutputPlan } from '../output/format.ts';
import type { StepModule } from '../pipeline/step.ts';
import { stepDeadline } from '../pipeline/step-deadline.ts';
import { renderWorkers } from '../workers/pool.ts';
import { copyForWorker } from '../workers/worker-memory.ts';

const ON_WORDS = new Set(['true', '1', 'yes', 'on']);

/**
 * What `colorkey` and its companions ask for; null when nothing is to be keyed: no colorkey, or
 * a value that is neither a colour, `auto` nor empty ("A value that is not a valid color is
 * ignored and the image is returned unkeyed", docs.imgix.com/apis/rendering/background/color-key).
 */
export function readColorKey(params: Params): ColorKeyOptions | null {
  const value = params.get('colorkey');
  if (value === undefined) return null;
  let key: Rgb | null;
  if (value.type === 'color') {
    // "any alpha digits are ignored"
    key = { r: value.value.r, g: value.value.g, b: value.value.b };
  } else if (value.type === 'string' && ['', 'auto'].includes(value.value.toLowerCase())) {
    key = null;
  } else {
    return null;
  }
  const mode: ColorKeyMode = params.string('colorkey-mode') === 'chroma' ? 'chroma' : 'color';
  const defaults = COLOR_KEY_DEFAULTS[mode];
  return {
    key,
    mode,
    tolerance: params.number('colorkey-tol') ?? defaults.tolerance,
    feather: params.number('colorkey-feather') ?? defaults.feather,
    defringe: params.number('colorkey-defringe') ?? defaults.defringe,
    contiguous: ON_WORDS.has((params.string('colorkey-contiguous') ?? '').toLowerCase()),
  };
}

/**
 * The colour key, run first after orientation: "Color keying runs before trimming, cropping and
 * resizing", so trim=alpha trims to the keyed subject and a resize blends the new transparent
 * edges (imgix color-key doc, "Order of operations"). The pixel loop runs in a worker thread.
 */
export const colorKeyStep: StepModule = {
  name: 'colorkey',
  parameters: [
    'colorkey',
    'colorkey-tol',
    'colorkey-feather',
    'colorkey-defringe',
    'colorkey-mode',
    'colorkey-contiguous',
  ],
  async run(context) {
    const options = readColorKey(context.params);
    if (options === null) return;
    const deadline = stepDeadline(context);
    const { data, info } = await context.image
      .toColourspace('srgb')
      .ensureAlpha()
      .raw({ depth: 'uchar' })
      .timeout({ seconds: deadline.secondsLeft() })
      .toBuffer({ resolveWithObject: true });
    const owned = await copyForWorker(data);
    const pixels = await renderWorkers().run(
      'colorKey',
      { pixels: owned, width: info.width, frameHeight: context.height, options },
      { signal: deadline.signal, transfer: [owned.buffer] },
    );
    deadline.check();
    await adopt(
      context,
      { data: Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), ...size(info) },
      context.height,
    );
  },
};

function size(info: { width: number; height: number }) {
  return { width: info.width, height: info.height, channels: 4 as const };
}

/**
 * The output choice once colours are keyed: without `fm`, "if any pixel was made transparent,
 * the image is returned as PNG. If nothing matched the key, the image keeps its usual format, so
 * a JPEG stays a JPEG" (imgix color-key doc, "Output Format"). Formats with alpha keep it, and
 * an explicit fm=jpg is flattened onto white as ever.
 */
export function keyedOutput(params: Params, plan: OutputPlan): OutputPlan {
  if (plan.kind !== 'image' || params.has('fm') || readColorKey(params) === null) return plan;
  const { choice } = plan;
  if (!('fixed' in choice) || choice.fixed !== 'jpg') return plan;
  return { ...plan, choice: { transparent: 'png', opaque: 'jpg' } };
}
