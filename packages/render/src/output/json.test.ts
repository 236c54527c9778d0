import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { numberedAnimation } from '../testing/animated-images.ts';
import { quadrants, squareOnTransparent } from '../testing/images.ts';
import { renderQuery } from '../testing/render-query.ts';

async function json(input: Uint8Array, query = 'fm=json') {
  const result = await renderQuery(input, query);
  expect(result.contentType).toBe('application/json');
  expect(result.format).toBe('json');
  return JSON.parse(result.body.toString('utf8')) as Record<string, unknown>;
}

/** A camera-like JPEG: EXIF orientation 6, 300 dpi, an sRGB profile, camera tags. */
async function cameraJpeg(): Promise<Buffer> {
  return sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 90, g: 120, b: 200 } },
  })
    .withMetadata({ density: 300, orientation: 6 })
    .withExifMerge({
      IFD0: { Make: 'Darkroom', Model: 'Test Rig', Software: 'vitest' },
      IFD2: {
        DateTimeOriginal: '2024:05:06 07:08:09',
        ExposureTime: '1/250',
        FNumber: '28/10',
        ISOSpeedRatings: '200',
      },
    })
    .jpeg({ progressive: true })
    .toBuffer();
}

describe('fm=json', () => {
  it("describes a JPEG with imgix's keys and its TIFF, Exif and JFIF groups", async () => {
    const input = await cameraJpeg();
    const description = await json(input);
    expect(description).toMatchObject({
      PixelWidth: 40,
      PixelHeight: 30,
      DPIWidth: 300,
      DPIHeight: 300,
      Depth: 8,
      ColorModel: 'RGB',
      Orientation: 6,
      'Content-Type': 'image/jpeg',
      'Content-Length': String(input.length),
      TIFF: { Make: 'Darkroom', Model: 'Test Rig', Software: 'vitest', Orientation: 6 },
      Exif: {
        DateTimeOriginal: '2024:05:06 07:08:09',
        ExposureTime: 0.004,
        FNumber: 2.8,
        ISOSpeedRatings: 200,
        ComponentsConfiguration: '1 2 3 0',
        PixelXDimension: 40,
      },
      JFIF: { IsProgressive: true },
    });
    expect(description['ProfileName']).toMatch(/sRGB/);
    expect(description['Exif']).toHaveProperty('ExifVersion', expect.stringMatching(/^02\d\d$/));
    // Offsets to other directories mean nothing to a reader of the JSON.
    expect(description['TIFF']).not.toHaveProperty('ExifTag');
  });

  it('reports GPS tags as the GPS group, positions in decimal degrees', async () => {
    const located = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#888' },
    })
      .withExif({
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 2646/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 3972/100',
          GPSAltitude: '35/1',
          GPSTimeStamp: '14/1 5/1 3/1',
        },
      })
      .jpeg()
      .toBuffer();
    const gps = (await json(located))['GPS'] as Record<string, unknown>;
    expect(gps).toMatchObject({
      LatitudeRef: 'N',
      Latitude: 51.50735,
      LongitudeRef: 'W',
      Longitude: 0.1277,
      Altitude: 35,
      TimeStamp: '14:05:03.00',
    });
    expect(await json(await quadrants(8, 8, 'jpeg'))).not.toHaveProperty('GPS');
  });

  it('describes the origin whatever else the URL asks for', async () => {
    const input = await cameraJpeg();
    const description = await json(input, 'fm=json&w=10&rot=90&blur=20');
    expect([description['PixelWidth'], description['PixelHeight']]).toEqual([40, 30]);
  });

  it('reads the JFIF density header of a JPEG that has one', async () => {
    const withJfif = (await renderQuery(await quadrants(), 'fm=jpg&dpi=150')).body;
    const description = await json(withJfif);
    expect(description['JFIF']).toEqual({
      JFIFVersion: [1, 1],
      DensityUnit: 1,
      XDensity: 150,
      YDensity: 150,
      IsProgressive: true,
    });
    expect(description['DPIWidth']).toBe(150);
  });

  it('leaves out the groups a PNG does not have, and reports its alpha', async () => {
    const description = await json(await squareOnTransparent(40, 20));
    expect(description).toMatchObject({
      PixelWidth: 40,
      PixelHeight: 40,
      'Content-Type': 'image/png',
      HasAlpha: true,
    });
    expect(description).not.toHaveProperty('Exif');
    expect(description).not.toHaveProperty('TIFF');
    expect(description).not.toHaveProperty('JFIF');
    expect(description).not.toHaveProperty('ProfileName');
  });

  it('gives an animation one frame’s size and its frame count', async () => {
    const description = await json(await numberedAnimation(4, 20, 10));
    expect(description).toMatchObject({
      PixelWidth: 20,
      PixelHeight: 10,
      'Content-Type': 'image/gif',
      Output: { Frames: 4 },
    });
  });

  it('reports a greyscale origin as Gray', async () => {
    const grey = await sharp(await quadrants())
      .toColourspace('b-w')
      .png()
      .toBuffer();
    expect((await json(grey))['ColorModel']).toBe('Gray');
  });
});
