// Object-aware cropping (docs.imgix.com/apis/rendering/size/crop, "Object-Aware Cropping"):
// `crop=auto` anchors the crop to the most important subject, `crop=<object class>` to an object
// of a COCO class or supercategory. The detector is the one behind the face parameters (faces and
// COCO objects, ai/models); a copy of the image at most SUBJECT_DETECTION_SIDE pixels long is
// searched, once for a whole `crop` chain (steps/crop-chain.ts). `video-spritesheet-smart-crop`
// finds each sampled frame's subject the same way (`crop=auto`'s rule,
// video/spritesheet-smart-crop.ts).
import { COCO_SUPERCATEGORIES, isCocoClass, type Rect, type Size } from '@darkroom/core';
import type sharp from 'sharp';
import type { RenderContext } from '../pipeline/context.ts';
import { unionOf } from './faces.ts';
import type { AiModels, DetectedLabel, DetectOptions, Detections } from './types.ts';
import { cloneSharingPixels } from '../pipeline/clone-image.ts';

/** The long side of the copy the detector searches: larger images are shrunk to it first. */
export const SUBJECT_DETECTION_SIDE = 1024;

/** The COCO classes the `crop` modes name, and whether `auto` is among them. */
export function subjectRequest(modes: readonly string[]): { auto: boolean; classes: Set<string> } {
  const classes = new Set<string>();
  for (const mode of modes) {
    const lower = mode.toLowerCase();
    for (const name of COCO_SUPERCATEGORIES[lower] ?? []) classes.add(name);
    if (isCocoClass(lower)) classes.add(lower);
  }
  return { auto: modes.some((mode) => mode.toLowerCase() === 'auto'), classes };
}

/**
 * What the detector finds in the image the pipeline has produced so far, in its own pixels
 * (context.width x context.height); nothing when no detector is available, and the crop then
 * falls back to the next mode or the centre, as imgix documents ("If no value is set or no match
 * is found, the default is a centered crop").
 */
export async function detectionsInPipeline(
  context: RenderContext,
  options: DetectOptions,
): Promise<Detections> {
  const models = context.request.ai;
  if (models === undefined) return { faces: [], labels: [] };
  const size = { width: context.width, height: context.height };
  return detectionsInImage(models, cloneSharingPixels(context.image), size, options);
}

/**
 * The subject the `crop` modes ask for in the image `pipeline` outputs (`size` pixels), in
 * those pixels; null when the modes ask for no subject or nothing is found.
 */
export async function subjectInImage(
  models: AiModels,
  pipeline: sharp.Sharp,
  size: Size,
  modes: readonly string[],
): Promise<Rect | null> {
  const request = subjectRequest(modes);
  if (!request.auto && request.classes.size === 0) return null;
  const found = await detectionsInImage(models, pipeline, size, {
    faces: request.auto,
    labels: true,
  });
  return subjectAmong(found, request);
}

/**
 * The subject a request picks among the detections, in their pixels; null when none fits.
 *
 * - `auto`: the faces when there are any (the subject people look at first), else the most
 *   prominent object of any class.
 * - a class or supercategory: the most prominent object of it.
 *
 * Prominence is the detector's confidence times the share of the image the object covers.
 */
export function subjectAmong(
  found: Detections,
  request: { auto: boolean; classes: ReadonlySet<string> },
): Rect | null {
  const faces = request.auto ? unionOf(found.faces.map((face) => face.box)) : null;
  if (faces !== null) return faces;
  const candidates = found.labels.filter(
    (label) => request.auto || request.classes.has(label.name),
  );
  return mostProminent(candidates)?.box ?? null;
}

/** Detects on a copy of `pipeline`'s output at most SUBJECT_DETECTION_SIDE long; boxes in `size`. */
async function detectionsInImage(
  models: AiModels,
  pipeline: sharp.Sharp,
  size: Size,
  options: DetectOptions,
): Promise<Detections> {
  const { data, info } = await pipeline
    .resize(SUBJECT_DETECTION_SIDE, SUBJECT_DETECTION_SIDE, {
      fit: 'inside',
      withoutEnlargement: true,
    })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const found = await models.detect(
    { data, width: info.width, height: info.height, channels: 3 },
    options,
  );
  const scale = (box: Rect): Rect => ({
    left: (box.left * size.width) / info.width,
    top: (box.top * size.height) / info.height,
    width: (box.width * size.width) / info.width,
    height: (box.height * size.height) / info.height,
  });
  return {
    // The boxes only: the crop reads no landmarks, which would need scaling too.
    faces: found.faces.map((face) => ({ box: scale(face.box), score: face.score })),
    labels: found.labels.map((label) => ({ ...label, box: scale(label.box) })),
  };
}

function mostProminent(labels: readonly DetectedLabel[]): DetectedLabel | null {
  let best: DetectedLabel | null = null;
  let bestScore = -1;
  for (const label of labels) {
    const score = label.confidence * label.box.width * label.box.height;
    if (score > bestScore) {
      best = label;
      bestScore = score;
    }
  }
  return best;
}
