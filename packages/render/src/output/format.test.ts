import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RenderError } from '../pipeline/context.ts';
import { expectMatchesGolden } from '../testing/golden.ts';
import {
  colourField,
  pixelAt,
  quadrants,
  QUADRANT_COLOURS,
  squareOnTransparent,
} from '../testing/images.ts';
import { renderQuery } from '../testing/render-query.ts';
import { JP2_WRITABLE } from './format.ts';
import { profileDescription } from './icc.ts';

const MODERN = 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8';
const WEBP_ONLY = 'image/webp,*/*';
const LEGACY = 'image/png,image/*;q=0.8,*/*;q=0.5';

async function uniqueColours(image: Uint8Array): Promise<number> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const seen = new Set<string>();
  for (let offset = 0; offset < data.length; offset += info.channels) {
    seen.add(data.subarray(offset, offset + info.channels).join(','));
  }
  return seen.size;
}

/** A PNG with an alpha channel in which every pixel is fully opaque. */
async function opaqueWithAlpha(): Promise<Buffer> {
  return sharp(await quadrants())
    .ensureAlpha(1)
    .png()
    .toBuffer();
}

describe('fm', () => {
  it.each([
    ['jpg', 'image/jpeg', 'jpeg'],
    ['pjpg', 'image/jpeg', 'jpeg'],
    ['png', 'image/png', 'png'],
    ['png8', 'image/png', 'png'],
    ['png32', 'image/png', 'png'],
    ['webp', 'image/webp', 'webp'],
    ['gif', 'image/gif', 'gif'],
    ['avif', 'image/avif', 'heif'],
  ])('fm=%s answers %s that decodes as %s', async (fm, contentType, decoded) => {
    const result = await renderQuery(await quadrants(), `fm=${fm}`);
    expect(result.contentType).toBe(contentType);
    expect(result.format).toBe(fm);
    expect(result.variesOnAccept).toBe(false);
    const metadata = await sharp(result.body).metadata();
    expect(metadata.format).toBe(decoded);
    expect([metadata.width, metadata.height, result.width, result.height]).toEqual([
      64, 48, 64, 48,
    ]);
    const topLeft = await pixelAt(result.body, 4, 4);
    expect(topLeft.r).toBeGreaterThan(180);
    expect(topLeft.g).toBeLessThan(90);
  });

  it('fm=pjpg is progressive and fm=jpg is too unless jpg-progressive=false', async () => {
    const input = await quadrants();
    const progressive = async (query: string) =>
      (await sharp((await renderQuery(input, query)).body).metadata()).isProgressive;
    expect(await progressive('fm=pjpg')).toBe(true);
    expect(await progressive('fm=jpg')).toBe(true);
    expect(await progressive('fm=jpg&jpg-progressive=false')).toBe(false);
  });

  it('fm=png32 always carries an alpha channel, fm=png8 a palette', async () => {
    const input = await quadrants();
    const png32 = await sharp((await renderQuery(input, 'fm=png32')).body).metadata();
    expect(png32.channels).toBe(4);
    const png8 = await sharp((await renderQuery(input, 'fm=png8')).body).metadata();
    expect(png8.isPalette).toBe(true);
  });

  it('fm=png8 and fm=gif hold at most colorquant colours', async () => {
    const input = await colourField();
    expect(await uniqueColours(input)).toBeGreaterThan(200);
    const png8 = await renderQuery(input, 'fm=png8&colorquant=6');
    expect(await uniqueColours(png8.body)).toBeLessThanOrEqual(6);
    const gif = await renderQuery(input, 'fm=gif&colorquant=4');
    expect(await uniqueColours(gif.body)).toBeLessThanOrEqual(4);
    await expectMatchesGolden('format/png8-colorquant-6', png8.body);
  });

  it('keeps the origin format when fm is absent, and turns TIFF into JPEG or PNG', async () => {
    const source = sharp(await quadrants());
    const cases: [Buffer, string][] = [
      [await source.clone().jpeg().toBuffer(), 'jpg'],
      [await source.clone().png().toBuffer(), 'png'],
      [await source.clone().webp().toBuffer(), 'webp'],
      [await source.clone().gif().toBuffer(), 'gif'],
      [await source.clone().avif().toBuffer(), 'avif'],
      [await source.clone().tiff().toBuffer(), 'jpg'],
      [
        await sharp(await squareOnTransparent())
          .tiff({ compression: 'lzw' })
          .toBuffer(),
        'png',
      ],
    ];
    for (const [input, format] of cases) {
      expect((await renderQuery(input, '')).format).toBe(format);
    }
  });

  it('falls back to the default output for formats libvips cannot write here', async () => {
    const jpeg = await quadrants(64, 48, 'jpeg');
    expect((await renderQuery(jpeg, 'fm=jxr')).format).toBe('jpg');
    expect((await renderQuery(jpeg, 'fm=jp2')).format).toBe(JP2_WRITABLE ? 'jp2' : 'jpg');
  });

  it('refuses video output with a 400 naming the format', async () => {
    // fm=mp4 of a still is image to video (video/motion-video.ts); webm is not made here yet.
    const error = await renderQuery(await quadrants(), 'fm=webm').catch(
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(RenderError);
    expect((error as RenderError).status).toBe(400);
    expect((error as RenderError).message).toContain('webm');
  });
});

describe('auto=format', () => {
  it('serves AVIF when the Accept header lists it, and says the answer varies on Accept', async () => {
    const result = await renderQuery(await quadrants(), 'auto=format', { accept: MODERN });
    expect(result.format).toBe('avif');
    expect(result.contentType).toBe('image/avif');
    expect(result.variesOnAccept).toBe(true);
  });

  it('serves WebP when only WebP is accepted, or AVIF is refused with q=0', async () => {
    const input = await quadrants();
    expect((await renderQuery(input, 'auto=format', { accept: WEBP_ONLY })).format).toBe('webp');
    const refused = 'image/avif;q=0,image/webp;q=0.9';
    expect((await renderQuery(input, 'auto=format', { accept: refused })).format).toBe('webp');
  });

  it('falls back to fm, else the origin format, when neither is accepted', async () => {
    const input = await quadrants(64, 48, 'jpeg');
    const plain = await renderQuery(input, 'auto=format', { accept: LEGACY });
    expect(plain.format).toBe('jpg');
    expect(plain.variesOnAccept).toBe(true);
    const withFm = await renderQuery(input, 'auto=format&fm=png', { accept: null });
    expect(withFm.format).toBe('png');
    const transparent = await renderQuery(await squareOnTransparent(), 'auto=format', {
      accept: LEGACY,
    });
    expect(transparent.format).toBe('png');
  });

  it('with auto=compress falls back to PNG8 for transparent images and JPEG for the rest', async () => {
    const transparent = await renderQuery(await squareOnTransparent(), 'auto=format,compress', {
      accept: LEGACY,
    });
    expect(transparent.format).toBe('png8');
    const opaque = await renderQuery(await opaqueWithAlpha(), 'auto=format,compress', {
      accept: LEGACY,
    });
    expect(opaque.format).toBe('jpg');
  });

  it('ignores wildcards: image/* says nothing about WebP support', async () => {
    const result = await renderQuery(await quadrants(), 'auto=format', { accept: 'image/*,*/*' });
    expect(result.format).toBe('png');
  });
});

describe('auto=compress', () => {
  it('encodes JPEG at q=45 unless q says otherwise', async () => {
    const input = await quadrants(64, 48, 'jpeg');
    const compressed = await renderQuery(input, 'auto=compress');
    expect(compressed.body.equals((await renderQuery(input, 'fm=jpg&q=45')).body)).toBe(true);
    const withQ = await renderQuery(input, 'auto=compress&q=80');
    expect(withQ.body.equals((await renderQuery(input, 'fm=jpg&q=80')).body)).toBe(true);
  });

  it('picks PNG for images that show transparency and JPEG for the rest, over fm', async () => {
    const transparent = await renderQuery(await squareOnTransparent(), 'auto=compress&fm=webp');
    expect(transparent.format).toBe('png');
    // An alpha channel that hides nothing is not transparency.
    const opaque = await renderQuery(await opaqueWithAlpha(), 'auto=compress');
    expect(opaque.format).toBe('jpg');
    const overridden = await renderQuery(await quadrants(), 'auto=compress&fm=png');
    expect(overridden.format).toBe('jpg');
  });
});

describe('quality and encoder settings', () => {
  it('q trades bytes for fidelity', async () => {
    const input = await colourField(96, 64);
    const sizes = [];
    for (const q of [10, 50, 90]) {
      sizes.push((await renderQuery(input, `fm=jpg&q=${q}`)).body.length);
    }
    expect(sizes[0]).toBeLessThan(sizes[1] ?? 0);
    expect(sizes[1]).toBeLessThan(sizes[2] ?? 0);
    const webpLow = (await renderQuery(input, 'fm=webp&q=10')).body.length;
    const webpHigh = (await renderQuery(input, 'fm=webp&q=95')).body.length;
    expect(webpLow).toBeLessThan(webpHigh);
  });

  it('lossless=1 WebP keeps every pixel', async () => {
    const input = await colourField();
    const result = await renderQuery(input, 'fm=webp&lossless=1');
    const [decoded, original] = await Promise.all(
      [result.body, input].map((image) => sharp(image).raw().toBuffer()),
    );
    expect(decoded?.equals(original ?? Buffer.alloc(0))).toBe(true);
  });

  it('chromasub sets JPEG chroma subsampling; 422 keeps full chroma', async () => {
    const input = await quadrants();
    const subsampling = async (value: number) =>
      (await sharp((await renderQuery(input, `fm=jpg&chromasub=${value}`)).body).metadata())
        .chromaSubsampling;
    expect(await subsampling(420)).toBe('4:2:0');
    expect(await subsampling(444)).toBe('4:4:4');
    expect(await subsampling(422)).toBe('4:4:4');
    const byDefault = await sharp((await renderQuery(input, 'fm=jpg')).body).metadata();
    expect(byDefault.chromaSubsampling).toBe('4:2:0');
  });

  it('dpi is written into JPEG and PNG headers without carrying other metadata', async () => {
    const input = await sharp(await quadrants())
      .withExif({ IFD0: { Artist: 'Someone private' } })
      .png()
      .toBuffer();
    for (const fm of ['jpg', 'png']) {
      const result = await renderQuery(input, `fm=${fm}&dpi=300`);
      const metadata = await sharp(result.body).metadata();
      expect(metadata.density).toBe(300);
      expect(metadata.exif).toBeUndefined();
      expect([metadata.width, metadata.height]).toEqual([64, 48]);
    }
  });
});

describe('cs', () => {
  it('attaches no profile by default and none with cs=strip', async () => {
    const input = await quadrants(64, 48, 'jpeg');
    for (const query of ['fm=jpg', 'fm=jpg&cs=strip']) {
      const metadata = await sharp((await renderQuery(input, query)).body).metadata();
      expect(metadata.icc).toBeUndefined();
    }
  });

  it('cs=srgb and cs=tinysrgb attach sRGB profiles, the tiny one under 600 bytes', async () => {
    const input = await quadrants(64, 48, 'jpeg');
    const srgb = await sharp((await renderQuery(input, 'fm=jpg&cs=srgb')).body).metadata();
    expect(profileDescription(srgb.icc ?? new Uint8Array())).toMatch(/sRGB/);
    const tiny = await sharp((await renderQuery(input, 'fm=jpg&cs=tinysrgb')).body).metadata();
    expect(profileDescription(tiny.icc ?? new Uint8Array())).toBe('TinysRGB');
    expect(tiny.icc?.length).toBeLessThan(600);
    const red = await pixelAt((await renderQuery(input, 'fm=png&cs=tinysrgb')).body, 4, 4);
    expect(red.r).toBeGreaterThan(QUADRANT_COLOURS.topLeft.r - 12);
  });

  it('cs=adobergb1998 converts the pixels to Adobe RGB and says so', async () => {
    const input = await quadrants();
    const result = await renderQuery(input, 'fm=png&cs=adobergb1998');
    const metadata = await sharp(result.body).metadata();
    expect(profileDescription(metadata.icc ?? new Uint8Array())).toBe('Adobe RGB (1998)');
    const stored = await sharp(result.body, { ignoreIcc: true }).raw().toBuffer();
    // Adobe RGB's red primary is more saturated than sRGB's, so sRGB's red (220, 40, 40)
    // needs a smaller red coordinate there.
    expect(stored[(4 * 64 + 4) * 3]).toBeLessThan(QUADRANT_COLOURS.topLeft.r - 15);
    // Read back through the attached profile, the colour is what it was.
    const roundTrip = await pixelAt(await sharp(result.body).png().toBuffer(), 4, 4);
    expect(Math.abs(roundTrip.r - QUADRANT_COLOURS.topLeft.r)).toBeLessThan(8);
  });
});

describe('transparency in formats without alpha', () => {
  it('flattens onto white for JPEG', async () => {
    const result = await renderQuery(await squareOnTransparent(40, 20), 'fm=jpg');
    const corner = await pixelAt(result.body, 1, 1);
    expect(Math.min(corner.r, corner.g, corner.b)).toBeGreaterThan(245);
    const centre = await pixelAt(result.body, 20, 20);
    expect(centre.r).toBeGreaterThan(170);
    expect(centre.g).toBeLessThan(70);
    await expectMatchesGolden('format/transparent-to-jpg', result.body);
  });
});

describe('auto=enhance', () => {
  it('stretches a flat, dull image toward full contrast', async () => {
    // A ramp squeezed into 80..170: no black, no white.
    const flat = await sharp({
      create: { width: 64, height: 16, channels: 3, background: { r: 0, g: 0, b: 0 } },
    })
      .composite([{ input: await rampBetween(80, 170), left: 0, top: 0 }])
      .png()
      .toBuffer();
    const result = await renderQuery(flat, 'auto=enhance&fm=png');
    const left = await pixelAt(result.body, 1, 8);
    const right = await pixelAt(result.body, 62, 8);
    expect(left.r).toBeLessThan(60);
    expect(right.r).toBeGreaterThan(200);
    await expectMatchesGolden('format/auto-enhance', result.body);
  });
});

async function rampBetween(low: number, high: number): Promise<Buffer> {
  const width = 64;
  const height = 16;
  const pixels = Buffer.alloc(width * height * 3);
  for (let x = 0; x < width; x += 1) {
    const value = Math.round(low + ((high - low) * x) / (width - 1));
    for (let y = 0; y < height; y += 1)
      pixels.fill(value, (y * width + x) * 3, (y * width + x) * 3 + 3);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
