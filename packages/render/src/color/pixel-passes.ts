import type { Rgba } from '@darkroom/core';
import { featherShape, type FeatheredShape } from '../composite/feathered-shape.ts';
import { paintGradient, type GradientPaint } from '../composite/gradient-paint.ts';
import { blendPixelsInPlace, type NonSeparableMode } from '../overlay/blend-modes.ts';
import { applyColourPass, applyMatrix, type ColourPass } from './colour-pass.ts';
import { halftone } from './halftone.ts';
import type { Matrix3 } from './matrix.ts';
import { pixellate } from './pixellate.ts';
import type { Pixels } from './pixels.ts';
import { applyDuotone, applyMonochrome } from './tint.ts';
import { reduceNoise, unsharpMask } from './unsharp.ts';

/**
 * One of the JavaScript passes over decoded pixels, as plain data: it can cross to a worker
 * thread (structured clone) as well as run where it is.
 */
export type PixelPass =
  | { kind: 'colour'; pass: ColourPass }
  | { kind: 'unsharp'; blurred: Uint8Array; amount: number }
  | { kind: 'noise'; blurred: Uint8Array; threshold: number; sharpness: number }
  | { kind: 'pixellate'; blockSize: number }
  | { kind: 'halftone'; cellSize: number }
  | { kind: 'matrix'; matrix: Matrix3 }
  | { kind: 'monochrome'; colour: Rgba }
  | { kind: 'duotone'; dark: Rgba; light: Rgba; opacity: number }
  /** A non-separable `blend-mode` of an RGBA layer of one frame's size, over every frame. */
  | { kind: 'blend'; layer: Uint8Array; mode: NonSeparableMode }
  /** The gradient overlay and fade of the picture or of a layer (`gradient`, `fade`, ...). */
  | { kind: 'gradient'; paint: GradientPaint }
  /** `mask=ellipse` or `mask=corners` feathered by a bare `fade`, on 4-channel pixels. */
  | { kind: 'feather'; shape: FeatheredShape };

/** Runs `passes` over `pixels` in place, in order, and returns the pixel bytes. */
export function applyPixelPasses(pixels: Pixels, passes: readonly PixelPass[]): Uint8Array {
  for (const pass of passes) {
    switch (pass.kind) {
      case 'colour':
        applyColourPass(pixels, pass.pass);
        break;
      case 'unsharp':
        unsharpMask(pixels, pass.blurred, pass.amount);
        break;
      case 'noise':
        reduceNoise(pixels, pass.blurred, pass.threshold, pass.sharpness);
        break;
      case 'pixellate':
        pixellate(pixels, pass.blockSize);
        break;
      case 'halftone':
        halftone(pixels, pass.cellSize);
        break;
      case 'matrix':
        applyMatrix(pixels, pass.matrix);
        break;
      case 'monochrome':
        applyMonochrome(pixels, pass.colour);
        break;
      case 'duotone':
        applyDuotone(pixels, pass.dark, pass.light, pass.opacity);
        break;
      case 'blend':
        blendFrames(pixels, pass.layer, pass.mode);
        break;
      case 'gradient':
        paintGradient(pixels, pass.paint);
        break;
      case 'feather':
        featherShape(pixels, pass.shape);
        break;
    }
  }
  return pixels.data;
}

function blendFrames(pixels: Pixels, layer: Uint8Array, mode: NonSeparableMode): void {
  const frameBytes = (layer.length / 4) * pixels.channels;
  for (let start = 0; start + frameBytes <= pixels.data.length; start += frameBytes) {
    blendPixelsInPlace(
      pixels.data.subarray(start, start + frameBytes),
      pixels.channels,
      layer,
      mode,
    );
  }
}
