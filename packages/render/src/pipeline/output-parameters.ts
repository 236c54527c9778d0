import { paletteParameters } from '../steps/palette.ts';

/**
 * Catalogue parameters implemented outside the step modules, by the orchestrator, the output
 * encoders and the animation code (read by `npm run params:coverage`).
 *
 * Left out on purpose: `auto=redeye` is accepted as an `auto` member but does nothing (it needs
 * face and eye detection); `iptc` and `svg-sanitize` (no IPTC passthrough, no SVG output).
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
];
