import { adjustmentStep } from '../steps/adjustment.ts';
import { appendStep } from '../steps/append.ts';
import { backgroundStep } from '../steps/background.ts';
import { blendStep } from '../steps/blend.ts';
import { borderStep } from '../steps/border.ts';
import { colorKeyStep } from '../steps/colorkey.ts';
import { dropShadowStep } from '../steps/drop-shadow.ts';
import { faceStep } from '../steps/faces.ts';
import { fillStep } from '../steps/fill.ts';
import { gradientStep } from '../steps/gradient.ts';
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
  // imgix: "mask, border, mark, txt, and drop shadow apply to the whole composed image"
  // (docs.imgix.com/apis/rendering/append/append-image, its ja-JP copy), so the append grows the
  // sized and padded image before the border, the mask and the overlays see it.
  appendStep,
  borderStep,
  maskStep,
  // Overlays bottom to top, as imgix stacks them: blend under the watermark, text on top.
  blendStep,
  // docs.imgix.com/apis/video/blending (ja-JP, "layer order"): blend layers sit below everything
  // else, gradient, fade, mask, the image watermark and text drawn above them; and
  // docs.imgix.com/apis/rendering/gradient-overlay: "the gradient is drawn, then the fade, then
  // the border, padding, watermarks and text". Darkroom draws padding and the border earlier,
  // so the step paints the picture inside them only (steps/gradient.ts).
  gradientStep,
  watermarkStep,
  textStep,
  // docs.imgix.com/apis/rendering/drop-shadow/drop-shadow: "The shadow is applied last, to the
  // finished image, so mark, txt, blend, append, pad, border and mask all cast together with the
  // picture"; before the background, which `bg` and JPEG's white fill in behind the shadow.
  dropShadowStep,
  backgroundStep,
];
