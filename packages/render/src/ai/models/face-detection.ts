import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Point } from '@darkroom/core';
import type { DetectedFace, RawImage } from '../types.ts';
import { packageDir } from './package-dir.ts';
import type { Tf } from './tfjs-runtime.ts';

const require = createRequire(import.meta.url);

/**
 * The blazeface box score a face needs. human's own `score` is the mesh's confidence once a mesh
 * is found, which trusts any face-like patch: rocket.jpg's launch tower gets 0.81 from the mesh
 * but 0.34 from blazeface. Box scores measured: astronaut.png 0.87, camera.png 0.74; coins.png
 * has no candidate at all.
 */
const minFaceScore = 0.5;
const maxFaces = 20;

/** The slice of @vladmandic/human's result this module reads (its bundled types need tfjs'). */
interface HumanFace {
  score: number;
  boxScore: number;
  faceScore: number;
  box: [number, number, number, number];
  annotations: Record<string, [number, number, number?][] | undefined>;
}

interface Human {
  load(): Promise<void>;
  detect(input: unknown): Promise<{ face: HumanFace[]; error: string | null }>;
}

interface HumanModule {
  Human: new (config: object) => Human;
}

export async function loadFaceDetector(tf: Tf): Promise<Human> {
  const humanDir = packageDir('@vladmandic/human');
  // The package's exports map points Node at dist/human.node.js (tfjs-node, not installed).
  const { Human } = require(path.join(humanDir, 'dist', 'human.node-wasm.js')) as HumanModule;
  const human = new Human({
    backend: tf.getBackend(),
    wasmPath: `${path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'))}/`,
    modelBasePath: `${pathToFileURL(path.join(humanDir, 'models')).href}/`,
    debug: false,
    async: false,
    warmup: 'none',
    // Every call is a different image: never reuse the previous result.
    cacheSensitivity: 0,
    skipAllowed: false,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: { rotation: false, maxDetected: maxFaces, minConfidence: 0.2, return: false },
      mesh: { enabled: true },
      iris: { enabled: true },
      attention: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    gesture: { enabled: false },
    object: { enabled: false },
    segmentation: { enabled: false },
  });
  await human.load();
  return human;
}

/** Faces in an RGB image, in the pixels of `image` scaled by `scale` back to the original. */
export async function detectFaces(
  tf: Tf,
  human: Human,
  image: RawImage,
  scale: number,
): Promise<DetectedFace[]> {
  const input = tf.tensor4d(
    Int32Array.from(image.data),
    [1, image.height, image.width, 3],
    'int32',
  );
  try {
    const result = await human.detect(input);
    if (result.error) throw new Error(`face detection failed: ${result.error}`);
    return result.face
      .filter((face) => face.boxScore >= minFaceScore)
      .sort((a, b) => b.score - a.score)
      .map((face) => toDetectedFace(face, scale));
  } finally {
    tf.dispose(input);
  }
}

function toDetectedFace(face: HumanFace, scale: number): DetectedFace {
  const [left, top, width, height] = face.box;
  const detected: DetectedFace = {
    box: {
      left: Math.round(left * scale),
      top: Math.round(top * scale),
      width: Math.round(width * scale),
      height: Math.round(height * scale),
    },
    score: Math.round(face.score * 1000) / 1000,
  };
  const irises = [face.annotations['leftEyeIris'], face.annotations['rightEyeIris']]
    .map((points) => (points ? iris(points, scale) : undefined))
    .filter((found) => found !== undefined)
    // "Left" in our interface is the eye on the left of the picture, whatever way the face looks.
    .sort((a, b) => a.centre.x - b.centre.x);
  const [leftIris, rightIris] = irises;
  if (leftIris && rightIris) {
    detected.leftEye = leftIris.centre;
    detected.rightEye = rightIris.centre;
    detected.eyeRadius = Math.round(((leftIris.radius + rightIris.radius) / 2) * 10) / 10;
  }
  return detected;
}

/** The iris landmarks are its centre followed by four points on its rim. */
function iris(
  points: [number, number, number?][],
  scale: number,
): { centre: Point; radius: number } | undefined {
  const [centre, ...rim] = points;
  if (!centre || rim.length === 0) return undefined;
  const radius =
    rim.reduce((sum, [x, y]) => sum + Math.hypot(x - centre[0], y - centre[1]), 0) / rim.length;
  return {
    centre: { x: Math.round(centre[0] * scale), y: Math.round(centre[1] * scale) },
    radius: radius * scale,
  };
}
