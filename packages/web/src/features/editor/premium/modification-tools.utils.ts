import type { Size } from '@darkroom/core';
import { parseRect } from '../rect.utils.ts';
import type {
  EditorCapabilities,
  EditorParamName,
  EditorParams,
  OriginProperties,
} from '../editor-types.ts';
import { withParams } from '../params.utils.ts';
import { currentSize, withDefaultFit } from '../resize.utils.ts';

// One prompt rule for every generative tool of the editor (spec editor section 5).
export { PROMPT_MAX_LENGTH, promptError } from '../prompt.utils.ts';

/** A premium tool, named by the editor flag that unlocks it. */
export type PremiumTool = keyof EditorCapabilities;

// Editor spec section 9 ('Business constants and limits').
const BACKGROUND_REMOVAL_MAX_BYTES = 12_000_000;
const BACKGROUND_REMOVAL_MAX_PIXELS = 50_000_000;
const SUPER_RESOLUTION_SOFT_PIXELS = 250_000;
const SUPER_RESOLUTION_HARD_PIXELS = 1_000_000;
const BACKGROUND_REPLACE_CROP_MAX_PIXELS = 9_000_000;

/** The toasts of the premium tools (editor spec section 8; where it gives no wording, ours). */
export const PREMIUM_MESSAGES = {
  backgroundRemovalApplied:
    'Background removal mode entered: the background of the image is being removed.',
  backgroundRemovalOverLimit:
    'Background removal works on images up to 12 MB and 50 megapixels. This image is larger, so no changes were applied.',
  backgroundReplaceEntered:
    'Background replace mode entered: describe the new background and press Replace.',
  backgroundReplaceCropOverLimit:
    'Background replace works on cropped images up to 9 megapixels. Please remove Cropping to continue with Background Replace.',
  superResolutionApplied: 'Super resolution applied: the image is being enlarged.',
  superResolutionSoftLimit:
    'Super resolution works best on originals under 0.25 megapixels: it was applied, but this image will gain less detail and take longer.',
  superResolutionHardLimit:
    'Super resolution needs an original under 1024 x 1024 and 1 MB. This image exceeds it, so no changes were applied.',
  objectToolEntered: 'Object removal/replacement mode entered: draw a box around an object.',
} as const;

/** The info toast when a tool changed the output size to suit it (spec section 8). */
export function sizeOptimisedMessage(tool: 'background removal' | 'super resolution', size: Size) {
  return `Image size optimised for ${tool}: ${size.width} x ${size.height}.`;
}

/**
 * The renderer's largest output side: render's `maxOutputSide` (pipeline/context.ts), the upper
 * bound of `w` and `h` in editor spec section 3. The dashboard may not import render.
 */
const RENDER_MAX_SIDE = 8192;

/**
 * The output size and how many output pixels each pixel of the shown part of the original (the
 * crop frame if there is one) becomes: cover for crop-style fits, contain otherwise.
 */
function outputScale(params: EditorParams, origin: OriginProperties) {
  const frame = parseRect(params.rect);
  const base = frame ?? { width: origin.originWidth, height: origin.originHeight };
  const size = currentSize(params, origin);
  const horizontal = size.width / base.width;
  const vertical = size.height / base.height;
  const covers = params.fit === 'crop' || frame !== null;
  return {
    size,
    scale: covers ? Math.max(horizontal, vertical) : Math.min(horizontal, vertical),
  };
}

function scaledSize(size: Size, factor: number): Size {
  const capped = Math.min(factor, RENDER_MAX_SIDE / Math.max(size.width, size.height));
  return {
    width: Math.max(1, Math.round(size.width * capped)),
    height: Math.max(1, Math.round(size.height * capped)),
  };
}

/**
 * Super resolution enlarges the original at least twice; an output no larger than the original
 * would throw that away. Such an output grows to twice the original's scale (within the
 * renderer's largest side); null when the output already enlarges.
 */
export function sizeForSuperResolution(params: EditorParams, origin: OriginProperties) {
  const { size, scale } = outputScale(params, origin);
  if (scale > 1) return null;
  const optimised = scaledSize(size, 2 / scale);
  return optimised.width === size.width && optimised.height === size.height ? null : optimised;
}

/**
 * The cut-out is made at the original's resolution: an output enlarged past it only blurs the
 * edge the model drew, so it shrinks to that resolution; null when the output does not enlarge.
 */
export function sizeForBackgroundRemoval(params: EditorParams, origin: OriginProperties) {
  const { size, scale } = outputScale(params, origin);
  return scale > 1 ? scaledSize(size, 1 / scale) : null;
}

/** The parameters with an optimised output size, asking for `fit=crop` as any resize does. */
export function withOptimisedSize(params: EditorParams, size: Size): EditorParams {
  return withDefaultFit(withParams(params, { w: String(size.width), h: String(size.height) }));
}

function pixelsOf(origin: Pick<OriginProperties, 'originWidth' | 'originHeight'>): number {
  return origin.originWidth * origin.originHeight;
}

/** True when background removal may run on this origin (12 MB and 50 megapixels at most). */
export function backgroundRemovalWithinLimits(
  origin: Pick<OriginProperties, 'originWidth' | 'originHeight' | 'originFileSize'>,
): boolean {
  return (
    origin.originFileSize <= BACKGROUND_REMOVAL_MAX_BYTES &&
    pixelsOf(origin) <= BACKGROUND_REMOVAL_MAX_PIXELS
  );
}

export type SuperResolutionLimit = 'within' | 'soft' | 'hard';

/** Over the hard limit nothing is applied; over the soft one it is, with a warning. */
export function superResolutionLimit(
  origin: Pick<OriginProperties, 'originWidth' | 'originHeight'>,
): SuperResolutionLimit {
  const pixels = pixelsOf(origin);
  if (pixels > SUPER_RESOLUTION_HARD_PIXELS) return 'hard';
  if (pixels > SUPER_RESOLUTION_SOFT_PIXELS) return 'soft';
  return 'within';
}

/** A crop on an origin over 9 megapixels blocks background replace until the crop is removed. */
export function backgroundReplaceBlockedByCrop(
  params: EditorParams,
  origin: Pick<OriginProperties, 'originWidth' | 'originHeight'>,
): boolean {
  return params.rect !== undefined && pixelsOf(origin) > BACKGROUND_REPLACE_CROP_MAX_PIXELS;
}

/** `params` with one parameter set, or deleted when `value` is undefined. */
export function withParam(
  params: EditorParams,
  name: EditorParamName,
  value: string | undefined,
): EditorParams {
  const others = Object.entries(params).filter(([key]) => key !== name);
  return Object.fromEntries(value === undefined ? others : [...others, [name, value]]);
}

// Background replace and remove are mutually exclusive (editor spec section 4): choosing
// either clears the other.
export function withBackgroundRemoval(params: EditorParams, on: boolean): EditorParams {
  const next = withParam(params, 'bg-remove', on ? 'true' : undefined);
  return on ? withParam(next, 'bg-replace', undefined) : next;
}

export function withBackgroundReplacement(
  params: EditorParams,
  prompt: string | undefined,
): EditorParams {
  const next = withParam(params, 'bg-replace', prompt);
  return prompt === undefined ? next : withParam(next, 'bg-remove', undefined);
}

export function withSuperResolution(params: EditorParams, on: boolean): EditorParams {
  return withParam(params, 'upscale', on ? 'true' : undefined);
}

/** The sharpen amount the switch turns on with (the renderer's `sharp` takes 0 to 100). */
export const DEFAULT_SHARPEN_AMOUNT = 20;

export function withSharpen(params: EditorParams, amount: number | undefined): EditorParams {
  return withParam(params, 'sharp', amount === undefined ? undefined : String(amount));
}

/**
 * Whether an opened background replace switch without a prompt yet stays on after a change: it
 * turns itself off when the replace value is missing and bg-remove or upscale gets set (spec
 * section 4).
 */
export function backgroundReplaceStaysOpen(before: EditorParams, after: EditorParams): boolean {
  if (after['bg-replace'] !== undefined) return true;
  const switchedOn = (name: 'bg-remove' | 'upscale') =>
    before[name] === undefined && after[name] !== undefined;
  return !switchedOn('bg-remove') && !switchedOn('upscale');
}

// Parameters that make no sense in the still a video is made of: a download flag or another
// output format.
const NOT_IN_STILL: readonly EditorParamName[] = ['dl', 'fm'];

/** The rendering URL of the image as edited: the still the image-to-video page animates. */
export function stillUrlOf(originUrl: string, params: EditorParams): string {
  const url = new URL(originUrl);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && !NOT_IN_STILL.includes(name as EditorParamName)) {
      url.searchParams.set(name, value);
    }
  }
  return url.toString();
}

/** The image-to-video page of a still of the source (a full page navigation, spec section 7). */
export function imageToVideoPath(sourceId: string, stillUrl: string): string {
  return `/assets/${encodeURIComponent(sourceId)}/image-to-video?${new URLSearchParams({ sourceImage: stillUrl }).toString()}`;
}
