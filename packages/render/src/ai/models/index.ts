import { AiOperationError, type AiModels } from '../types.ts';
import { loadBackgroundRemover, removeBackground } from './background-removal.ts';
import { detect, loadDetectors } from './detection.ts';
import { inpaint, loadOpenCv } from './inpainting.ts';
import { serialModel } from './serial.ts';
import { loadUpscalers, upscale } from './super-resolution.ts';

/**
 * The AI models (background removal, super resolution, inpainting, detection) running in this
 * process, each loaded from its npm package on disk the first time it is used and kept. Calls to
 * one model wait for each other; different models may overlap, except the two on TensorFlow.js,
 * which share one wasm backend and so one queue.
 */
export function createLocalAiModels(): AiModels {
  const backgroundRemover = serialModel(loadBackgroundRemover);
  const openCv = serialModel(loadOpenCv);
  const tensorflow = serialModel(async () => ({
    upscalers: await loadUpscalers(),
    detectors: lazy(loadDetectors),
  }));
  return {
    removeBackground: (image, options) =>
      failsAs(
        'background removal',
        backgroundRemover.run((remover) => removeBackground(remover, image, options)),
      ),
    upscale: (image, factor) =>
      failsAs(
        'super resolution',
        tensorflow.run(({ upscalers }) => upscale(upscalers, image, factor)),
      ),
    inpaint: (image, boxes) =>
      failsAs(
        'object removal',
        openCv.run(async (cv) => inpaint(cv, image, boxes)),
      ),
    detect: (image, options) =>
      failsAs(
        'detection',
        tensorflow.run(async ({ detectors }) => detect(await detectors(), image, options)),
      ),
  };
}

/**
 * A model that fails to load or run is an operation that could not run (the caller skips it and
 * names the reason in its failure-reason header, which the editor shows: editor spec sections 4
 * 'Image loading' and 7), not a bug in the render.
 */
async function failsAs<T>(operation: string, result: Promise<T>): Promise<T> {
  try {
    return await result;
  } catch (error) {
    if (error instanceof AiOperationError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new AiOperationError(`${operation} failed: ${reason}`, { cause: error });
  }
}

/** Loads on the first call only, so upscaling never pays for the detectors or the reverse. */
function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}
