import { clampRange, clampUnit, linearToSrgb, srgbToLinear } from './pixels.ts';

/** The tone parameters in imgix's own units (docs.imgix.com/apis/rendering/adjustment). */
export interface ToneSettings {
  /** `exp`, -100..100: +-2 stops, applied in linear light like a camera exposure. */
  exposure: number;
  /** `high`, -100..0: pulls highlights down, leaving black and white where they are. */
  highlights: number;
  /** `shad`, 0..100: lifts shadows, leaving black and white where they are. */
  shadows: number;
  /** `bri`, -100..100: adds up to half the full scale. */
  brightness: number;
  /** `con`, -100..100: scales around mid grey; -100 is flat grey, 100 doubles the slope. */
  contrast: number;
  /** `gam`, -100..100: a power curve; positive lifts the mid-tones (exponent 2^(-gam/100)). */
  gamma: number;
}

export const NEUTRAL_TONE: ToneSettings = {
  exposure: 0,
  highlights: 0,
  shadows: 0,
  brightness: 0,
  contrast: 0,
  gamma: 0,
};

export function isNeutralTone(settings: ToneSettings): boolean {
  return (Object.keys(NEUTRAL_TONE) as (keyof ToneSettings)[]).every(
    (key) => settings[key] === NEUTRAL_TONE[key],
  );
}

// 1.5 is the largest weight for which the shadow and highlight curves stay monotonic (their
// slope never drops below 0.5), so no two input levels swap order.
const SHADOW_HIGHLIGHT_WEIGHT = 1.5;

/**
 * The tone curve for one channel value (0-1 in, 0-1 out). The order is fixed: exposure first
 * (it models light reaching the sensor), then shadows and highlights, brightness, contrast and
 * gamma last, so that gamma shapes the final mid-tones.
 */
function toneCurve(settings: ToneSettings): (value: number) => number {
  const exposureGain = 2 ** (clampRange(settings.exposure, -100, 100) / 50);
  const shadows = clampRange(settings.shadows, 0, 100) / 100;
  const highlights = -clampRange(settings.highlights, -100, 0) / 100;
  const offset = (clampRange(settings.brightness, -100, 100) / 100) * 0.5;
  const slope = 1 + clampRange(settings.contrast, -100, 100) / 100;
  const exponent = 2 ** (-clampRange(settings.gamma, -100, 100) / 100);
  return (input) => {
    let value = input;
    if (exposureGain !== 1) value = linearToSrgb(clampUnit(srgbToLinear(value) * exposureGain));
    // Weights vanish at 0 and 1 and peak in the shadows (v = 1/3) or highlights (v = 2/3).
    value += SHADOW_HIGHLIGHT_WEIGHT * shadows * value * (1 - value) ** 2;
    value -= SHADOW_HIGHLIGHT_WEIGHT * highlights * value ** 2 * (1 - value);
    value = clampUnit(value + offset);
    value = clampUnit((value - 0.5) * slope + 0.5);
    return value ** exponent;
  };
}

/** The tone curve sampled at every 8-bit level, for a one-lookup-per-channel pixel pass. */
export function toneLookupTable(settings: ToneSettings): Uint8Array {
  const curve = toneCurve(settings);
  const table = new Uint8Array(256);
  for (let level = 0; level < 256; level += 1) {
    table[level] = Math.round(clampUnit(curve(level / 255)) * 255);
  }
  return table;
}
