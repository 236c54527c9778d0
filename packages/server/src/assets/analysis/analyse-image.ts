import type { AssetColor, MediaKind } from '@darkroom/core';
import type { AiModels, DetectedLabel, RawImage } from '@darkroom/render';
import type { AltTextPrediction } from '../../db/schema.ts';
import { altTextPredictions, colorsAround } from './alt-text-predictions.ts';

/**
 * Labels below this are not stored. The detector reports from 0.25; between that and 0.3 its
 * guesses are wrong often enough that a search for 'dog' finding them would mislead, and the
 * alt text ignores them below 0.3 too (core alt-text/scene.ts).
 */
const LABEL_MIN_CONFIDENCE = 0.3;

/** What the analysis writes on an asset's row. */
export interface AssetAnalysis {
  faceCount: number;
  /** One per class name with its best confidence, most confident first. */
  labels: { name: string; confidence: number }[];
  altTextPredictions: AltTextPrediction[];
}

export const EMPTY_ANALYSIS: AssetAnalysis = { faceCount: 0, labels: [], altTextPredictions: [] };

export interface ImageToAnalyse {
  image: RawImage;
  mediaKind: MediaKind;
  /** The asset's dominant colours, as the indexer measured them. */
  colors: readonly AssetColor[];
}

export interface ImageAnalysis {
  analysis: AssetAnalysis;
  /** Chosen languages alt text cannot be written in. */
  unsupportedLanguages: string[];
}

/** Finds faces and objects in the image and describes it in each of `languages`. */
export async function analyseImage(
  detector: AiModels,
  { image, mediaKind, colors }: ImageToAnalyse,
  languages: readonly string[],
): Promise<ImageAnalysis> {
  const detections = await detector.detect(image, { faces: true, labels: true });
  const confident = detections.labels.filter((label) => label.confidence >= LABEL_MIN_CONFIDENCE);
  const mainSubject = mostProminent(confident, image);
  const { predictions, unsupported } = altTextPredictions(
    {
      mediaKind,
      labels: confident,
      faceCount: detections.faces.length,
      colors,
      ...(mainSubject === undefined
        ? {}
        : { backgroundColors: colorsAround(image, mainSubject.box) }),
      width: image.width,
      height: image.height,
    },
    languages,
  );
  return {
    analysis: {
      faceCount: detections.faces.length,
      labels: bestPerName(confident),
      altTextPredictions: predictions,
    },
    unsupportedLanguages: unsupported,
  };
}

/**
 * The object the alt text will call the main subject, weighed as core alt-text/scene.ts weighs
 * it (confidence times the square root of the frame share), so the background colour is measured
 * around the same object the sentence puts on it.
 */
function mostProminent(
  labels: readonly DetectedLabel[],
  image: RawImage,
): DetectedLabel | undefined {
  const frame = image.width * image.height;
  const prominence = (label: DetectedLabel) =>
    label.confidence * Math.sqrt(Math.min(1, (label.box.width * label.box.height) / frame));
  return labels.reduce<DetectedLabel | undefined>(
    (best, label) => (best === undefined || prominence(label) > prominence(best) ? label : best),
    undefined,
  );
}

function bestPerName(labels: readonly DetectedLabel[]): AssetAnalysis['labels'] {
  const best = new Map<string, number>();
  for (const { name, confidence } of labels) {
    best.set(name, Math.max(confidence, best.get(name) ?? 0));
  }
  return [...best]
    .map(([name, confidence]) => ({ name, confidence }))
    .sort((a, b) => b.confidence - a.confidence || a.name.localeCompare(b.name));
}
