import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UnsupportedImageError, probeImage } from './probe.ts';

function solidImage(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#f97316' } });
}

describe('probeImage', () => {
  it('reports the media type, pixel size and byte length of a PNG', async () => {
    const bytes = await solidImage(40, 30).png().toBuffer();
    expect(await probeImage(bytes)).toEqual({
      'Content-Type': 'image/png',
      PixelWidth: 40,
      PixelHeight: 30,
      'Content-Length': bytes.byteLength,
    });
  });

  it('reports a JPEG with a 90-degree EXIF orientation at its displayed size', async () => {
    const bytes = await solidImage(40, 30).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const info = await probeImage(bytes);
    expect(info['Content-Type']).toBe('image/jpeg');
    expect([info.PixelWidth, info.PixelHeight]).toEqual([30, 40]);
  });

  it('refuses bytes that are not an image', async () => {
    await expect(
      probeImage(new TextEncoder().encode('<html>not an image</html>')),
    ).rejects.toBeInstanceOf(UnsupportedImageError);
  });
});
