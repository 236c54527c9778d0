import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Rect } from '@darkroom/core';
import sharp from 'sharp';
import type { RawImage } from '../types.ts';
import { sharpToRaw } from './raw-image.ts';

const fixturesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/ai');

/** A fixture of packages/render/test/ai as 3-channel RGB (the grey ones included). */
export function readFixture(name: string): Promise<RawImage> {
  return sharpToRaw(sharp(path.join(fixturesDir, name)).removeAlpha().toColourspace('srgb'));
}

/** Mean absolute difference of two same-sized images over the pixels of `box`. */
export function meanAbsoluteError(a: RawImage, b: RawImage, box: Rect): number {
  let total = 0;
  let count = 0;
  for (let y = box.top; y < box.top + box.height; y++) {
    for (let x = box.left; x < box.left + box.width; x++) {
      for (let channel = 0; channel < 3; channel++) {
        const offsetA = (y * a.width + x) * a.channels + channel;
        const offsetB = (y * b.width + x) * b.channels + channel;
        total += Math.abs((a.data[offsetA] ?? 0) - (b.data[offsetB] ?? 0));
        count++;
      }
    }
  }
  return total / count;
}

/** Peak signal-to-noise ratio in dB of `image` against `reference` (same size and channels). */
export function psnr(image: RawImage, reference: RawImage): number {
  let squares = 0;
  for (let index = 0; index < reference.data.length; index++) {
    const difference = (image.data[index] ?? 0) - (reference.data[index] ?? 0);
    squares += difference * difference;
  }
  return 10 * Math.log10((255 * 255) / (squares / reference.data.length));
}
