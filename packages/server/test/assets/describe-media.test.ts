import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { describeMedia } from '../../src/assets/describe-media.ts';
import { iccProfileName } from '../../src/assets/icc-profile-name.ts';
import { quantizeColors } from '../../src/assets/dominant-colors.ts';

const DEMO_IMAGES = new URL('../../demo-images/', import.meta.url);

const solid = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } });

/** A PNG, left three quarters red and right quarter blue. */
async function twoColourPng(): Promise<Buffer> {
  const blue = await solid(10, 20, '#0000ff').png().toBuffer();
  return solid(40, 20, '#ff0000')
    .composite([{ input: blue, left: 30, top: 0 }])
    .removeAlpha()
    .png()
    .toBuffer();
}

describe('describeMedia', () => {
  it('measures a two-colour PNG and finds both colours with their shares', async () => {
    const media = await describeMedia(await twoColourPng(), 'image/png', 'flag.png');
    expect(media).toMatchObject({
      contentType: 'image/png',
      mediaKind: 'IMAGE',
      width: 40,
      height: 20,
      imageMode: 'RGB',
      hasFrames: false,
      frameCount: null,
      hasColors: true,
      isRenderable: true,
      error: null,
    });
    expect(media?.colors).toEqual([
      { hex: '#ff0000', share: 0.75 },
      { hex: '#0000ff', share: 0.25 },
    ]);
  });

  it('reads the size, DPI and ICC profile name of the demo photos', async () => {
    const rocket = await readFile(new URL('rocket.jpg', DEMO_IMAGES), null);
    expect(await describeMedia(rocket, 'image/jpeg', 'rocket.jpg')).toMatchObject({
      contentType: 'image/jpeg',
      width: 640,
      height: 427,
      dpiWidth: 72,
      dpiHeight: 72,
      imageMode: 'RGB',
      colorProfileName: 'Adobe RGB (1998)',
      hasColors: true,
    });
    const astronaut = await readFile(new URL('astronaut.png', DEMO_IMAGES), null);
    expect(await describeMedia(astronaut, null, 'astronaut.png')).toMatchObject({
      contentType: 'image/png',
      width: 512,
      height: 512,
      dpiWidth: 300,
      dpiHeight: 300,
      colorProfileName: 'sRGB IEC61966-2.1',
    });
  });

  it('reads the density sharp writes into a JPEG', async () => {
    const jpeg = await solid(30, 10, '#336699').withMetadata({ density: 150 }).jpeg().toBuffer();
    expect(await describeMedia(jpeg, null, 'photo.jpg')).toMatchObject({
      width: 30,
      height: 10,
      dpiWidth: 150,
      dpiHeight: 150,
    });
  });

  it('reports the displayed size of an EXIF-rotated photo', async () => {
    const rotated = await solid(40, 10, '#888800')
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect(await describeMedia(rotated, 'image/jpeg', 'r.jpg')).toMatchObject({
      width: 10,
      height: 40,
    });
  });

  it('counts the frames of an animated GIF', async () => {
    const frames = await Promise.all(
      ['#ff0000', '#00ff00', '#0000ff'].map((colour) => solid(8, 8, colour).png().toBuffer()),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect(await describeMedia(gif, 'image/gif', 'spin.gif')).toMatchObject({
      contentType: 'image/gif',
      mediaKind: 'ANIMATION',
      hasFrames: true,
      frameCount: 3,
      width: 8,
      height: 8,
      isRenderable: true,
    });
  });

  it('names alpha, greyscale and CMYK image modes and finds no colours in grey', async () => {
    const rgba = await sharp({
      create: { width: 4, height: 4, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 1 } },
    })
      .png()
      .toBuffer();
    expect(await describeMedia(rgba, null, 'a.png')).toMatchObject({ imageMode: 'RGBA' });
    const grey = await solid(4, 4, '#777777').toColourspace('b-w').png().toBuffer();
    const greyMedia = await describeMedia(grey, null, 'g.png');
    expect(greyMedia).toMatchObject({ imageMode: 'Grayscale', hasColors: false });
    expect(greyMedia?.colors).toEqual([{ hex: '#777777', share: 1 }]);
    const cmyk = await solid(4, 4, '#ff8800').toColourspace('cmyk').jpeg().toBuffer();
    expect(await describeMedia(cmyk, null, 'c.jpg')).toMatchObject({ imageMode: 'CMYK' });
  });

  it('sniffs the type from the bytes, not from the name', async () => {
    const png = await solid(2, 2, '#123456').png().toBuffer();
    expect(await describeMedia(png, 'text/plain', 'notes.txt')).toMatchObject({
      contentType: 'image/png',
      mediaKind: 'IMAGE',
    });
    expect(await describeMedia(Buffer.from('hello, not a picture'), 'image/png', 'x.png')).toBe(
      null,
    );
  });

  it('recognises MP4, QuickTime and WebM containers as videos without decoding them', async () => {
    const ftyp = (brand: string) =>
      Buffer.concat([
        Buffer.from([0, 0, 0, 0x18]),
        Buffer.from(`ftyp${brand}\0\0\0\0isommp41`, 'latin1'),
      ]);
    expect(await describeMedia(ftyp('isom'), null, 'clip.bin')).toMatchObject({
      contentType: 'video/mp4',
      mediaKind: 'VIDEO',
      width: null,
      height: null,
      isRenderable: false,
    });
    expect(await describeMedia(ftyp('qt  '), null, 'clip')).toMatchObject({
      contentType: 'video/quicktime',
    });
    const webm = Buffer.from([
      0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d,
    ]);
    expect(await describeMedia(webm, null, 'clip')).toMatchObject({
      contentType: 'video/webm',
      mediaKind: 'VIDEO',
    });
    // An AVIF shares MP4's container but is an image.
    expect((await describeMedia(ftyp('avif'), null, 'a.avif'))?.mediaKind).toBe('IMAGE');
  });

  it('keeps a broken image as an asset that cannot be rendered, with the reason', async () => {
    const png = await solid(50, 50, '#abcdef').png().toBuffer();
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]);
    const media = await describeMedia(broken, 'image/png', 'broken.png');
    expect(media).toMatchObject({ mediaKind: 'IMAGE', isRenderable: false });
    expect(media?.error).toEqual(expect.any(String));
  });
});

describe('iccProfileName', () => {
  it('reads the description of a version 2 and a version 4 profile', async () => {
    for (const [profile, name] of [
      // libvips' compact built-in profiles carry short descriptions.
      ['srgb', /^sRGB$/],
      ['p3', /^sP3C$/],
      ['cmyk', /^Chemical proof$/],
    ] as const) {
      const jpeg = await solid(2, 2, '#000000').withIccProfile(profile).jpeg().toBuffer();
      const { icc } = await sharp(jpeg).metadata();
      expect(iccProfileName(icc ?? Buffer.alloc(0))).toMatch(name);
    }
  });

  it('gives null for bytes that are not a profile', () => {
    expect(iccProfileName(Buffer.alloc(200))).toBe(null);
  });
});

describe('quantizeColors', () => {
  it('leaves transparent pixels out and keeps shares within 1', () => {
    const pixels = Buffer.from([
      ...[255, 0, 0, 255],
      ...[255, 0, 0, 255],
      ...[0, 255, 0, 255],
      ...[0, 0, 255, 0],
    ]);
    const { colors, hasColors } = quantizeColors(pixels);
    expect(hasColors).toBe(true);
    expect(colors).toEqual([
      { hex: '#ff0000', share: 0.666 },
      { hex: '#00ff00', share: 0.333 },
    ]);
  });
});
