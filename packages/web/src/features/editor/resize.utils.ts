import type { Size } from '@darkroom/core';
import type { EditorParams, OriginProperties, RatioSetting } from './editor-types.ts';
import { withParams } from './params.utils.ts';
import { parseRect } from './rect.utils.ts';

// Spec editor sections 5 and 9: the size and ratio arithmetic of the Resize Image section.

export const MIN_SIDE = 1;
export const MAX_SIDE = 9999;
export const SIDE_DIGITS = 5;
/** Width and height edits reach the parameters 500 ms after the last keystroke. */
export const SIZE_DEBOUNCE_MS = 500;

export const ORIGINAL_RATIO = 'Original Ratio';
export const CUSTOM_RATIO = 'Custom';
const RATIO_PRESETS = [
  '1:1',
  '3:2',
  '4:3',
  '5:3',
  '5:4',
  '16:9',
  '2:3',
  '3:4',
  '3:5',
  '4:5',
  '9:16',
] as const;
/** The select's choices in the order the spec lists them. */
export const RATIO_CHOICES: readonly string[] = [ORIGINAL_RATIO, ...RATIO_PRESETS, CUSTOM_RATIO];

export interface Ratio {
  width: number;
  height: number;
}

/** A `w:h` ratio with positive numbers, or null. */
export function parseRatio(text: string | undefined): Ratio | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(text ?? '');
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? { width, height } : null;
}

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

/** `w:h` in lowest terms for whole sides (1600x900 is 16:9). */
export function ratioText(size: Size): string {
  const divisor = greatestCommonDivisor(size.width, size.height) || 1;
  return `${size.width / divisor}:${size.height / divisor}`;
}

/** A side kept within 1 to 9999 and whole. */
export function clampSide(value: number): number {
  return Math.min(MAX_SIDE, Math.max(MIN_SIDE, Math.round(value)));
}

/** The size the parameters ask for; a missing side follows the origin's ratio. */
export function currentSize(params: EditorParams, origin: OriginProperties): Size {
  const width = Number(params.w);
  const height = Number(params.h);
  const hasWidth = params.w !== undefined && width > 0;
  const hasHeight = params.h !== undefined && height > 0;
  // An applied crop frame is what gets resized: without a size the output is the frame's.
  const frame = parseRect(params.rect);
  const base = frame ?? { width: origin.originWidth, height: origin.originHeight };
  const aspectRatio = frame ? frame.width / frame.height : origin.originAspectRatio;
  if (hasWidth && hasHeight) return { width, height };
  if (hasWidth) return { width, height: clampSide(width / aspectRatio) };
  if (hasHeight) return { width: clampSide(height * aspectRatio), height };
  return { width: base.width, height: base.height };
}

/**
 * The other side for a ratio (width / height), rounded. A computed side over 9999 is capped and
 * the side that was given is recomputed from the cap (spec section 5).
 */
export function sizeWithRatio(side: 'width' | 'height', value: number, ratio: number): Size {
  const given = clampSide(value);
  if (side === 'width') {
    const height = given / ratio;
    if (height > MAX_SIDE) return { width: clampSide(MAX_SIDE * ratio), height: MAX_SIDE };
    return { width: given, height: clampSide(height) };
  }
  const width = given * ratio;
  if (width > MAX_SIDE) return { width: MAX_SIDE, height: clampSide(MAX_SIDE / ratio) };
  return { width: clampSide(width), height: given };
}

/** The ratio the lock keeps: the `ar` parameter, else the current shape. */
function lockedRatio(params: EditorParams, origin: OriginProperties): number {
  const ratio = parseRatio(params.ar);
  if (ratio) return ratio.width / ratio.height;
  const size = currentSize(params, origin);
  return size.width / size.height;
}

/** Spec section 5: without `fit` or `rect`, a size change asks for `fit=crop`. */
export function withDefaultFit(params: EditorParams): EditorParams {
  if (params.fit !== undefined || params.rect !== undefined) return params;
  return withParams(params, { fit: 'crop' });
}

/** A width or height typed into the Resize Image section. */
export function changeSide(
  params: EditorParams,
  origin: OriginProperties,
  setting: RatioSetting,
  side: 'width' | 'height',
  value: number,
): EditorParams {
  const current = currentSize(params, origin);
  let next: Size;
  let ar = params.ar;
  if (setting.locked) {
    next = sizeWithRatio(side, value, lockedRatio(params, origin));
  } else {
    next =
      side === 'width'
        ? { ...current, width: clampSide(value) }
        : { ...current, height: clampSide(value) };
    // Free sides make their own shape: a ratio left behind would make the renderer crop again.
    ar = undefined;
  }
  return withDefaultFit(
    withParams(params, { w: String(next.width), h: String(next.height), ar: ar ?? null }),
  );
}

/** The ratio (width / height) a choice stands for; null for Custom without a typed ratio. */
export function ratioOfChoice(choice: string, origin: OriginProperties): number | null {
  if (choice === ORIGINAL_RATIO) return origin.originWidth / origin.originHeight;
  const ratio = parseRatio(choice);
  return ratio ? ratio.width / ratio.height : null;
}

/**
 * The size for a new ratio: width kept and height recomputed, except that a square on a
 * non-square size takes the shorter side for both (spec section 5).
 */
export function sizeForRatio(current: Size, ratio: number): Size {
  if (ratio === 1 && current.width !== current.height) {
    const side = clampSide(Math.min(current.width, current.height));
    return { width: side, height: side };
  }
  return sizeWithRatio('width', current.width, ratio);
}

export interface RatioChange {
  params: EditorParams;
  setting: RatioSetting;
}

/**
 * A choice in the aspect-ratio select, or a `w:h` typed for Custom. Custom unlocks the lock, a
 * preset (or the original ratio) locks it (spec section 4).
 */
export function chooseRatio(
  params: EditorParams,
  origin: OriginProperties,
  choice: string,
  customRatio?: string,
): RatioChange {
  if (choice === CUSTOM_RATIO) {
    const typed = parseRatio(customRatio);
    const setting = { choice: CUSTOM_RATIO, locked: false };
    if (!typed) return { params, setting };
    const size = sizeForRatio(currentSize(params, origin), typed.width / typed.height);
    return {
      params: withDefaultFit(
        withParams(params, {
          w: String(size.width),
          h: String(size.height),
          ar: `${typed.width}:${typed.height}`,
        }),
      ),
      setting,
    };
  }
  const ratio = ratioOfChoice(choice, origin);
  if (ratio === null) return { params, setting: { choice, locked: true } };
  const size = sizeForRatio(currentSize(params, origin), ratio);
  return {
    params: withDefaultFit(
      withParams(params, {
        w: String(size.width),
        h: String(size.height),
        ar: choice === ORIGINAL_RATIO ? null : choice,
      }),
    ),
    setting: { choice, locked: true },
  };
}

/** The lock checkbox: unchecking it switches the select to Custom (spec section 4). */
export function changeLock(setting: RatioSetting, locked: boolean): RatioSetting {
  return locked ? { ...setting, locked: true } : { choice: CUSTOM_RATIO, locked: false };
}

/** What the select shows for parameters read from an address (a reload keeps the edit). */
export function ratioSettingOf(params: EditorParams): RatioSetting {
  if (params.ar === undefined) return { choice: ORIGINAL_RATIO, locked: true };
  if ((RATIO_PRESETS as readonly string[]).includes(params.ar)) {
    return { choice: params.ar, locked: true };
  }
  return { choice: CUSTOM_RATIO, locked: false };
}

/** An output larger than what it is made from: the source, or the applied crop frame. */
export interface Enlargement {
  output: Size;
  base: Size;
  /** What the output is made from, as the note names it. */
  baseName: 'original' | 'crop';
}

/**
 * Whether the parameters ask for an output wider or taller than the image it is made from (the
 * crop frame when one is applied, else the origin): the pixels would be stretched and soften.
 * imgix's `fit=max` never enlarges (docs.imgix.com/apis/rendering/size/resize-fit-mode), so it
 * asks for no warning.
 */
export function enlargementOf(params: EditorParams, origin: OriginProperties): Enlargement | null {
  if (params.fit === 'max') return null;
  const frame = parseRect(params.rect);
  const base = frame
    ? { width: frame.width, height: frame.height }
    : { width: origin.originWidth, height: origin.originHeight };
  const output = currentSize(params, origin);
  if (output.width <= base.width && output.height <= base.height) return null;
  return { output, base, baseName: frame ? 'crop' : 'original' };
}

/**
 * "Keep original size": the output scaled down to fit within what it is made from, its shape
 * kept; a side the parameters leave to the ratio stays left to it.
 */
export function keepOriginalSize(params: EditorParams, origin: OriginProperties): EditorParams {
  const enlargement = enlargementOf(params, origin);
  if (!enlargement) return params;
  const { output, base } = enlargement;
  const scale = Math.min(base.width / output.width, base.height / output.height);
  // Rounded, then held within the base: 512 × 543 over a 314 × 333 crop is 314 × 333 again.
  const width = clampSide(Math.min(base.width, Math.round(output.width * scale)));
  const height = clampSide(Math.min(base.height, Math.round(output.height * scale)));
  return withParams(params, {
    w: params.w !== undefined || params.h === undefined ? String(width) : undefined,
    h: params.h !== undefined ? String(height) : undefined,
  });
}
