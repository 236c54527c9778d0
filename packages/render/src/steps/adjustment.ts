import type { Params } from '@darkroom/core';
import type { ColourPass } from '../color/colour-pass.ts';
import { hueRotation, multiply, saturation, type Matrix3 } from '../color/matrix.ts';
import { numberOrDefault } from '../color/param-numbers.ts';
import { clampRange } from '../color/pixels.ts';
import {
  filterFrames,
  gaussianBlur,
  rawBytes,
  readPixels,
  runPixelPasses,
  writePixels,
} from '../color/sharp-pixels.ts';
import { isNeutralTone, toneLookupTable, type ToneSettings } from '../color/tone.ts';
import type { StepModule } from '../pipeline/step.ts';

/** The adjustment family in working units; see docs.imgix.com/apis/rendering/adjustment. */
interface AdjustmentSettings {
  tone: ToneSettings;
  /** `hue`, degrees. */
  hue: number;
  /** `sat` as a saturation scale: 0 is greyscale (-100), 1 unchanged, 2 doubled (100). */
  saturation: number;
  /** `vib` / 100. */
  vibrance: number;
  invert: boolean;
  /** `usm` with `usmrad` (the Gaussian's sigma), or null. */
  unsharp: { amount: number; sigma: number } | null;
  /** `sharp` / 50: 1 is sharp's default luminance sharpening, 2 twice as strong. */
  sharpen: number;
}

const value = (params: Params, name: string, min: number, max: number) =>
  clampRange(params.number(name) ?? 0, min, max);

/** The settings a query asks for, or null when it asks for no adjustment at all. */
function adjustmentSettings(params: Params): AdjustmentSettings | null {
  const usm = value(params, 'usm', -100, 100);
  const settings: AdjustmentSettings = {
    tone: {
      exposure: value(params, 'exp', -100, 100),
      highlights: value(params, 'high', -100, 0),
      shadows: value(params, 'shad', 0, 100),
      brightness: value(params, 'bri', -100, 100),
      contrast: value(params, 'con', -100, 100),
      gamma: value(params, 'gam', -100, 100),
    },
    hue: (params.number('hue') ?? 0) % 360,
    saturation: 1 + value(params, 'sat', -100, 100) / 100,
    vibrance: value(params, 'vib', -100, 100) / 100,
    invert: params.boolean('invert') ?? false,
    unsharp:
      usm === 0
        ? null
        : {
            // Positive usm sharpens up to twice the detail; negative softens, reaching the blur.
            amount: usm > 0 ? usm / 50 : usm / 100,
            sigma: Math.max(0.3, numberOrDefault(params, 'usmrad', 2.5)),
          },
    sharpen: value(params, 'sharp', 0, 100) / 50,
  };
  const idle =
    isNeutralTone(settings.tone) &&
    settings.hue === 0 &&
    settings.saturation === 1 &&
    settings.vibrance === 0 &&
    !settings.invert &&
    settings.unsharp === null &&
    settings.sharpen === 0;
  return idle ? null : settings;
}

function colourPass(settings: AdjustmentSettings): ColourPass | null {
  const toneTable = isNeutralTone(settings.tone) ? null : toneLookupTable(settings.tone);
  let matrix: Matrix3 | null = settings.hue === 0 ? null : hueRotation(settings.hue);
  if (settings.saturation !== 1) {
    const scale = saturation(settings.saturation);
    matrix = matrix ? multiply(scale, matrix) : scale;
  }
  const { vibrance, invert } = settings;
  const idle = !toneTable && !matrix && vibrance === 0 && !invert;
  return idle ? null : { toneTable, matrix, vibrance, invert };
}

/**
 * Adjustment, in a fixed order: tone (exposure, shadows, highlights, brightness, contrast,
 * gamma), hue, saturation, vibrance and inversion in one pixel pass; then unsharp mask; then
 * luminance sharpening last, so it sharpens the final tones. Runs on the already resized image.
 */
export const adjustmentStep: StepModule = {
  name: 'adjustment',
  parameters: [
    'bri',
    'con',
    'exp',
    'gam',
    'high',
    'hue',
    'invert',
    'sat',
    'shad',
    'sharp',
    'usm',
    'usmrad',
    'vib',
  ],
  async run(context) {
    const settings = adjustmentSettings(context.params);
    if (!settings) return;
    const pixels = await readPixels(context);
    const pass = colourPass(settings);
    if (pass) await runPixelPasses(pixels, [{ kind: 'colour', pass }]);
    const { unsharp, sharpen } = settings;
    if (unsharp) {
      const blurred = await filterFrames(pixels, (frame, width, height) =>
        gaussianBlur(frame, width, height, unsharp.sigma),
      );
      await runPixelPasses(pixels, [{ kind: 'unsharp', blurred, amount: unsharp.amount }]);
    }
    if (sharpen > 0) {
      // sharp sharpens the L channel of Lab: the luminance-only sharpening imgix describes.
      pixels.data = await filterFrames(pixels, (frame) =>
        rawBytes(
          frame.sharpen({
            sigma: 1,
            m1: sharpen,
            m2: 2 * sharpen,
            y2: 20 * sharpen,
            y3: 40 * sharpen,
          }),
        ),
      );
    }
    writePixels(context, pixels);
  },
};
