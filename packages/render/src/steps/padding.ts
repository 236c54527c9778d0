import { TRANSPARENT_WHITE } from '../composite/colour.ts';
import { extendCanvas } from '../composite/layers.ts';
import { isEmpty, resolveSides, type Sides } from '../composite/sides.ts';
import type { Params } from '@darkroom/core';
import type { StepModule } from '../pipeline/step.ts';

/** `pad` with the `pad-top`, `-right`, `-bottom`, `-left` adjustments of single sides. */
export function paddingSides(params: Params): Sides {
  return resolveSides(params.number('pad') ?? 0, {
    top: params.number('pad-top'),
    right: params.number('pad-right'),
    bottom: params.number('pad-bottom'),
    left: params.number('pad-left'),
  });
}

/**
 * Padding grows the canvas around the image. imgix colours it with `bg` when set and leaves it
 * transparent otherwise (white where the output format has no alpha; the encoder decides).
 */
export const paddingStep: StepModule = {
  name: 'padding',
  parameters: ['pad', 'pad-top', 'pad-right', 'pad-bottom', 'pad-left'],
  async run(context) {
    // As the size step scaled them to the output's limits, else as the URL gives them.
    const sides = context.margins?.padding ?? paddingSides(context.params);
    if (isEmpty(sides)) return;
    await extendCanvas(context, sides, context.params.color('bg') ?? TRANSPARENT_WHITE);
  },
};
