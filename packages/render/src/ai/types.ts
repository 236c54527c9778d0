// The AI operations the rendering engine calls (the premium tools of editor spec section 1, and
// the detection behind the face parameters). The models behind them ship inside npm packages and
// load from disk; the server runs them in a worker process of their own (their memory stays out
// of the delivery process), so everything crossing this interface is plain data that survives
// structured cloning. Rectangles and points are in pixels of the image they were found in or
// apply to.

import type { Point, Rect, Size } from '@darkroom/core';

/** Raw 8-bit pixels, rows top to bottom, interleaved channels, no row padding. */
export interface RawImage extends Size {
  data: Uint8Array;
  channels: 3 | 4;
}

export interface DetectedFace {
  box: Rect;
  /** Detector confidence, 0 to 1. */
  score: number;
  /** Eye centres (iris when found), used by `auto=redeye`; absent when the mesh was not found. */
  leftEye?: Point;
  rightEye?: Point;
  /** Eye radius in pixels, from the iris landmarks or the eye outline. */
  eyeRadius?: number;
}

export interface DetectedLabel {
  /** Lower-case English class name, for example 'cat', 'person', 'traffic light'. */
  name: string;
  /** 0 to 1. */
  confidence: number;
  box: Rect;
}

export interface Detections {
  faces: DetectedFace[];
  labels: DetectedLabel[];
}

export interface DetectOptions {
  faces: boolean;
  labels: boolean;
}

export interface BackgroundRemovalOptions {
  /** `bg-remove-fg-type`: what the foreground is ('auto' or 'car'). */
  foreground: 'auto' | 'car';
  /** `bg-remove-semi-transparency`: keep the soft matte (true) or cut it to fully opaque/clear. */
  semiTransparency: boolean;
}

/** The super-resolution factors the shipped ESRGAN models provide. */
export type UpscaleFactor = 2 | 3 | 4;

/** The models, behind one interface: in-process (tests, the worker itself) or in the worker. */
export interface AiModels {
  /** Returns the image with an alpha channel (4 channels) that clears the background. */
  removeBackground(image: RawImage, options: BackgroundRemovalOptions): Promise<RawImage>;
  /** Returns the image `factor` times larger in each dimension (3 channels). */
  upscale(image: RawImage, factor: UpscaleFactor): Promise<RawImage>;
  /** Fills each box from its surroundings so what was there disappears; same size and channels. */
  inpaint(image: RawImage, boxes: readonly Rect[]): Promise<RawImage>;
  /** Faces and labelled objects, boxes in the image's own pixels, best first. */
  detect(image: RawImage, options: DetectOptions): Promise<Detections>;
}

/** An AI operation could not run: the message becomes the failure-reason header or the error. */
export class AiOperationError extends Error {
  override name = 'AiOperationError';
}

/**
 * The models' process failed (it stopped, hung past its timeout or could not start), not the
 * operation on this image: the same call may well succeed later.
 */
export class AiWorkerUnavailableError extends AiOperationError {
  override name = 'AiWorkerUnavailableError';
}

/** A generative image edit (OpenAI's images edit convention): the server's configured provider. */
export interface GenerativeEditor {
  edit(
    request: {
      /** PNG. */
      image: Buffer;
      /** PNG of the image's size, transparent where the provider paints. */
      mask?: Buffer;
      prompt: string;
      negativePrompt?: string;
      seed?: number;
      size: Size;
    },
    signal?: AbortSignal,
  ): Promise<Buffer>;
}
