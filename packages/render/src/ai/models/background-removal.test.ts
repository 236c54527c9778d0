import { describe, expect, it } from 'vitest';
import type { RawImage } from '../types.ts';
import { createLocalAiModels } from './index.ts';

const width = 320;
const height = 240;
const disc = { x: 160, y: 120, radius: 70 };

/** A saturated red disc on a soft blue-grey gradient with a faint texture. */
function discOnGradient(): RawImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      if (Math.hypot(x - disc.x, y - disc.y) <= disc.radius) {
        data.set([220, 30, 40], offset);
      } else {
        const texture = ((x * 7 + y * 13) % 11) - 5;
        const shade = 150 + Math.round((60 * y) / height) + texture;
        data.set([shade - 20, shade, shade + 20], offset);
      }
    }
  }
  return { data, width, height, channels: 3 };
}

/** Share of the pixels at distance `test(distance)` from the disc centre whose alpha passes. */
function alphaShare(
  image: RawImage,
  where: (distance: number) => boolean,
  alphaTest: (alpha: number) => boolean,
): number {
  let inside = 0;
  let passing = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (!where(Math.hypot(x - disc.x, y - disc.y))) continue;
      inside++;
      if (alphaTest(image.data[(y * image.width + x) * 4 + 3] ?? 0)) passing++;
    }
  }
  return passing / inside;
}

describe('background removal with ISNet', { timeout: 180_000 }, () => {
  it('keeps the subject opaque and clears the background', async () => {
    const models = createLocalAiModels();
    const image = discOnGradient();

    const result = await models.removeBackground(image, {
      foreground: 'auto',
      semiTransparency: false,
    });

    expect(result).toMatchObject({ width, height, channels: 4 });
    const subject = alphaShare(
      result,
      (d) => d < disc.radius * 0.85,
      (alpha) => alpha === 255,
    );
    const background = alphaShare(
      result,
      (d) => d > disc.radius * 1.3,
      (alpha) => alpha === 0,
    );
    expect(subject).toBeGreaterThan(0.95);
    expect(background).toBeGreaterThan(0.9);
    // The colours are the input's, untouched.
    expect(Array.from(result.data.subarray(0, 3))).toEqual(Array.from(image.data.subarray(0, 3)));
  });
});
