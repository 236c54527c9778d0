import type { Pixels } from '../color/pixels.ts';
import type { CornerRadii } from './shapes.ts';

/**
 * A mask shape over the whole frame whose edge fades to transparent over `width` pixels inward:
 * `mask=ellipse` or `mask=corners` with a bare `fade`, which "feathers the mask's edge instead"
 * (docs.imgix.com/apis/rendering/gradient-overlay/fade). Plain data, for a worker thread.
 */
export type FeatheredShape =
  { kind: 'ellipse'; width: number } | { kind: 'corners'; radii: CornerRadii; width: number };

/** Distance from (x, y) inward to the edge of the rounded rectangle `w` x `h`; negative outside. */
function roundedRectDepth(x: number, y: number, w: number, h: number, radii: CornerRadii): number {
  const straight = Math.min(x, w - x, y, h - y);
  const corner = (r: number, cx: number, cy: number) => r - Math.hypot(x - cx, y - cy);
  const { topLeft, topRight, bottomRight, bottomLeft } = radii;
  if (x < topLeft && y < topLeft) return corner(topLeft, topLeft, topLeft);
  if (x > w - topRight && y < topRight) return corner(topRight, w - topRight, topRight);
  if (x > w - bottomRight && y > h - bottomRight) {
    return corner(bottomRight, w - bottomRight, h - bottomRight);
  }
  if (x < bottomLeft && y > h - bottomLeft) return corner(bottomLeft, bottomLeft, h - bottomLeft);
  return straight;
}

/**
 * Distance from (x, y) inward to the edge of the ellipse filling `w` x `h`, to first order
 * (the implicit function over its gradient's length): exact on the axes, close elsewhere.
 */
function ellipseDepth(x: number, y: number, w: number, h: number): number {
  const a = w / 2;
  const b = h / 2;
  const dx = x - a;
  const dy = y - b;
  const radius = Math.hypot(dx / a, dy / b);
  if (radius === 0) return Math.min(a, b);
  const slope = Math.hypot(dx / (a * a), dy / (b * b)) / radius;
  return (1 - radius) / slope;
}

/** Scales the alpha of every frame of 4-channel `pixels` by how far inside `shape` each pixel is. */
export function featherShape(pixels: Pixels, shape: FeatheredShape): void {
  const { width, data } = pixels;
  const frameHeight =
    pixels.frameHeight > 0 && pixels.height % pixels.frameHeight === 0
      ? pixels.frameHeight
      : pixels.height;
  const feather = Math.max(1, shape.width);
  for (let frameTop = 0; frameTop < pixels.height; frameTop += frameHeight) {
    for (let y = 0; y < frameHeight; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const depth =
          shape.kind === 'ellipse'
            ? ellipseDepth(x + 0.5, y + 0.5, width, frameHeight)
            : roundedRectDepth(x + 0.5, y + 0.5, width, frameHeight, shape.radii);
        const keep = depth <= 0 ? 0 : depth >= feather ? 1 : depth / feather;
        if (keep >= 1) continue;
        const at = ((frameTop + y) * width + x) * 4 + 3;
        data[at] = Math.round((data[at] ?? 0) * keep);
      }
    }
  }
}
