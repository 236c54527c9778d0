import type { RenderContext } from '../pipeline/context.ts';

// Percentiles the tonal stretch maps to black and white: clips the stray 1% at each end.
const SHADOW_PERCENTILE = 1;
const HIGHLIGHT_PERCENTILE = 99;
const SATURATION_BOOST = 1.12;

/**
 * `auto=enhance` (docs.imgix.com/apis/rendering/auto): adjusts the image from its own
 * distribution of shadows, midtones and highlights for a more vivid look. The lightness is
 * stretched between its 1st and 99th percentiles (sharp `normalise`, which leaves hue alone),
 * then saturation gains 12%. It runs on the rendered pixels, after the pipeline.
 */
export async function enhance(context: RenderContext): Promise<void> {
  await context.materialize();
  context.image = context.image
    .normalise({ lower: SHADOW_PERCENTILE, upper: HIGHLIGHT_PERCENTILE })
    .modulate({ saturation: SATURATION_BOOST });
}
