import type { DetectOptions, Detections, RawImage } from '../types.ts';
import { detectFaces, loadFaceDetector } from './face-detection.ts';
import { detectObjects, loadObjectDetector } from './object-detection.ts';
import { rawToSharp, sharpToRaw, toRgb } from './raw-image.ts';
import { loadTfjs, type Tf } from './tfjs-runtime.ts';

/** Detectors see at most this many pixels on the long side: they work far smaller anyway. */
const maxDetectionSide = 1024;

export interface Detectors {
  tf: Tf;
  faces: Awaited<ReturnType<typeof loadFaceDetector>>;
  objects: Awaited<ReturnType<typeof loadObjectDetector>>;
}

export async function loadDetectors(): Promise<Detectors> {
  const tf = await loadTfjs();
  const faces = await loadFaceDetector(tf);
  const objects = await loadObjectDetector();
  return { tf, faces, objects };
}

export async function detect(
  detectors: Detectors,
  image: RawImage,
  options: DetectOptions,
): Promise<Detections> {
  const { small, scale } = await shrink(toRgb(image));
  const faces = options.faces ? await detectFaces(detectors.tf, detectors.faces, small, scale) : [];
  // Object boxes come back in the small copy's pixels: scaled back to the image's below.
  const labels = options.labels ? await detectObjects(detectors.tf, detectors.objects, small) : [];
  return {
    faces,
    labels: labels.map((label) => ({
      ...label,
      box: {
        left: Math.round(label.box.left * scale),
        top: Math.round(label.box.top * scale),
        width: Math.round(label.box.width * scale),
        height: Math.round(label.box.height * scale),
      },
    })),
  };
}

async function shrink(image: RawImage): Promise<{ small: RawImage; scale: number }> {
  const longSide = Math.max(image.width, image.height);
  if (longSide <= maxDetectionSide) return { small: image, scale: 1 };
  const small = await sharpToRaw(
    rawToSharp(image).resize({
      width: image.width >= image.height ? maxDetectionSide : undefined,
      height: image.height > image.width ? maxDetectionSide : undefined,
    }),
  );
  return { small, scale: image.width / small.width };
}
