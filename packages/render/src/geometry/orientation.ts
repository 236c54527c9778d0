import type { Size } from '@darkroom/core';

/**
 * EXIF orientation and imgix `orient` (docs.imgix.com/apis/rendering/rotation/orientation):
 * 1-8 follow EXIF; 90, 180 and 270 are aliases of 6, 3 and 8; 0 keeps the stored pixels,
 * ignoring the EXIF tag.
 */

/** What turns stored pixels upright: mirror left-right first, then rotate clockwise. */
export interface OrientationFix {
  mirror: boolean;
  clockwise: 0 | 90 | 180 | 270;
}

const FIXES: Readonly<Record<number, OrientationFix>> = {
  1: { mirror: false, clockwise: 0 },
  2: { mirror: true, clockwise: 0 },
  3: { mirror: false, clockwise: 180 },
  4: { mirror: true, clockwise: 180 },
  5: { mirror: true, clockwise: 270 },
  6: { mirror: false, clockwise: 90 },
  7: { mirror: true, clockwise: 90 },
  8: { mirror: false, clockwise: 270 },
};

/** The EXIF value an `orient` parameter stands for; 0 and unknown values mean "as stored". */
export function orientationOfParameter(value: number): number {
  if (value === 90) return 6;
  if (value === 180) return 3;
  if (value === 270) return 8;
  return FIXES[value] ? value : 1;
}

export function orientationFix(orientation: number): OrientationFix {
  return FIXES[orientation] ?? { mirror: false, clockwise: 0 };
}

/** The displayed size of stored pixels of `stored` size under an EXIF orientation. */
export function orientedSize(stored: Size, orientation: number): Size {
  const { clockwise } = orientationFix(orientation);
  return clockwise === 90 || clockwise === 270
    ? { width: stored.height, height: stored.width }
    : { ...stored };
}
