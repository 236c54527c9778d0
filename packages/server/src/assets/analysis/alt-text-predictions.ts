import {
  altTextLanguageOf,
  composeAltText,
  type AltTextInput,
  type AssetColor,
  type Rect,
} from '@darkroom/core';
import type { RawImage } from '@darkroom/render';
import type { AltTextPrediction } from '../../db/schema.ts';
import { quantizeColors } from '../dominant-colors.ts';

// Every nth pixel in each direction is plenty to name a background colour.
const BACKGROUND_SAMPLE_STEP = 4;
/** Less of the frame than this around the subject is an edge, not a background. */
const MIN_BACKGROUND_SHARE = 0.3;
/** A background is mostly one colour; a mix of several is not named. */
const MIN_PREVAILING_SHARE = 0.35;

export interface AltTextPredictions {
  predictions: AltTextPrediction[];
  /** Languages the account chose that have no vocabulary: no alt text is written in them. */
  unsupported: string[];
}

/** Alt text in each of the account's languages that alt text can be written in. */
export function altTextPredictions(
  input: AltTextInput,
  languages: readonly string[],
): AltTextPredictions {
  const predictions: AltTextPrediction[] = [];
  const unsupported: string[] = [];
  for (const language of languages) {
    const info = altTextLanguageOf(language);
    if (info === null) {
      unsupported.push(language);
      continue;
    }
    predictions.push({
      language,
      text: composeAltText(input, language),
      templated: info.templated,
    });
  }
  return { predictions, unsupported };
}

/**
 * The dominant colours of the image outside `subject`, so 'on a brown background' names what
 * surrounds the cat rather than the cat's own fur. Empty (no background named) when the subject
 * leaves little of the frame or no colour prevails around it (a flag on one side, a rocket on
 * the other).
 */
export function colorsAround(image: RawImage, subject: Rect): AssetColor[] {
  const rgba: number[] = [];
  for (let y = 0; y < image.height; y += BACKGROUND_SAMPLE_STEP) {
    for (let x = 0; x < image.width; x += BACKGROUND_SAMPLE_STEP) {
      const inside =
        x >= subject.left &&
        x < subject.left + subject.width &&
        y >= subject.top &&
        y < subject.top + subject.height;
      if (inside) continue;
      const offset = (y * image.width + x) * image.channels;
      rgba.push(
        image.data[offset] ?? 0,
        image.data[offset + 1] ?? 0,
        image.data[offset + 2] ?? 0,
        255,
      );
    }
  }
  const sampled =
    Math.ceil(image.width / BACKGROUND_SAMPLE_STEP) *
    Math.ceil(image.height / BACKGROUND_SAMPLE_STEP);
  if (rgba.length / 4 < sampled * MIN_BACKGROUND_SHARE) return [];
  const colors = quantizeColors(Uint8Array.from(rgba)).colors;
  return (colors[0]?.share ?? 0) >= MIN_PREVAILING_SHARE ? colors : [];
}
