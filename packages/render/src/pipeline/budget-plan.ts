import type { Params, Size } from '@darkroom/core';
import type { Sides } from '../composite/sides.ts';
import { pivotSize } from '../geometry/margins.ts';
import { orientationOfParameter, orientedSize } from '../geometry/orientation.ts';
import { planFramed, type FramedPlan } from '../geometry/output-frame.ts';
import { regionInImage } from '../steps/rect.ts';
import { possibleFits } from '../steps/fit-param.ts';
import { readCrop, readGrowth, readSizeRequest } from '../steps/size-request.ts';
import {
  DROP_SHADOW_PARAMETERS,
  clipGrowth,
  readShadow,
  shadowGrowth,
} from '../overlay/shadow-spec.ts';
import {
  admitCanvas,
  canvasText,
  limitText,
  outputLimit,
  written,
  type RenderBudget,
} from './budget.ts';
import { RenderError, type SourceImage } from './context.ts';

// The geometry half of the render budget (budget.ts): the canvases the size step and the steps
// after it will build, computed from the parameters and the origin's header before decoding.

const GROWTH_FAMILIES: readonly (readonly string[])[] = [
  ['pad', 'pad-top', 'pad-right', 'pad-bottom', 'pad-left'],
  ['border-stroke-size'],
  ['rot', 'rot-type'],
];

/**
 * The refusal of a canvas whose growth (padding, stroke, pivot) is so large that the image would
 * shrink to nothing to make room for it within the limits. The border is drawn over the image
 * and grows nothing (imgix border-size-color doc), so it is not among them.
 */
export function growthRefusal(params: Params, framed: FramedPlan, budget: RenderBudget) {
  const { margins, pivot } = readGrowth(params);
  const around = (sides: Sides) => sides.top + sides.right + sides.bottom + sides.left;
  const turned = pivotSize(framed.image, pivot);
  const widths = [
    around(margins.padding),
    margins.stroke * 4,
    turned.width + turned.height - framed.image.width - framed.image.height,
  ];
  const largest = widths.indexOf(Math.max(...widths));
  const cause = written(params, GROWTH_FAMILIES[largest] ?? []) || 'The parameters';
  return new RenderError(
    413,
    `${cause} would make ${canvasText(framed.unscaled, budget.frames)}; ${limitText(budget.limits)}.`,
  );
}

/**
 * The size step's plan with what the later steps add around it, scaled together to the output
 * limit; refuses (413) when the image itself would vanish.
 */
export function planFrame(params: Params, image: Size, budget: RenderBudget): FramedPlan {
  const limit = outputLimit(budget);
  const growth = readGrowth(params);
  // fit=facearea,fill and fit=facearea,fillmax: which mode applies depends on a face not looked
  // for yet, so the larger of the two canvases is budgeted.
  const plans = possibleFits(params).map((fit) =>
    planFramed(readSizeRequest(params, image, limit, readCrop(params), fit), growth, limit),
  );
  const framed = plans.reduce((larger, plan) => (pixels(plan) > pixels(larger) ? plan : larger));
  if (framed.vanishes) throw growthRefusal(params, framed, budget);
  return framed;
}

function pixels(plan: FramedPlan): number {
  return plan.output.width * plan.output.height;
}

/**
 * Before decoding: the geometry the parameters make of the origin's header (orientation, `rect`,
 * size, then pivot, padding and stroke), refused with 413 when it cannot fit the budget.
 * Trim and face areas only shrink the image, so the header's size bounds them. Overlays are
 * checked when their own headers are read (overlay/fetch.ts), before they are decoded.
 */
export function checkBudget(
  params: Params,
  source: SourceImage,
  budget: RenderBudget,
  sourceScale = 1,
): FramedPlan {
  if (budget.frames > budget.limits.maxFrames) {
    throw new RenderError(
      413,
      `The animation has ${budget.frames} frames; this server renders at most ${budget.limits.maxFrames} (frame= selects fewer).`,
    );
  }
  let image: Size = { width: source.width, height: source.height };
  if (params.has('orient')) {
    const stored = {
      width: source.metadata.width ?? source.width,
      height: source.metadata.height ?? source.height,
    };
    image = orientedSize(stored, orientationOfParameter(params.number('orient') ?? 1));
  }
  const rect = params.list('rect');
  const region = rect ? regionInImage(rect, image, sourceScale) : null;
  if (region) image = { width: region.width, height: region.height };
  return withDropShadow(params, planFrame(params, image, budget), budget);
}

/**
 * The plan with the canvas the drop shadow adds around the finished image (steps/drop-shadow.ts):
 * "w and h size the picture; the shadow is added outside it", and "past the 8192 px limit the
 * shadow is cut off", so its sides are held at the limit and the picture is never sized down for
 * it; a canvas still past the pixel budget is refused (413) naming the drop-shadow parameters.
 * The watermark's shadow grows nothing.
 */
function withDropShadow(params: Params, framed: FramedPlan, budget: RenderBudget): FramedPlan {
  const spec = readShadow(params, 'drop-shadow', framed.output);
  if (spec === undefined) return framed;
  const growth = clipGrowth(shadowGrowth(spec, framed.output), framed.output, budget.side);
  const output = {
    width: framed.output.width + growth.left + growth.right,
    height: framed.output.height + growth.top + growth.bottom,
  };
  admitCanvas(budget, output, written(params, DROP_SHADOW_PARAMETERS));
  return { ...framed, output };
}
