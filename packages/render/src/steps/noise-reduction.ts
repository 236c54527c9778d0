import { numberOrDefault } from '../color/param-numbers.ts';
import { clampRange } from '../color/pixels.ts';
import {
  filterFrames,
  gaussianBlur,
  readPixels,
  runPixelPasses,
  writePixels,
} from '../color/sharp-pixels.ts';
import type { StepModule } from '../pipeline/step.ts';

// The neighbourhood a pixel is compared with: noise is pixel-sized, so a one-pixel sigma.
const NEIGHBOURHOOD_SIGMA = 1;

/**
 * Noise reduction (docs.imgix.com/apis/rendering/noise-reduction): luma differences below the
 * `nr` bound are noise and are smoothed, those above are detail and are sharpened by `nrs`.
 * Either parameter alone brings the other in at its default (20); neither means no work.
 * The scales follow Core Image's noise reduction, whose defaults (noise level 0.02, sharpness
 * 0.4) are imgix's defaults of 20: `nr` / 1000 of full scale, `nrs` / 50.
 */
export const noiseReductionStep: StepModule = {
  name: 'noise-reduction',
  parameters: ['nr', 'nrs'],
  async run(context) {
    const { params } = context;
    if (!params.has('nr') && !params.has('nrs')) return;
    const bound = clampRange(numberOrDefault(params, 'nr', 20), -100, 100);
    const sharpen = clampRange(numberOrDefault(params, 'nrs', 20), -100, 100);
    const threshold = (Math.max(0, bound) / 1000) * 255;
    const sharpness = sharpen >= 0 ? sharpen / 50 : sharpen / 100;
    if (threshold === 0 && sharpness === 0) return;
    const pixels = await readPixels(context);
    const blurred = await filterFrames(pixels, (frame, width, height) =>
      gaussianBlur(frame, width, height, NEIGHBOURHOOD_SIGMA),
    );
    await runPixelPasses(pixels, [{ kind: 'noise', blurred, threshold, sharpness }]);
    writePixels(context, pixels);
  },
};
