import type { Rect, Size } from '@darkroom/core';

// Where `append` puts the two images on the grown canvas (docs.imgix.com/apis/rendering/append):
// pure arithmetic, so the step only moves pixels.

export type AppendSide = 'right' | 'bottom' | 'left' | 'top';

export function isAppendSide(value: string | undefined): value is AppendSide {
  return value === 'right' || value === 'bottom' || value === 'left' || value === 'top';
}

/** Where the shorter image sits along the shared edge: at its start, centre or end. */
type Along = 'start' | 'centre' | 'end';

/**
 * `append-align` for a side: top/middle/bottom line up a left or right append, left/center/right
 * a top or bottom one; "a value from the wrong set leaves the append centered" (append-align).
 */
export function readAppendAlign(side: AppendSide, value: string | undefined): Along {
  const vertical = side === 'left' || side === 'right';
  const [start, end] = vertical ? ['top', 'bottom'] : ['left', 'right'];
  if (value === start) return 'start';
  if (value === end) return 'end';
  return 'centre';
}

export interface AppendRequest {
  /** The image as the steps before have made it (one frame of an animation). */
  base: Size;
  /** The appended image as it is drawn: its own size times dpr. */
  appended: Size;
  side: AppendSide;
  align: Along;
  /** Pixels between the two images. */
  gap: number;
  /** `append-preserve`: the canvas keeps the base's length along the shared edge. */
  preserve: boolean;
}

export interface AppendLayout {
  canvas: Size;
  /** The base image's place on the canvas: the canvas grows around it by these sides. */
  base: { top: number; right: number; bottom: number; left: number };
  /** The part of the appended image that shows (all of it unless preserve clips it) and where. */
  appended: { crop: Rect; left: number; top: number } | null;
}

/** Offset of a `length` along a `room` that is longer (positive) or shorter (negative, clipped). */
function offset(align: Along, room: number, length: number): number {
  if (align === 'start') return 0;
  if (align === 'end') return room - length;
  // `+ 0` turns the -0 of a rounded -0.5 into 0.
  return Math.round((room - length) / 2) + 0;
}

/**
 * The grown canvas and both images' places. Along the shared edge the canvas holds the longer of
 * the two (or the base's length with `preserve`), and the shorter image is aligned on it; across
 * it, the images and the gap follow each other from the side the append is on.
 */
export function planAppend(request: AppendRequest): AppendLayout {
  const { base, appended, side, align, gap, preserve } = request;
  const sideways = side === 'left' || side === 'right';
  // "across" runs from one image to the other; "along" is the shared edge.
  const baseAcross = sideways ? base.width : base.height;
  const baseAlong = sideways ? base.height : base.width;
  const appendedAcross = sideways ? appended.width : appended.height;
  const appendedAlong = sideways ? appended.height : appended.width;

  const along = preserve ? baseAlong : Math.max(baseAlong, appendedAlong);
  const across = baseAcross + gap + appendedAcross;
  const appendedFirst = side === 'left' || side === 'top';
  const baseStart = appendedFirst ? appendedAcross + gap : 0;
  const appendedStart = appendedFirst ? 0 : baseAcross + gap;
  const baseAlongStart = offset(align, along, baseAlong);
  const appendedAlongStart = offset(align, along, appendedAlong);

  // The appended image's visible run along the edge: clipped where it passes the canvas.
  const visibleStart = Math.max(0, appendedAlongStart);
  const visibleEnd = Math.min(along, appendedAlongStart + appendedAlong);
  const visibleAlong = visibleEnd - visibleStart;
  const cropAlong = visibleStart - appendedAlongStart;

  const canvas = sideways ? { width: across, height: along } : { width: along, height: across };
  const baseBox = sideways
    ? { left: baseStart, top: baseAlongStart, width: base.width, height: base.height }
    : { left: baseAlongStart, top: baseStart, width: base.width, height: base.height };
  const shown =
    visibleAlong <= 0 || appendedAcross <= 0
      ? null
      : sideways
        ? {
            crop: { left: 0, top: cropAlong, width: appended.width, height: visibleAlong },
            left: appendedStart,
            top: visibleStart,
          }
        : {
            crop: { left: cropAlong, top: 0, width: visibleAlong, height: appended.height },
            left: visibleStart,
            top: appendedStart,
          };
  return {
    canvas,
    base: {
      left: baseBox.left,
      top: baseBox.top,
      right: canvas.width - baseBox.left - baseBox.width,
      bottom: canvas.height - baseBox.top - baseBox.height,
    },
    appended: shown,
  };
}
