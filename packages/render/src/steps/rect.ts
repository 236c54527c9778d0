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
    const region = resolveRect(values, image);
    if (!region || coversWhole(region, image)) return;
    context.image = context.image.extract(region);
    context.width = region.width;
    context.height = region.height;
    context.pageHeight = region.height;
  },
};
