import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type * as TfConverter from '@tensorflow/tfjs-converter';
import type * as TfCore from '@tensorflow/tfjs-core';
import type { DetectedLabel, RawImage } from '../types.ts';
import { COCO_CLASSES as cocoLabels, type Rect } from '@darkroom/core';
import { packageDir } from './package-dir.ts';
import { rawToSharp } from './raw-image.ts';
import type { Tf } from './tfjs-runtime.ts';

const require = createRequire(import.meta.url);

const inputSide = 512;
/**
 * Each pass letterboxes the image into the square input (CenterNet was trained on undistorted
 * photos: stretched to a square, chelsea.png's tabby reads as 'dog' 0.48 over 'cat' 0.22). The
 * second pass leaves a margin, because an object that fills the frame has its centre-point
 * evidence cut off at the borders; with it the tabby reads 'cat' 0.65, 'dog' 0.15.
 */
const passScales = [1, 0.7];
/** Neutral grey, so the padding looks like no object class. */
const paddingGrey = 128;
/** Scores of the graph's own top-100 list below this are noise. */
const candidateFloor = 0.05;
/** The averaged score a label needs to be reported. */
const minConfidence = 0.25;
/** Boxes overlapping this much are the same object. */
const sameObjectIou = 0.5;
/** Another class on the same object is kept only when it scores this share of the best one. */
const rivalShare = 0.6;

export type ObjectDetector = TfConverter.GraphModel;

export async function loadObjectDetector(): Promise<ObjectDetector> {
  const converter = require('@tensorflow/tfjs-converter') as typeof TfConverter;
  const modelFile = path.join(packageDir('@vladmandic/human'), 'models', 'centernet.json');
  return converter.loadGraphModel(pathToFileURL(modelFile).href);
}

interface Candidate {
  classIndex: number;
  score: number;
  box: Rect;
}

/**
 * COCO objects with test-time augmentation: two letterboxed passes at different scales, scores
 * averaged per object and class (a pass that misses the object counts 0), classes compared per
 * box rather than suppressed across classes as human's own decoder does.
 */
export async function detectObjects(
  tf: Tf,
  model: ObjectDetector,
  image: RawImage,
): Promise<DetectedLabel[]> {
  const passes: Candidate[][] = [];
  for (const scale of passScales) passes.push(await detectPass(tf, model, image, scale));
  const merged = averagePasses(passes);
  const confident = merged.filter((candidate) => candidate.score >= minConfidence);
  return dropRivalClasses(confident).map((candidate) => ({
    name: cocoLabels[candidate.classIndex] ?? `class ${candidate.classIndex}`,
    confidence: Math.round(candidate.score * 1000) / 1000,
    box: candidate.box,
  }));
}

async function detectPass(
  tf: Tf,
  model: ObjectDetector,
  image: RawImage,
  scale: number,
): Promise<Candidate[]> {
  const fit = (inputSide * scale) / Math.max(image.width, image.height);
  const width = Math.max(1, Math.round(image.width * fit));
  const height = Math.max(1, Math.round(image.height * fit));
  const left = Math.floor((inputSide - width) / 2);
  const top = Math.floor((inputSide - height) / 2);
  const letterboxed = await rawToSharp(image)
    .removeAlpha()
    .resize(width, height, { fit: 'fill' })
    .extend({
      left,
      top,
      right: inputSide - width - left,
      bottom: inputSide - height - top,
      background: { r: paddingGrey, g: paddingGrey, b: paddingGrey },
    })
    .raw()
    .toBuffer();
  const input = tf.tensor4d(Float32Array.from(letterboxed), [1, inputSide, inputSide, 3]);
  const output = model.execute(input, 'tower_0/detections') as TfCore.Tensor;
  // Rows of [x1, y1, x2, y2, score, class] in input pixels, best first.
  const rows = (await output.array()) as number[][][];
  tf.dispose([input, output]);

  const candidates: Candidate[] = [];
  for (const [x1 = 0, y1 = 0, x2 = 0, y2 = 0, score = 0, classIndex = 0] of rows[0] ?? []) {
    if (score < candidateFloor) continue;
    const box = clampBox(
      {
        left: (x1 - left) / fit,
        top: (y1 - top) / fit,
        width: (x2 - x1) / fit,
        height: (y2 - y1) / fit,
      },
      image,
    );
    if (box.width < 1 || box.height < 1) continue;
    const duplicate = candidates.some(
      (kept) => kept.classIndex === classIndex && iou(kept.box, box) > sameObjectIou,
    );
    if (!duplicate) candidates.push({ classIndex, score, box });
  }
  return candidates;
}

function averagePasses(passes: Candidate[][]): Candidate[] {
  const groups: { best: Candidate; total: number }[] = [];
  for (const candidate of passes.flat()) {
    const group = groups.find(
      ({ best }) =>
        best.classIndex === candidate.classIndex && iou(best.box, candidate.box) > sameObjectIou,
    );
    if (!group) groups.push({ best: candidate, total: candidate.score });
    else {
      group.total += candidate.score;
      if (candidate.score > group.best.score) group.best = candidate;
    }
  }
  return groups
    .map(({ best, total }) => ({ ...best, score: total / passes.length }))
    .sort((a, b) => b.score - a.score);
}

function dropRivalClasses(sortedBestFirst: Candidate[]): Candidate[] {
  const kept: Candidate[] = [];
  for (const candidate of sortedBestFirst) {
    const rival = kept.find((better) => iou(better.box, candidate.box) > sameObjectIou);
    if (!rival || candidate.score >= rival.score * rivalShare) kept.push(candidate);
  }
  return kept;
}

function clampBox(box: Rect, image: RawImage): Rect {
  const left = Math.max(0, Math.round(box.left));
  const top = Math.max(0, Math.round(box.top));
  const right = Math.min(image.width, Math.round(box.left + box.width));
  const bottom = Math.min(image.height, Math.round(box.top + box.height));
  return { left, top, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

function iou(a: Rect, b: Rect): number {
  const width = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
  const height = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  if (width <= 0 || height <= 0) return 0;
  const overlap = width * height;
  return overlap / (a.width * a.height + b.width * b.height - overlap);
}
