// Face detection for the rendering steps: crop=faces, fit=facearea, face-blur, face-pixel,
// auto=redeye and `faces=1` in fm=json (docs.imgix.com/apis/rendering/face-detection). Faces are
// found on a copy of the image at most DETECTION_SIDE pixels on its long side and mapped back.
import type { Point, Rect, Size } from '@darkroom/core';
import sharp from 'sharp';
import { untrustedInput } from '../output/limits.ts';
import type { RenderContext, RenderLimits } from '../pipeline/context.ts';
import type { AiModels, DetectedFace, RawImage } from './types.ts';
import { cloneSharingPixels } from '../pipeline/clone-image.ts';

/** Large enough for faces a few percent of the frame, small enough to detect in a fraction of a second. */
const DETECTION_SIDE = 1024;

/**
 * The faces in the image the pipeline has produced so far, in its own pixels (context.width x
 * context.height), largest first; [] when no detector is available.
 */
export async function facesInPipeline(context: RenderContext): Promise<DetectedFace[]> {
  const models = context.request.ai;
  if (models === undefined) return [];
  return facesOf(models, cloneSharingPixels(context.image), {
    width: context.width,
    height: context.height,
  });
}

/** The faces in encoded image bytes, in the pixels of the image as displayed (EXIF applied). */
export function facesInImage(
  models: AiModels,
  bytes: Uint8Array,
  displayed: Size,
  limits: RenderLimits,
): Promise<DetectedFace[]> {
  const image = sharp(bytes, { ...untrustedInput(limits), failOn: 'truncated' });
  return facesOf(models, image.rotate(), displayed);
}

/** Detects on a copy of `pipeline`'s output small enough to be quick; boxes in `size` pixels. */
async function facesOf(
  models: AiModels,
  pipeline: sharp.Sharp,
  size: Size,
): Promise<DetectedFace[]> {
  const { data, info } = await pipeline
    .resize(DETECTION_SIDE, DETECTION_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const found = await detectFaces(models, {
    data,
    width: info.width,
    height: info.height,
    channels: 3,
  });
  return scaleFaces(found, size.width / info.width, size.height / info.height);
}

async function detectFaces(models: AiModels, image: RawImage): Promise<DetectedFace[]> {
  const { faces } = await models.detect(image, { faces: true, labels: false });
  return [...faces].sort((a, b) => area(b.box) - area(a.box));
}

function scaleFaces(faces: readonly DetectedFace[], sx: number, sy: number): DetectedFace[] {
  const point = (p: Point | undefined) => p && { x: p.x * sx, y: p.y * sy };
  return faces.map((face) => ({
    box: {
      left: face.box.left * sx,
      top: face.box.top * sy,
      width: face.box.width * sx,
      height: face.box.height * sy,
    },
    score: face.score,
    ...(face.leftEye && { leftEye: point(face.leftEye) }),
    ...(face.rightEye && { rightEye: point(face.rightEye) }),
    ...(face.eyeRadius !== undefined && { eyeRadius: face.eyeRadius * Math.sqrt(sx * sy) }),
  }));
}

function area(box: Rect): number {
  return box.width * box.height;
}

/** The smallest box holding every face. */
export function unionOf(boxes: readonly Rect[]): Rect | null {
  if (boxes.length === 0) return null;
  const left = Math.min(...boxes.map((box) => box.left));
  const top = Math.min(...boxes.map((box) => box.top));
  const right = Math.max(...boxes.map((box) => box.left + box.width));
  const bottom = Math.max(...boxes.map((box) => box.top + box.height));
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * A face box grown by `facepad` times its own size, shared between the sides (facepad 1, the
 * default, doubles each dimension), kept inside the image and in whole pixels.
 */
export function paddedFace(box: Rect, facepad: number, image: Size): Rect {
  const growX = (box.width * facepad) / 2;
  const growY = (box.height * facepad) / 2;
  const left = Math.max(0, Math.floor(box.left - growX));
  const top = Math.max(0, Math.floor(box.top - growY));
  const right = Math.min(image.width, Math.ceil(box.left + box.width + growX));
  const bottom = Math.min(image.height, Math.ceil(box.top + box.height + growY));
  return {
    left,
    top,
    width: Math.max(1, right - left),
    height: Math.max(1, bottom - top),
  };
}

/** imgix's fm=json face data: one entry per face with its bounds in origin pixels. */
export function facesJson(faces: readonly DetectedFace[]): Record<string, unknown>[] {
  const round = (value: number) => Math.round(value * 100) / 100;
  return faces.map((face) => ({
    bounds: {
      x: round(face.box.left),
      y: round(face.box.top),
      width: round(face.box.width),
      height: round(face.box.height),
    },
    confidence: round(face.score),
  }));
}
