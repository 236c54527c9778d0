import type { Rect } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import type { RawImage } from '../types.ts';
import { createLocalAiModels } from './index.ts';
import { meanAbsoluteError } from './test-images.ts';

/** A 320x240 background: a colour gradient with a soft ripple, as a wall or sky might have. */
function gradientBackground(): RawImage {
  const width = 320;
  const height = 240;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const ripple = 12 * Math.sin(x / 9) * Math.cos(y / 13);
      data.set(
        [90 + (120 * x) / width + ripple, 140 + ripple, 200 - (100 * y) / height],
        (y * width + x) * 3,
      );
    }
  }
  return { data, width, height, channels: 3 };
}

/** A dark disc painted over `image`, filling most of `box`. */
function paintDisc(image: RawImage, box: Rect): RawImage {
  const painted = { ...image, data: Uint8Array.from(image.data) };
  const centreX = box.left + box.width / 2;
  const centreY = box.top + box.height / 2;
  const radius = Math.min(box.width, box.height) / 2 - 2;
  for (let y = box.top; y < box.top + box.height; y++) {
    for (let x = box.left; x < box.left + box.width; x++) {
      if (Math.hypot(x + 0.5 - centreX, y + 0.5 - centreY) > radius) continue;
      painted.data.set([25, 20, 30], (y * image.width + x) * image.channels);
    }
  }
  return painted;
}

function outsideUnchanged(a: RawImage, b: RawImage, boxes: readonly Rect[]): boolean {
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const inBox = boxes.some(
        (box) =>
          x >= box.left && x < box.left + box.width && y >= box.top && y < box.top + box.height,
      );
      if (inBox) continue;
      for (let channel = 0; channel < a.channels; channel++) {
        const offset = (y * a.width + x) * a.channels + channel;
        if (a.data[offset] !== b.data[offset]) return false;
      }
    }
  }
  return true;
}

describe('object removal with OpenCV inpainting', { timeout: 180_000 }, () => {
  it('fills the boxes from the background around them and leaves the rest untouched', async () => {
    const models = createLocalAiModels();
    const clean = gradientBackground();
    const boxes: Rect[] = [
      { left: 60, top: 50, width: 120, height: 90 },
      { left: 230, top: 180, width: 30, height: 30 },
    ];
    const painted = boxes.reduce(paintDisc, clean);

    const filled = await models.inpaint(painted, boxes);

    expect(filled).toMatchObject({ width: clean.width, height: clean.height, channels: 3 });
    for (const box of boxes) {
      const before = meanAbsoluteError(painted, clean, box);
      const after = meanAbsoluteError(filled, clean, box);
      expect(after).toBeLessThan(before / 4);
    }
    expect(outsideUnchanged(filled, painted, boxes)).toBe(true);
  });

  it('clamps boxes that reach past the edges of the image', async () => {
    const models = createLocalAiModels();
    const clean = gradientBackground();
    const inside: Rect = { left: 280, top: 0, width: 40, height: 50 };
    const painted = paintDisc(clean, inside);

    const filled = await models.inpaint(painted, [{ left: 280, top: -20, width: 80, height: 70 }]);

    expect(meanAbsoluteError(filled, clean, inside)).toBeLessThan(
      meanAbsoluteError(painted, clean, inside) / 4,
    );
    expect(outsideUnchanged(filled, painted, [inside])).toBe(true);
  });
});
