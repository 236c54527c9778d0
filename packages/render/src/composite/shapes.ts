import type { Rect, Rgba } from '@darkroom/core';
import { round, svgPaint } from './colour.ts';

/** Corner radii in pixels, in imgix's order for four values: top left, then clockwise. */
export interface CornerRadii {
  topLeft: number;
  topRight: number;
  bottomRight: number;
  bottomLeft: number;
}

export function uniformRadii(radius: number): CornerRadii {
  return { topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius };
}

export function hasRoundedCorner(radii: CornerRadii): boolean {
  return radii.topLeft > 0 || radii.topRight > 0 || radii.bottomRight > 0 || radii.bottomLeft > 0;
}

/**
 * Shrinks radii that do not fit the rectangle, all by the same factor, so neighbouring curves
 * meet instead of overlapping (CSS Backgrounds 3, "Overlapping Curves").
 */
export function fitRadii(radii: CornerRadii, width: number, height: number): CornerRadii {
  const ratio = (side: number, a: number, b: number) => (a + b > side ? side / (a + b) : 1);
  const factor = Math.min(
    ratio(width, radii.topLeft, radii.topRight),
    ratio(width, radii.bottomLeft, radii.bottomRight),
    ratio(height, radii.topLeft, radii.bottomLeft),
    ratio(height, radii.topRight, radii.bottomRight),
  );
  if (factor >= 1) return radii;
  return {
    topLeft: radii.topLeft * factor,
    topRight: radii.topRight * factor,
    bottomRight: radii.bottomRight * factor,
    bottomLeft: radii.bottomLeft * factor,
  };
}

/** An SVG path of `rect` with rounded corners (radii already fitted). */
export function roundedRectPath(rect: Rect, radii: CornerRadii): string {
  const { left: x, top: y, width, height } = rect;
  const { topLeft: tl, topRight: tr, bottomRight: br, bottomLeft: bl } = radii;
  const n = round;
  const arc = (r: number, toX: number, toY: number) =>
    r > 0 ? `A${n(r)} ${n(r)} 0 0 1 ${n(toX)} ${n(toY)}` : `L${n(toX)} ${n(toY)}`;
  return [
    `M${n(x + tl)} ${n(y)}`,
    `L${n(x + width - tr)} ${n(y)}`,
    arc(tr, x + width, y + tr),
    `L${n(x + width)} ${n(y + height - br)}`,
    arc(br, x + width - br, y + height),
    `L${n(x + bl)} ${n(y + height)}`,
    arc(bl, x, y + height - bl),
    `L${n(x)} ${n(y + tl)}`,
    arc(tl, x + tl, y),
    'Z',
  ].join(' ');
}

function svg(width: number, height: number, body: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`,
  );
}

const OPAQUE_WHITE: Rgba = { r: 255, g: 255, b: 255, alpha: 1 };

/** A `width` x `height` SVG with `rect` (default: all of it) filled, corners rounded. */
export function roundedRectSvg(
  width: number,
  height: number,
  radii: CornerRadii,
  options: { rect?: Rect; colour?: Rgba } = {},
): Buffer {
  const rect = options.rect ?? { left: 0, top: 0, width, height };
  const fitted = fitRadii(radii, rect.width, rect.height);
  const paint = svgPaint(options.colour ?? OPAQUE_WHITE);
  return svg(width, height, `<path d="${roundedRectPath(rect, fitted)}" ${paint}/>`);
}

/** A `width` x `height` SVG with the inscribed ellipse filled (a circle when square). */
export function ellipseSvg(width: number, height: number, colour: Rgba = OPAQUE_WHITE): Buffer {
  const rx = round(width / 2);
  const ry = round(height / 2);
  return svg(
    width,
    height,
    `<ellipse cx="${rx}" cy="${ry}" rx="${rx}" ry="${ry}" ${svgPaint(colour)}/>`,
  );
}

/**
 * A `width` x `height` SVG filling the ring between the whole canvas (corners `outerRadii`) and
 * `hole` (corners `holeRadii`): a border that leaves the image area itself unpainted.
 */
export function ringSvg(
  width: number,
  height: number,
  outerRadii: CornerRadii,
  hole: Rect,
  holeRadii: CornerRadii,
  colour: Rgba,
): Buffer {
  const outer = roundedRectPath(
    { left: 0, top: 0, width, height },
    fitRadii(outerRadii, width, height),
  );
  const inner = roundedRectPath(hole, fitRadii(holeRadii, hole.width, hole.height));
  return svg(
    width,
    height,
    `<path fill-rule="evenodd" d="${outer} ${inner}" ${svgPaint(colour)}/>`,
  );
}
