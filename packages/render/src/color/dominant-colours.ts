import { quantize, type ColourHistogram, type Swatch } from './quantize.ts';

/** The named colours of imgix's "dominance" palette set, in its JSON key spelling. */
export type DominantName =
  'vibrant' | 'muted_light' | 'muted' | 'vibrant_dark' | 'vibrant_light' | 'muted_dark';

interface Target {
  name: DominantName;
  lightness: { min: number; target: number; max: number };
  saturation: { min: number; target: number; max: number };
}

// Vibrant.js's targets (HSL lightness and saturation), which imgix names as its model.
const DARK = { min: 0, target: 0.26, max: 0.45 };
const NORMAL = { min: 0.3, target: 0.5, max: 0.7 };
const LIGHT = { min: 0.55, target: 0.74, max: 1 };
const VIBRANT = { min: 0.35, target: 1, max: 1 };
const MUTED = { min: 0, target: 0.3, max: 0.4 };

const TARGETS: readonly Target[] = [
  { name: 'vibrant', lightness: NORMAL, saturation: VIBRANT },
  { name: 'vibrant_light', lightness: LIGHT, saturation: VIBRANT },
  { name: 'vibrant_dark', lightness: DARK, saturation: VIBRANT },
  { name: 'muted', lightness: NORMAL, saturation: MUTED },
  { name: 'muted_light', lightness: LIGHT, saturation: MUTED },
  { name: 'muted_dark', lightness: DARK, saturation: MUTED },
];

// Vibrant.js builds its named colours from a 64-colour palette: enough candidates for six
// targets without splitting one surface into shades.
const DOMINANCE_CANDIDATES = 64;

// How much closeness in saturation, lightness and sheer frequency count when several swatches
// fit a target (Vibrant.js's weights).
const WEIGHT_SATURATION = 3;
const WEIGHT_LIGHTNESS = 6.5;
const WEIGHT_POPULATION = 0.5;

/** The swatches the named colours are picked from, most frequent first. */
export function dominanceCandidates(histogram: ColourHistogram): Swatch[] {
  return quantize(histogram, DOMINANCE_CANDIDATES);
}

/** The lightness (0-1) a named colour aims at, where a stand-in for a missing one belongs. */
export function idealLightness(name: DominantName): number {
  return TARGETS.find((target) => target.name === name)?.lightness.target ?? NORMAL.target;
}

/** HSL saturation and lightness (0-1) of a 0-255 colour. */
export function saturationAndLightness(swatch: Swatch): { saturation: number; lightness: number } {
  const max = Math.max(swatch.red, swatch.green, swatch.blue) / 255;
  const min = Math.min(swatch.red, swatch.green, swatch.blue) / 255;
  const lightness = (max + min) / 2;
  const chroma = max - min;
  const saturation = chroma === 0 ? 0 : chroma / (1 - Math.abs(2 * lightness - 1));
  return { saturation: Math.min(1, saturation), lightness };
}

/**
 * Picks, for each named target, the unused swatch inside its lightness and saturation bounds
 * closest to its ideal, frequency breaking near-ties. A target nothing fits is left out, as
 * imgix leaves it out ("it may return all six colors, a portion, or none").
 */
export function dominantColours(
  swatches: readonly Swatch[],
): Partial<Record<DominantName, Swatch>> {
  const maxPopulation = Math.max(0, ...swatches.map((swatch) => swatch.population));
  const described = swatches.map((swatch) => ({ swatch, ...saturationAndLightness(swatch) }));
  const used = new Set<Swatch>();
  const chosen: Partial<Record<DominantName, Swatch>> = {};
  for (const target of TARGETS) {
    let best: { swatch: Swatch; score: number } | null = null;
    for (const { swatch, saturation, lightness } of described) {
      if (used.has(swatch)) continue;
      if (saturation < target.saturation.min || saturation > target.saturation.max) continue;
      if (lightness < target.lightness.min || lightness > target.lightness.max) continue;
      const score =
        (WEIGHT_SATURATION * (1 - Math.abs(saturation - target.saturation.target)) +
          WEIGHT_LIGHTNESS * (1 - Math.abs(lightness - target.lightness.target)) +
          WEIGHT_POPULATION * (maxPopulation > 0 ? swatch.population / maxPopulation : 0)) /
        (WEIGHT_SATURATION + WEIGHT_LIGHTNESS + WEIGHT_POPULATION);
      if (!best || score > best.score) best = { swatch, score };
    }
    if (best) {
      chosen[target.name] = best.swatch;
      used.add(best.swatch);
    }
  }
  return chosen;
}
