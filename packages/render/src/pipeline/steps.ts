import { adjustmentStep } from '../steps/adjustment.ts';
import { backgroundStep } from '../steps/background.ts';
import { blendStep } from '../steps/blend.ts';
import { borderStep } from '../steps/border.ts';
import { colorKeyStep } from '../steps/colorkey.ts';
import { faceStep } from '../steps/faces.ts';
import { fillStep } from '../steps/fill.ts';
import { maskStep } from '../steps/mask.ts';
import { noiseReductionStep } from '../steps/noise-reduction.ts';
import { orientStep } from '../steps/orient.ts';
import { paddingStep } from '../steps/padding.ts';
import { rectStep } from '../steps/rect.ts';
import { rotationStep } from '../steps/rotation.ts';
import { sizeStep } from '../steps/size.ts';
import { stylizeStep } from '../steps/stylize.ts';
import { textStep } from '../steps/text.ts';
import { trimStep } from '../steps/trim.ts';
import { watermarkStep } from '../steps/watermark.ts';
import type { StepModule } from './step.ts';

/**
 * The fixed order of docs/ARCHITECTURE.md ('packages/render'); the overlays run blend, watermark,
 * text (imgix draws text over the mark and the mark over the blend). Geometry comes first so
 * sharp can shrink on load; pixel work runs on the smaller image; output encoding follows in
 * render.ts.
 */
export const PIPELINE: readonly StepModule[] = [
  orientStep,
  // imgix keys colours "before trimming, cropping and resizing" (color-key doc).
  colorKeyStep,
  trimStep,
  rectStep,
  sizeStep,
  faceStep,
  rotationStep,
  adjustmentStep,
  noiseReductionStep,
  stylizeStep,
  fillStep,
  paddingStep,
  borderStep,
  maskStep,
  // Overlays bottom to top, as imgix stacks them: blend under the watermark, text on top.
  blendStep,
  watermarkStep,
  textStep,
  backgroundStep,
];
