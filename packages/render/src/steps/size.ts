import sharp from 'sharp';
import {
  placeWindow,
  unscaleWindow,
  type CropStrategy,
  type FocalPointCrop,
} from '../geometry/crop-window.ts';
import type { Canvas, ResizePlan } from '../geometry/fit.ts';
import { planFramed } from '../geometry/output-frame.ts';
import { outputLimit } from '../pipeline/budget.ts';
import { growthRefusal } from '../pipeline/budget-plan.ts';
import type { Rect, Size } from '@darkroom/core';
import type { RenderContext } from '../pipeline/context.ts';
import type { StepModule } from '../pipeline/step.ts';
import { facesInPipeline, paddedFace } from '../ai/faces.ts';
import { placeByEdges } from './crop-edges.ts';
import { resolveCropChain } from './crop-chain.ts';
import { appliedFit, readWrittenFit } from './fit-param.ts';
import { focalDebugOverlay } from './focal-debug.ts';
import { readGrowth, readSizeRequest } from './size-request.ts';

/**
 * Size, fit and crop (imgix size and focal-point docs). The common case, a plain `w=512`, is
 * one resize in the same sharp pipeline as the decode, so JPEG shrink-on-load applies; crops
 * resize first and cut afterwards for the same reason. fit=fill and fillmax only resize the
 * image and leave `pendingFill` for the fill step to paint the canvas.
 */
export const sizeStep: StepModule = {
  name: 'size',
  parameters: [
    'w',
    'h',
    'dpr',
    'ar',
    'fit',
    'crop',
    'max-w',
    'max-h',
    'min-w',
    'min-h',
    'fp-x',
    'fp-y',
    'fp-z',
    'fp-debug',
    'faceindex',
    'facepad',
    'fill-max',
  ],
  async run(context) {
    const fit = appliedFit(context.params, await cutFaceArea(context));
    const source = { width: context.width, height: context.height };
    const crop = await resolveCropChain(context);
    // The output's limits, what the later steps add around the image included (budget.ts).
    const limit = outputLimit(context.budget);
    const framed = planFramed(
      readSizeRequest(context.params, source, limit, crop, fit),
      readGrowth(context.params),
      limit,
    );
    if (framed.vanishes) throw growthRefusal(context.params, framed, context.budget);
    context.margins = framed.margins;
    const plan = framed.resize;
    if (!plan.cropTo && !plan.canvas && sameSize(plan.scaled, source)) return;

    if (plan.cropTo) {
      const window = await cropTo(context, plan, plan.cropTo, crop);
      if (crop.kind === 'focalpoint' && context.params.boolean('fp-debug')) {
        await drawFocalPoint(context, plan, window, crop);
      }
    } else if (!sameSize(plan.scaled, source)) {
      resize(context, plan.scaled);
    }
    if (plan.canvas) {
      placeOnCanvas(context, plan.scaled, plan.canvas, fit === 'clamp');
    }
  },
};

/**
 * fit=facearea: the chosen face (`faceindex`, 1 = the largest) with `facepad` around it becomes
 * the image the size parameters then apply to. True when that face was found (the whole image is
 * used otherwise, fitted as fit-param.ts says); false too for any other fit.
 */
async function cutFaceArea(context: RenderContext): Promise<boolean> {
  if (readWrittenFit(context.params).mode !== 'facearea') return false;
  const faces = await facesInPipeline(context);
  const face = faces[(context.params.number('faceindex') ?? 1) - 1];
  if (face === undefined) return false;
  const image = { width: context.width, height: context.height };
  const region = paddedFace(face.box, context.params.number('facepad') ?? 1, image);
  if (sameSize(region, image)) return true;
  await extractBeforeResize(context, region);
  setSize(context, region);
  return true;
}

/** Cuts `window` out of the image scaled to `plan.scaled`; returns where it was cut. */
async function cropTo(
  context: RenderContext,
  plan: ResizePlan,
  window: Size,
  crop: CropStrategy,
): Promise<Rect> {
  const source = { width: context.width, height: context.height };
  const { scaled } = plan;
  if (crop.kind === 'entropy') {
    context.image = context.image.resize(window.width, window.height, {
      fit: 'cover',
      position: sharp.strategy.entropy,
    });
    setSize(context, window);
    return { left: 0, top: 0, ...window };
  }
  const placed =
    crop.kind === 'edges'
      ? await placeByEdges(context, scaled, window)
      : placeWindow(scaled, window, crop);

  const enlarging = scaled.width > source.width || scaled.height > source.height;
  if (!enlarging && !sameSize(scaled, source)) {
    // Resize, then cut: an extract after the resize keeps shrink-on-load.
    resize(context, scaled);
    if (!sameSize(placed, scaled)) context.image = context.image.extract(placed);
  } else {
    // Enlarging (a zoomed focal point, a small source): cut first and scale only the window.
    const region = unscaleWindow(placed, scaled, source);
    if (!sameSize(region, source)) await extractBeforeResize(context, region);
    if (!sameSize(region, window)) resize(context, window);
  }
  setSize(context, window);
  return placed;
}

/**
 * sharp keeps a single extract before its resize, and `rect` may already hold it; a second
 * region waits until that one has been applied to the pixels.
 */
async function extractBeforeResize(context: RenderContext, region: Rect): Promise<void> {
  if (context.params.has('rect') || readWrittenFit(context.params).mode === 'facearea') {
    await context.materialize();
  }
  context.image = context.image.extract(region);
}

function resize(context: RenderContext, size: Size): void {
  context.image = context.image.resize(size.width, size.height, { fit: 'fill' });
  setSize(context, size);
}

function placeOnCanvas(context: RenderContext, image: Size, canvas: Canvas, clamp: boolean): void {
  if (!clamp) {
    context.pendingFill = {
      canvasWidth: canvas.width,
      canvasHeight: canvas.height,
      left: canvas.imageLeft,
      top: canvas.imageTop,
    };
    return;
  }
  // fit=clamp: "the remaining space is filled with extended pixels from the edge of the image".
  context.image = context.image.extend({
    left: canvas.imageLeft,
    top: canvas.imageTop,
    right: canvas.width - canvas.imageLeft - image.width,
    bottom: canvas.height - canvas.imageTop - image.height,
    extendWith: 'copy',
  });
  setSize(context, canvas);
}

async function drawFocalPoint(
  context: RenderContext,
  plan: ResizePlan,
  window: Rect,
  focus: FocalPointCrop,
): Promise<void> {
  const output = { width: context.width, height: context.height };
  const overlay = focalDebugOverlay(output, {
    x: focus.x * plan.scaled.width - window.left,
    y: focus.y * plan.scaled.height - window.top,
  });
  context.image = context.image.composite([{ input: overlay, left: 0, top: 0 }]);
  // A later step's composite would replace this one inside the same pipeline.
  await context.materialize();
}

function setSize(context: RenderContext, size: Size): void {
  context.width = size.width;
  context.height = size.height;
  context.pageHeight = size.height;
}

function sameSize(a: Size, b: Size): boolean {
  return a.width === b.width && a.height === b.height;
}
