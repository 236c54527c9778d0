import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { cloneSharingPixels } from './clone-image.ts';

type WithOptions = {
  options: { input: { buffer?: Buffer }; composite: { input: { buffer?: Buffer } }[] };
};

function rawSquare(side: number, value: number): Buffer {
  return Buffer.alloc(side * side * 3, value);
}

describe('cloneSharingPixels', () => {
  it('shares the input buffer instead of copying it, and both pipelines still render', async () => {
    const pixels = rawSquare(64, 200);
    const image = sharp(pixels, { raw: { width: 64, height: 64, channels: 3 } });
    const copy = cloneSharingPixels(image);

    expect((copy as unknown as WithOptions).options.input.buffer).toBe(pixels);
    expect((image as unknown as WithOptions).options.input.buffer).toBe(pixels);

    const copied = await copy.resize(16, 16).raw().toBuffer({ resolveWithObject: true });
    expect(copied.info).toMatchObject({ width: 16, height: 16 });
    expect([...copied.data.subarray(0, 3)]).toEqual([200, 200, 200]);
    // The copy's resize is its own: the original keeps its size.
    const original = await image.raw().toBuffer({ resolveWithObject: true });
    expect(original.info).toMatchObject({ width: 64, height: 64 });
  });

  it('shares the buffers of composited layers too and keeps the pipeline options apart', async () => {
    const layer = await sharp(rawSquare(8, 0), { raw: { width: 8, height: 8, channels: 3 } })
      .png()
      .toBuffer();
    const image = sharp(rawSquare(32, 255), {
      raw: { width: 32, height: 32, channels: 3 },
    }).composite([{ input: layer, left: 0, top: 0 }]);
    const copy = cloneSharingPixels(image);

    const copiedLayer = (copy as unknown as WithOptions).options.composite[0]?.input.buffer;
    expect(copiedLayer).toBe((image as unknown as WithOptions).options.composite[0]?.input.buffer);
    const { data } = await copy.raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0, 0, 0]);
    expect([...data.subarray(data.length - 3)]).toEqual([255, 255, 255]);
  });

  it('clones a pipeline with no buffer input (a file path) as sharp does', async () => {
    const image = sharp({ create: { width: 4, height: 4, channels: 3, background: '#ff0000' } });
    const { info } = await cloneSharingPixels(image).png().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 4, height: 4, format: 'png' });
  });
});
