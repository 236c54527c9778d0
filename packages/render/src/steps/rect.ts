import type { ParamValue, Rect, Size } from '@darkroom/core';
import { coversWhole, resolveRect } from '../geometry/rect-region.ts';
import type { StepModule } from '../pipeline/step.ts';

/**
 * `rect`: selects part of the image before any resizing (imgix source-rectangle-region doc).
 * It is an extract ahead of the size step's resize in the same sharp pipeline.
 */
export const rectStep: StepModule = {
  name: 'rect',
  parameters: ['rect'],
  run(context) {
    const values = context.params.list('rect');
    if (!values) return;
    const image = { width: context.width, height: context.height };
    const region = regionInImage(values, image, context.sourceScale);
    if (!region || coversWhole(region, image)) return;
    context.image = context.image.extract(region);
    context.width = region.width;
    context.height = region.height;
    context.pageHeight = region.height;
  },
};

/**
 * The part of `image` that `rect` names. Its pixel values refer to the origin, which super
 * resolution may have enlarged `scale` times before the pipeline: they are resolved against the
 * origin's size and scaled with it, so the frame the editor drew stays over the same picture.
 */
export function regionInImage(
  values: readonly ParamValue[],
  image: Size,
  scale: number,
): Rect | null {
  if (scale === 1) return resolveRect(values, image);
  const origin = {
    width: Math.max(1, Math.round(image.width / scale)),
    height: Math.max(1, Math.round(image.height / scale)),
  };
  const region = resolveRect(values, origin);
  if (region === null) return null;
  const left = Math.min(Math.round(region.left * scale), image.width - 1);
  const top = Math.min(Math.round(region.top * scale), image.height - 1);
  return {
    left,
    top,
    width: Math.max(1, Math.min(Math.round(region.width * scale), image.width - left)),
    height: Math.max(1, Math.min(Math.round(region.height * scale), image.height - top)),
  };
}
