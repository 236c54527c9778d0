import { describe, expect, it } from 'vitest';
import { createLocalAiModels } from './index.ts';
import { rawToSharp, sharpToRaw } from './raw-image.ts';
import { psnr, readFixture } from './test-images.ts';

describe('super resolution with ESRGAN slim', { timeout: 180_000 }, () => {
  it('doubles the dimensions and restores detail better than bicubic', async () => {
    const models = createLocalAiModels();
    const chelsea = await readFixture('chelsea.png');
    // An even size, so half of it doubled is the original size again.
    const original = await sharpToRaw(
      rawToSharp(chelsea).extract({ left: 0, top: 0, width: 450, height: 300 }),
    );
    const half = await sharpToRaw(rawToSharp(original).resize(225, 150, { kernel: 'cubic' }));

    const upscaled = await models.upscale(half, 2);
    const bicubic = await sharpToRaw(rawToSharp(half).resize(450, 300, { kernel: 'cubic' }));

    expect(upscaled).toMatchObject({ width: 450, height: 300, channels: 3 });
    expect(psnr(upscaled, original)).toBeGreaterThan(psnr(bicubic, original) + 0.5);
  });
});
