export { render } from './pipeline/render.ts';
export {
  DEFAULT_RENDER_LIMITS,
  RenderError,
  type ClientHints,
  type OutputFormat,
  type RenderLimits,
  type RenderRequest,
  type RenderResult,
} from './pipeline/context.ts';
export { OUTPUT_PARAMETERS } from './pipeline/output-parameters.ts';
export { acceptKey, acceptedFormats, type AcceptedFormats } from './output/accept.ts';
export { ALLOWED_LOADERS } from './output/loaders.ts';
export { probeImage, UnsupportedImageError, type ImageInfo } from './probe.ts';
