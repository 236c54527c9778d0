import { PREMIUM_PARAMETERS } from '../ai/premium.ts';
import { paletteParameters } from '../steps/palette.ts';

/**
 * Catalogue parameters implemented outside the step modules, by the orchestrator, the output
 * encoders and the animation code (read by `npm run params:coverage`).
 * `rasterize-bypass` and `svg-sanitize` pass an SVG origin through (render.ts, svg-sanitize.ts).
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
  'rasterize-bypass',
  'svg-sanitize',
  // A PDF origin's page and its annotations, chosen when poppler rasterises it (input/pdf.ts).
  'page',
  'pdf-annotation',
  ...PREMIUM_PARAMETERS,
];
