import { PREMIUM_PARAMETERS } from '../ai/premium.ts';
import { paletteParameters } from '../steps/palette.ts';

/**
 * Catalogue parameters implemented outside the step modules, by the orchestrator, the output
 * encoders and the animation code (read by `npm run params:coverage`).
 *
 * Left out on purpose: `rasterize-bypass` and `svg-sanitize`. SVG origins are always rasterized
 * (PDF and EPS are not loaded at all), never served as they are, so there is no SVG answer to
 * sanitize; passing SVG through needs a sanitizer Darkroom does not have yet.
 * `auto=redeye` is the face step's (it needs the eyes the face detector finds).
 * The palette answer is the colour family's module, called by the orchestrator after the steps.
 */
export const OUTPUT_PARAMETERS: readonly string[] = [
  ...paletteParameters,
  'fm',
  'q',
  'lossless',
  'chromasub',
  'cs',
  'dpi',
  'jpg-progressive',
  'colorquant',
  'auto',
  'ch',
  'frame',
  'loop',
  'reverse',
  'skip',
  'interval',
  'fps',
  'iptc',
  // fm=json face data (ai/faces.ts) and the premium operations run before the steps (ai/premium.ts).
  'faces',
  ...PREMIUM_PARAMETERS,
];
