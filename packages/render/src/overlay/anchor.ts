import type { ParamValue, Size } from '@darkroom/core';

/**
 * `mark-anchor` (docs.imgix.com/apis/rendering/watermark/watermark-anchor): which point of the
 * watermark an explicit `mark-x` / `mark-y` lands on, as fractions of its width and height. "The
 * default is the watermark's top-left corner"; the value is "an alignment keyword — center,
 * bottom,right, top, and so on — or a pair of fx,fy fractions, where 0,0 is the top-left of the
 * watermark and 1,1 its bottom-right".
 */
export interface Anchor {
  x: number;
  y: number;
}

const TOP_LEFT: Anchor = { x: 0, y: 0 };

const HORIZONTAL: Readonly<Record<string, number>> = { left: 0, center: 0.5, right: 1 };
const VERTICAL: Readonly<Record<string, number>> = { top: 0, middle: 0.5, bottom: 1 };

/**
 * Reads the parsed `mark-anchor` list. Keywords name one or both axes; an axis they leave
 * unnamed is centred, as a single keyword is in CSS positions (`top` is the top edge's
 * midpoint), which is what makes `center` alone centre the watermark on the point.
 */
export function readAnchor(value: readonly ParamValue[] | undefined): Anchor {
  if (value === undefined || value.length === 0) return TOP_LEFT;
  const [first, second] = value;
  if (first?.type === 'unit_scalar' && second?.type === 'unit_scalar') {
    return { x: first.value, y: second.value };
  }
  let x = 0.5;
  let y = 0.5;
  for (const member of value) {
    if (member.type !== 'string') continue;
    x = HORIZONTAL[member.value] ?? x;
    y = VERTICAL[member.value] ?? y;
  }
  return { x, y };
}

/** The top-left corner that puts `anchor` of a `layer` at `position`, on one axis. */
function anchoredStart(position: number, anchor: number, length: number): number {
  return Math.round(position - anchor * length);
}

/** `mark-x` and `mark-y` moved so that they place the anchor instead of the top-left corner. */
export function anchoredPosition(
  x: number | undefined,
  y: number | undefined,
  anchor: Anchor,
  layer: Size,
): { x: number | undefined; y: number | undefined } {
  return {
    x: x === undefined ? undefined : anchoredStart(x, anchor.x, layer.width),
    y: y === undefined ? undefined : anchoredStart(y, anchor.y, layer.height),
  };
}
