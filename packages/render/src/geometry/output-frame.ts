import type { Size } from '@darkroom/core';
import { planResize, type ResizePlan, type SizeRequest } from './fit.ts';
import {
  fitFactor,
  grownSize,
  pivotSize,
  scaledWithin,
  scaleMargins,
  type CanvasLimit,
  type Growth,
  type Margins,
} from './margins.ts';

/** The size step's plan and the margins the later steps add, scaled together to the limit. */
export interface FramedPlan {
  resize: ResizePlan;
  margins: Margins;
  /** The factor the image and the margins were scaled by (1: nothing had to shrink). */
  scale: number;
  /** The image the size step makes, before that factor. */
  image: Size;
  /** The canvas the URL asks for (image, pivot and margins), before that factor. */
  unscaled: Size;
  /** The final canvas, within the limit. */
  output: Size;
  /** True when the image would shrink below a pixel to make room for its margins. */
  vanishes: boolean;
}

/**
 * Plans the resize so that the final canvas, once a pivot rotation, padding and stroke are
 * added, fits `limit`: when it would not, the image and the margins shrink by one factor,
 * which gives what building the large canvas and sizing it down would (imgix: "All output
 * images will be sized down to accommodate this limit") without ever allocating it.
 */
export function planFramed(request: SizeRequest, growth: Growth, limit: CanvasLimit): FramedPlan {
  const first = planResize(request);
  const image = first.output;
  const unscaled = grownSize(image, growth);
  const factor = fitFactor(unscaled, limit);
  if (factor >= 1) {
    const { margins } = growth;
    return { resize: first, margins, scale: 1, image, unscaled, output: unscaled, vanishes: false };
  }
  const vanishes = image.width * factor < 1 || image.height * factor < 1;
  const resize = planResize({ ...request, scale: factor });
  const target = scaledWithin(unscaled, factor, limit);
  const margins = scaleMargins(
    growth.margins,
    factor,
    pivotSize(resize.output, growth.pivot),
    target,
  );
  const output = grownSize(resize.output, { pivot: growth.pivot, margins });
  return { resize, margins, scale: factor, image, unscaled, output, vanishes };
}
