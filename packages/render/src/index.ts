export { render } from './pipeline/render.ts';
export {
  DEFAULT_RENDER_LIMITS,
  RenderError,
  type ClientHints,
  type OriginStatus,
  type OutputFormat,
  type RenderLimits,
  type RenderRequest,
  type RenderResult,
} from './pipeline/context.ts';
export { OUTPUT_PARAMETERS } from './pipeline/output-parameters.ts';
export { acceptKey, acceptedFormats, type AcceptedFormats } from './output/accept.ts';
export { ALLOWED_LOADERS } from './output/loaders.ts';
export { probeImage, UnsupportedImageError, type ImageInfo } from './probe.ts';
export { isPdf, rasterSize, rasterisePdf, type PdfFacts } from './input/pdf.ts';
export {
  AiOperationError,
  AiWorkerUnavailableError,
  type AiModels,
  type BackgroundRemovalOptions,
  type DetectedFace,
  type DetectedLabel,
  type Detections,
  type DetectOptions,
  type GenerativeEditor,
  type RawImage,
  type UpscaleFactor,
} from './ai/types.ts';
export {
  PREMIUM_OPERATIONS,
  PREMIUM_PARAMETERS,
  needsAiRender,
  requestedPremiumOperations,
  type PremiumOperationName,
} from './ai/premium.ts';
export { AiWorker, type AiWorkerOptions } from './ai/worker/ai-worker.ts';
export { createLocalAiModels } from './ai/models/index.ts';
export * from './video/index.ts';
