import type { Params, Rgba } from '@darkroom/core';
import { sepia } from '../color/matrix.ts';
import { numberOrDefault } from '../color/param-numbers.ts';
import { clampRange } from '../color/pixels.ts';
import type { PixelPass } from '../color/pixel-passes.ts';
import {
  filterFrames,
  gaussianBlur,
  readPixels,
  runPixelPasses,
  writePixels,
} from '../color/sharp-pixels.ts';
import type { StepModule } from '../pipeline/step.ts';

/** The stylize family in working units; see docs.imgix.com/apis/rendering/stylize. */
interface StylizeSettings {
  /** Gaussian sigma in output pixels: `blur` / 10, so the documented 0-2000 reaches 200. */
  blurSigma: number;
  /** `px`: block size in pixels. */
  pixelSize: number;
  /** `htn`: dot cell width in pixels, 2 at htn=0+ to 20 at htn=100. */
  halftoneCell: number;
  /** `sepia` / 100. */
  sepia: number;
  monochrome: Rgba | null;
  duotone: { dark: Rgba; light: Rgba; opacity: number } | null;
}

function duotoneColours(params: Params): [Rgba, Rgba] | null {
  const [dark, light] = params.list('duotone') ?? [];
  return dark?.type === 'color' && light?.type === 'color' ? [dark.value, light.value] : null;
}

/** The settings a query asks for, or null when it asks for no stylizing at all. */
function stylizeSettings(params: Params): StylizeSettings | null {
  const amount = (name: string, max: number) => clampRange(params.number(name) ?? 0, 0, max);
  const halftoneAmount = amount('htn', 100);
  const colours = duotoneColours(params);
  const settings: StylizeSettings = {
    blurSigma: amount('blur', 2000) / 10,
    pixelSize: Math.round(amount('px', 100)),
    halftoneCell: halftoneAmount > 0 ? 2 + (halftoneAmount / 100) * 18 : 0,
    sepia: amount('sepia', 100) / 100,
    monochrome: params.color('monochrome') ?? null,
    duotone: colours && {
      dark: colours[0],
      light: colours[1],
      opacity: clampRange(numberOrDefault(params, 'duotone-alpha', 100), 0, 100) / 100,
    },
  };
  const idle =
    settings.blurSigma === 0 &&
    settings.pixelSize <= 1 &&
    settings.halftoneCell === 0 &&
    settings.sepia === 0 &&
    !settings.monochrome &&
    !settings.duotone;
  return idle ? null : settings;
}

/**
 * Stylize, in a fixed order: the spatial effects first (blur, then pixellate, then halftone),
 * then the colour maps (sepia, monochrome, duotone), so a halftone can still be toned.
 */
export const stylizeStep: StepModule = {
  name: 'stylize',
  parameters: ['blur', 'duotone', 'duotone-alpha', 'htn', 'monochrome', 'px', 'sepia'],
  async run(context) {
    const settings = stylizeSettings(context.params);
    if (!settings) return;
    const pixels = await readPixels(context);
    const { blurSigma, pixelSize, halftoneCell, monochrome, duotone } = settings;
    if (blurSigma > 0) {
      pixels.data = await filterFrames(pixels, (frame, width, height) =>
        gaussianBlur(frame, width, height, blurSigma),
      );
    }
    const passes: PixelPass[] = [];
    if (pixelSize > 1) passes.push({ kind: 'pixellate', blockSize: pixelSize });
    if (halftoneCell > 0) passes.push({ kind: 'halftone', cellSize: halftoneCell });
    if (settings.sepia > 0) passes.push({ kind: 'matrix', matrix: sepia(settings.sepia) });
    if (monochrome) passes.push({ kind: 'monochrome', colour: monochrome });
    if (duotone) passes.push({ kind: 'duotone', ...duotone });
    await runPixelPasses(pixels, passes);
    writePixels(context, pixels);
  },
};
