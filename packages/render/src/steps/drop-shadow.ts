import sharp from 'sharp';
import { composeOntoCanvas } from '../composite/canvas.ts';
import {
  adopt,
  currentPixels,
  fromPixels,
  splitFrames,
  stackFrames,
  type RawPixels,
} from '../composite/layers.ts';
import { frameSize } from '../overlay/composite.ts';
import { insetLayer, shadowLayer } from '../overlay/shadow.ts';
import {
  DROP_SHADOW_PARAMETERS,
  clipGrowth,
  readShadow,
  shadowGrowth,
  type ShadowSpec,
} from '../overlay/shadow-spec.ts';
import { admitCanvas, written } from '../pipeline/budget.ts';
import type { RenderContext } from '../pipeline/context.ts';
import type { StepModule } from '../pipeline/step.ts';

/**
 * `drop-shadow` and its family: a shadow shaped by the image's own transparency (a cut-out's
 * outline; an opaque image's box), drawn beneath the finished image on a canvas grown to hold
 * it ("w and h size the picture; the shadow is added outside it"), or inside it for
 * `drop-shadow-type=inset`, which "never changes the output size". Each frame of an animation
 * gets its own, all frames the same size.
 */
export const dropShadowStep: StepModule = {
  name: 'drop shadow',
  parameters: DROP_SHADOW_PARAMETERS,
  async run(context) {
    const spec = readShadow(context.params, 'drop-shadow', frameSize(context));
    if (spec === undefined) return;
    if (spec.type === 'inset') await drawInset(context, spec);
    else await drawBeneath(context, spec);
  },
};

async function drawBeneath(
  context: RenderContext,
  spec: Exclude<ShadowSpec, { type: 'inset' }>,
): Promise<void> {
  const frame = frameSize(context);
  const growth = clipGrowth(shadowGrowth(spec, frame), frame, context.budget.side);
  const canvas = {
    width: frame.width + growth.left + growth.right,
    height: frame.height + growth.top + growth.bottom,
  };
  // Counted before decoding already (budget-plan.ts); the frame may have changed since.
  admitCanvas(context.budget, canvas, written(context.params, DROP_SHADOW_PARAMETERS));
  // The canvas, in the coordinates of the image on it.
  const window = { left: -growth.left, top: -growth.top, ...canvas };
  await composeOntoCanvas(context, {
    ...canvas,
    left: growth.left,
    top: growth.top,
    background: async (pixels: RawPixels) => {
      const shadow = await shadowLayer(pixels, spec, window);
      return shadow === null
        ? sharp({ create: { ...canvas, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        : sharp(shadow, { raw: { ...canvas, channels: 4 } });
    },
  });
}

/** The inset shadow drawn over each frame, inside its alpha ("drawn within the existing bounds"). */
async function drawInset(
  context: RenderContext,
  spec: Extract<ShadowSpec, { type: 'inset' }>,
): Promise<void> {
  const pixels = await currentPixels(context);
  const drawn: RawPixels[] = [];
  for (const frame of splitFrames(pixels, context.height)) {
    const shadow = await insetLayer(frame, spec);
    const { data, info } = await fromPixels(frame)
      .ensureAlpha()
      .composite([
        {
          input: shadow,
          raw: { width: frame.width, height: frame.height, channels: 4 },
          blend: 'atop',
        },
      ])
      .raw()
      .toBuffer({ resolveWithObject: true });
    drawn.push({ data, width: info.width, height: info.height, channels: info.channels });
  }
  await adopt(context, stackFrames(drawn), context.height);
}
