import { fitFactor, pivotSize, scaledWithin } from '../geometry/margins.ts';
import { normaliseDegrees, rotatedBounds, straightenWindow } from '../geometry/rotation.ts';
import { canvasLimit } from '../pipeline/budget.ts';
import type { Size } from '@darkroom/core';
import type { RenderContext } from '../pipeline/context.ts';
import type { StepModule } from '../pipeline/step.ts';

/** Behind a pivot: transparent, and white wherever an encoder drops the alpha channel. */
const PIVOT_BACKGROUND = { r: 255, g: 255, b: 255, alpha: 0 };
/** Straighten crops the background away; an opaque one adds no alpha channel. */
const STRAIGHTEN_BACKGROUND = { r: 255, g: 255, b: 255, alpha: 1 };

/**
 * `rot` (counter-clockwise degrees), `rot-type` and `flip` (h, v, hv), applied to the image as
 * the size step left it. A flip mirrors the rotated image.
 */
export const rotationStep: StepModule = {
  name: 'rotation',
  parameters: ['rot', 'rot-type', 'flip'],
  async run(context) {
    const degrees = normaliseDegrees(context.params.number('rot') ?? 0);
    const flip = context.params.string('flip') ?? '';
    const mirrorAcross = flip.includes('h');
    const mirrorDown = flip.includes('v');
    if (degrees === 0 && !mirrorAcross && !mirrorDown) return;

    // The size step's crop, extend or fill offsets would otherwise come after the turn.
    await context.materialize();
    if (mirrorAcross) context.image = context.image.flop();
    if (mirrorDown) context.image = context.image.flip();
    if (degrees === 0) return;

    // sharp mirrors before it turns, and clockwise. Mirroring after a counter-clockwise turn
    // equals mirroring first and turning clockwise when one axis is mirrored.
    const clockwise = normaliseDegrees(mirrorAcross !== mirrorDown ? degrees : -degrees);
    if (context.params.string('rot-type') === 'pivot') await pivot(context, clockwise);
    else await straighten(context, clockwise);
  },
};

/** rot-type=pivot: "Displays the entire image without cropping" on a canvas that grows. */
async function pivot(context: RenderContext, clockwise: number): Promise<void> {
  if (clockwise % 90 === 0) {
    context.image = context.image.rotate(clockwise);
    if (clockwise !== 180) setSize(context, { width: context.height, height: context.width });
    return;
  }
  context.image = context.image.rotate(clockwise, { background: PIVOT_BACKGROUND });
  // libvips rounds the rotated bounds its own way: take the size from the pixels.
  await context.materialize();
  context.pageHeight = context.height;
}

/** rot-type=straighten: the rotated image zoomed until it covers the original frame. */
async function straighten(context: RenderContext, clockwise: number): Promise<void> {
  const frame = { width: context.width, height: context.height };
  // The turned canvas holds up to twice the frame's pixels (rot=45 of w=8192 is 9654 pixels a
  // side). Past the budget, the image turns at the scale that fits: the window kept is scaled
  // up to the frame anyway, so the output keeps its size and only loses some sharpness.
  const limit = canvasLimit(context.budget);
  const reduce = fitFactor(pivotSize(frame, clockwise), limit);
  const turning = reduce < 1 ? scaledWithin(frame, reduce, limit) : frame;
  if (reduce < 1) {
    // sharp rotates before it resizes: the smaller copy is made first.
    context.image = context.image.resize(turning.width, turning.height, { fit: 'fill' });
    await context.materialize();
    setSize(context, frame);
  }
  const window = straightenWindow(turning, clockwise);
  const bounds = rotatedBounds(turning, clockwise);
  const canvas = { width: Math.round(bounds.width), height: Math.round(bounds.height) };
  context.image = context.image
    .rotate(clockwise, { background: STRAIGHTEN_BACKGROUND })
    .extract({
      left: Math.max(0, Math.floor((canvas.width - window.width) / 2)),
      top: Math.max(0, Math.floor((canvas.height - window.height) / 2)),
      width: window.width,
      height: window.height,
    })
    .resize(frame.width, frame.height, { fit: 'fill' });
}

function setSize(context: RenderContext, size: Size): void {
  context.width = size.width;
  context.height = size.height;
  context.pageHeight = size.height;
}
