import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ANALYSIS_MAX_EDGE, decodeForAnalysis } from '../../src/assets/analysis/decode.ts';

const pixelAt = (image: Awaited<ReturnType<typeof decodeForAnalysis>>, x: number, y: number) => {
  const offset = (y * image.width + x) * image.channels;
  return [...image.data.subarray(offset, offset + 3)];
};

describe('decodeForAnalysis', () => {
  it('shrinks a large image to the analysis size, keeping its shape', async () => {
    const large = await sharp({
      create: { width: 3000, height: 1500, channels: 3, background: '#336699' },
    })
      .jpeg()
      .toBuffer();

    const image = await decodeForAnalysis(large);

    expect(image).toMatchObject({ width: ANALYSIS_MAX_EDGE, height: 512, channels: 3 });
    expect(image.data).toHaveLength(ANALYSIS_MAX_EDGE * 512 * 3);
  });

  it('turns the image upright by its EXIF orientation and never enlarges it', async () => {
    // Orientation 6: the stored 40x20 pixels are shown rotated a quarter turn, 20x40.
    const sideways = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#ff0000' },
    })
      .withMetadata({ orientation: 6 })
      .png()
      .toBuffer();

    expect(await decodeForAnalysis(sideways)).toMatchObject({ width: 20, height: 40 });
  });

  it('lays transparent pixels on white and makes grey images RGB', async () => {
    const clear = await sharp({
      create: { width: 4, height: 4, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const grey = await sharp({
      create: { width: 4, height: 4, channels: 3, background: '#808080' },
    })
      .toColourspace('b-w')
      .png()
      .toBuffer();

    const flattened = await decodeForAnalysis(clear);
    expect(flattened.channels).toBe(3);
    expect(pixelAt(flattened, 1, 1)).toEqual([255, 255, 255]);
    const rgb = await decodeForAnalysis(grey);
    expect(rgb.channels).toBe(3);
    expect(rgb.data).toHaveLength(4 * 4 * 3);
  });

  it('takes the first frame of an animation', async () => {
    const frames = await Promise.all(
      ['#ff0000', '#0000ff'].map((background) =>
        sharp({ create: { width: 6, height: 6, channels: 3, background } })
          .raw()
          .toBuffer(),
      ),
    );
    const animation = await sharp(Buffer.concat(frames), {
      raw: { width: 6, height: 12, channels: 3, pageHeight: 6 },
    })
      .gif()
      .toBuffer();

    const image = await decodeForAnalysis(animation);

    expect(image).toMatchObject({ width: 6, height: 6 });
    const [red = 0, , blue = 0] = pixelAt(image, 3, 3);
    expect(red).toBeGreaterThan(200);
    expect(blue).toBeLessThan(60);
  });

  it('throws on bytes that are no image', async () => {
    await expect(decodeForAnalysis(Buffer.from('not an image'))).rejects.toThrow();
  });
});
