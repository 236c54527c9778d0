import type { Rect } from '@darkroom/core';
import type { OriginProperties } from './editor-types.ts';
import { parseRect } from './rect.utils.ts';
import { ratioText } from './resize.utils.ts';

// The crop frame's arithmetic (spec editor sections 4 and 9), free of Cropper.js so it can be
// tested without a browser.

/** Spec section 9: the frame starts over 80 percent of the image. */
export const CROP_INITIAL_AREA = 0.8;
/** Spec section 9: wheel zoom step. */
export const CROP_WHEEL_ZOOM_RATIO = 0.1;
/** Spec section 9: a touch must travel this far before it counts as a drag. */
export const CROP_TOUCH_ACTIVATION_PX = 30;

/** The frame's `ar`: its sides in lowest terms. */
export function ratioOfRect(rect: Rect): string {
  return ratioText({ width: rect.width, height: rect.height });
}

/**
 * Cropper.js reports fractional natural pixels: whole numbers, at least one pixel, inside the
 * image.
 */
export function naturalRect(
  data: { x: number; y: number; width: number; height: number },
  origin: Pick<OriginProperties, 'originWidth' | 'originHeight'>,
): Rect {
  const left = Math.min(Math.max(0, Math.round(data.x)), origin.originWidth - 1);
  const top = Math.min(Math.max(0, Math.round(data.y)), origin.originHeight - 1);
  const width = Math.min(Math.max(1, Math.round(data.width)), origin.originWidth - left);
  const height = Math.min(Math.max(1, Math.round(data.height)), origin.originHeight - top);
  return { left, top, width, height };
}

/** The frame Cropper.js starts from: a stored `rect`, else 80 percent of the image, centred. */
export function initialFrame(
  rect: string | undefined,
  origin: Pick<OriginProperties, 'originWidth' | 'originHeight'>,
  ratio: number | null,
): Rect {
  const stored = parseRect(rect);
  if (stored) return stored;
  let width = origin.originWidth * CROP_INITIAL_AREA;
  let height = origin.originHeight * CROP_INITIAL_AREA;
  if (ratio !== null) {
    if (width / height > ratio) width = height * ratio;
    else height = width / ratio;
  }
  return naturalRect(
    {
      x: (origin.originWidth - width) / 2,
      y: (origin.originHeight - height) / 2,
      width,
      height,
    },
    origin,
  );
}

export function sameRect(a: Rect, b: Rect): boolean {
  return a.left === b.left && a.top === b.top && a.width === b.width && a.height === b.height;
}
