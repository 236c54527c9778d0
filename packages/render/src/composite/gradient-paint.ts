import type { Rect } from '@darkroom/core';
import type { Pixels } from '../color/pixels.ts';
import { blendNonSeparable, type BlendMode, type Rgb } from '../overlay/blend-modes.ts';
import type { Sides } from './sides.ts';
import { gradientPosition, type GradientShape } from './gradient-shape.ts';
import { RAMP_SIZE } from './gradient-ramp.ts';

/** The colours a gradient paints, and how (`gradient-mode`, `-alpha`, `-mask`). */
export interface Shading {
  /** Straight RGBA, 0-1, along the gradient line (gradient-ramp.ts). */
  ramp: Float32Array;
  shape: GradientShape;
  mode: BlendMode;
  /** `gradient-alpha` as 0-1: the opacity of the whole overlay. */
  opacity: number;
  /** `gradient-mask`: the ramp's alpha fades the pixels out instead of painting its colours. */
  mask: boolean;
}

/**
 * One gradient-and-fade pass as plain data, so it can cross to a worker thread: what is painted
 * and faded where. Coordinates are a frame's (every frame of an animation is painted alike).
 */
export interface GradientPaint {
  /** The gradient's own box: its geometry and its fades measure from this rectangle. */
  box: Rect;
  /** The pixels painted: the box, less what the frame or a border hides of it. */
  region: Rect;
  shading: Shading | null;
  /** Fade widths in pixels from each edge of the box, already shrunk to fit it; 0 for none. */
  fade: Sides;
}

/** True when the pass makes pixels transparent, so the pixels need an alpha channel. */
export function paintNeedsAlpha(paint: GradientPaint): boolean {
  const { top, right, bottom, left } = paint.fade;
  return paint.shading?.mask === true || top > 0 || right > 0 || bottom > 0 || left > 0;
}

type Separable = (backdrop: number, source: number) => number;

function softLight(b: number, s: number): number {
  if (s <= 0.5) return b - (1 - 2 * s) * b * (1 - b);
  const d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : Math.sqrt(b);
  return b + (2 * s - 1) * (d - b);
}

function hardLight(b: number, s: number): number {
  return s <= 0.5 ? b * 2 * s : b + (2 * s - 1) - b * (2 * s - 1);
}

/** W3C Compositing and Blending Level 1, section 10.1: B(Cb, Cs) for each separable mode. */
const SEPARABLE: Readonly<Record<string, Separable>> = {
  normal: (_b, s) => s,
  multiply: (b, s) => b * s,
  screen: (b, s) => b + s - b * s,
  overlay: (b, s) => hardLight(s, b),
  darken: Math.min,
  lighten: Math.max,
  dodge: (b, s) => (b === 0 ? 0 : s >= 1 ? 1 : Math.min(1, b / (1 - s))),
  burn: (b, s) => (b >= 1 ? 1 : s <= 0 ? 0 : 1 - Math.min(1, (1 - b) / s)),
  hardlight: hardLight,
  softlight: softLight,
  difference: (b, s) => Math.abs(b - s),
  exclusion: (b, s) => b + s - 2 * b * s,
};

/** B(Cb, Cs) over a whole colour, for any of imgix's modes. */
function blendFunction(mode: BlendMode): (backdrop: Rgb, source: Rgb) => Rgb {
  const separable = SEPARABLE[mode];
  if (separable) {
    return (b, s) => [separable(b[0], s[0]), separable(b[1], s[1]), separable(b[2], s[2])];
  }
  const nonSeparable = mode as 'hue' | 'saturation' | 'color' | 'luminosity';
  return (b, s) => blendNonSeparable(nonSeparable, b, s);
}

/** How much of a pixel `fade` keeps, by its distance from each edge of the box. */
function fadeFactor(fade: Sides, box: Rect, x: number, y: number): number {
  let keep = 1;
  if (fade.left > 0) keep *= Math.min(1, (x - box.left) / fade.left);
  if (fade.right > 0) keep *= Math.min(1, (box.left + box.width - x) / fade.right);
  if (fade.top > 0) keep *= Math.min(1, (y - box.top) / fade.top);
  if (fade.bottom > 0) keep *= Math.min(1, (box.top + box.height - y) / fade.bottom);
  return keep > 0 ? keep : 0;
}

/**
 * Paints `paint` over every frame of `pixels`, in place. The gradient is composited "source
 * atop" the pixels with its blend mode (W3C Compositing section 5.3 with Porter-Duff atop): the
 * pixels keep their alpha, so a transparent pixel stays transparent rather than taking the
 * gradient's colour (gradient page: "Transparency Is Preserved"). A mask and the fade scale the
 * alpha instead, which needs 4 channels.
 */
export function paintGradient(pixels: Pixels, paint: GradientPaint): void {
  const { width, channels, data } = pixels;
  const frameHeight =
    pixels.frameHeight > 0 && pixels.height % pixels.frameHeight === 0
      ? pixels.frameHeight
      : pixels.height;
  const { box, shading, fade } = paint;
  const left = Math.max(0, paint.region.left);
  const top = Math.max(0, paint.region.top);
  const right = Math.min(width, paint.region.left + paint.region.width);
  const bottom = Math.min(frameHeight, paint.region.top + paint.region.height);
  if (right <= left || bottom <= top) return;
  const hasAlpha = channels === 4;
  const fading = fade.top > 0 || fade.right > 0 || fade.bottom > 0 || fade.left > 0;
  const blend = shading && !shading.mask ? blendFunction(shading.mode) : null;
  const normal = shading?.mode === 'normal';
  const last = RAMP_SIZE - 1;
  const backdrop: [number, number, number] = [0, 0, 0];
  const source: [number, number, number] = [0, 0, 0];
  for (let frameTop = 0; frameTop < pixels.height; frameTop += frameHeight) {
    for (let y = top; y < bottom; y += 1) {
      const centreY = y + 0.5;
      let at = ((frameTop + y) * width + left) * channels;
      for (let x = left; x < right; x += 1, at += channels) {
        const centreX = x + 0.5;
        let keep = fading ? fadeFactor(fade, box, centreX, centreY) : 1;
        if (shading) {
          const t = gradientPosition(shading.shape, centreX - box.left, centreY - box.top);
          const entry = Math.round((t <= 0 ? 0 : t >= 1 ? 1 : t) * last) * 4;
          const rampAlpha = shading.ramp[entry + 3] ?? 0;
          if (shading.mask) {
            keep *= rampAlpha;
          } else if (blend) {
            const sourceAlpha = rampAlpha * shading.opacity;
            const backdropAlpha = hasAlpha ? (data[at + 3] ?? 0) / 255 : 1;
            if (sourceAlpha > 0 && backdropAlpha > 0) {
              for (let c = 0; c < 3; c += 1) {
                backdrop[c] = (data[at + c] ?? 0) / 255;
                source[c] = shading.ramp[entry + c] ?? 0;
              }
              const blended = normal ? source : blend(backdrop, source);
              for (let c = 0; c < 3; c += 1) {
                // W3C 5.3: Cs' = (1 - αb)·Cs + αb·B(Cb, Cs); atop keeps αb, so the colour is
                // Cs' over Cb by αs.
                const mixed =
                  (1 - backdropAlpha) * (source[c] ?? 0) + backdropAlpha * (blended[c] ?? 0);
                const colour = sourceAlpha * mixed + (1 - sourceAlpha) * (backdrop[c] ?? 0);
                data[at + c] = Math.round((colour <= 0 ? 0 : colour >= 1 ? 1 : colour) * 255);
              }
            }
          }
        }
        if (keep < 1 && hasAlpha) data[at + 3] = Math.round((data[at + 3] ?? 0) * keep);
      }
    }
  }
}
