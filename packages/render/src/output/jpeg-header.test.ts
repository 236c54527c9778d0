import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RenderError } from '../pipeline/context.ts';
import '../pipeline/render.ts';
import { quadrants } from '../testing/images.ts';
import { renderQuery } from '../testing/render-query.ts';
import { readJpegHeader } from './jpeg-header.ts';
import { readSource } from './source.ts';

const demoImage = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../../server/demo-images/${name}`, import.meta.url)));

/** The fields rendering reads, as sharp reports them. */
async function sharpFields(bytes: Buffer) {
  const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  return pick(metadata);
}

function pick(metadata: sharp.Metadata) {
  const { format, width, height, space, channels, depth, isProgressive, hasProfile } = metadata;
  const { hasAlpha, orientation, pages, autoOrient } = metadata;
  return {
    format,
    width,
    height,
    space,
    channels,
    depth,
    isProgressive,
    hasProfile,
    hasAlpha,
    orientation,
    pages,
    autoOrient,
  };
}

function colourJpeg(options: sharp.JpegOptions = {}) {
  return sharp({ create: { width: 40, height: 24, channels: 3, background: '#3366cc' } })
    .jpeg(options)
    .toBuffer();
}

/** Offset of the first marker `marker` (0xC0 for SOF0) in a JPEG. */
function markerOffset(bytes: Buffer, marker: number): number {
  let offset = 2;
  while (bytes[offset + 1] !== marker) offset += 2 + bytes.readUInt16BE(offset + 2);
  return offset;
}

/** A JPEG with a hand-made APP1 EXIF block (one IFD0 entry) inserted after SOI. */
function withExifEntry(jpeg: Buffer, entry: { type: number; value: number }, bigEndian: boolean) {
  const tiff = Buffer.alloc(8 + 2 + 12 + 4);
  const u16 = (value: number, at: number) =>
    bigEndian ? tiff.writeUInt16BE(value, at) : tiff.writeUInt16LE(value, at);
  const u32 = (value: number, at: number) =>
    bigEndian ? tiff.writeUInt32BE(value, at) : tiff.writeUInt32LE(value, at);
  tiff.write(bigEndian ? 'MM' : 'II', 0, 'latin1');
  u16(42, 2);
  u32(8, 4);
  u16(1, 8);
  u16(0x0112, 10);
  u16(entry.type, 12);
  u32(1, 14);
  u16(entry.value, 18);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}

describe('reading a JPEG header without sharp', () => {
  it('agrees with sharp on baseline, progressive, grey and profiled JPEGs', async () => {
    const files = [
      await colourJpeg(),
      await colourJpeg({ progressive: true }),
      await colourJpeg({ quality: 40, chromaSubsampling: '4:4:4' }),
      await sharp(await colourJpeg())
        .toColourspace('b-w')
        .jpeg()
        .toBuffer(),
      await sharp(await colourJpeg())
        .withIccProfile('srgb')
        .jpeg()
        .toBuffer(),
      await quadrants(64, 48, 'jpeg'),
      demoImage('retina.jpg'),
      demoImage('rocket.jpg'),
      demoImage('hubble_deep_field.jpg'),
    ];
    for (const file of files) {
      const header = readJpegHeader(file);
      expect(header).not.toBeNull();
      expect(pick(header as sharp.Metadata)).toEqual(await sharpFields(file));
    }
  });

  it('reads every EXIF orientation as sharp does, in either byte order', async () => {
    const plain = await colourJpeg();
    for (let orientation = 1; orientation <= 8; orientation += 1) {
      const written = await sharp(plain).withMetadata({ orientation }).jpeg().toBuffer();
      expect(readJpegHeader(written)?.orientation).toBe(orientation);
      expect(pick(readJpegHeader(written) as sharp.Metadata)).toEqual(await sharpFields(written));
      const bigEndian = withExifEntry(plain, { type: 3, value: orientation }, true);
      expect(pick(readJpegHeader(bigEndian) as sharp.Metadata)).toEqual(
        await sharpFields(bigEndian),
      );
    }
  });

  it('leaves to sharp what it does not fully understand', async () => {
    const plain = await colourJpeg();
    const twelveBit = Buffer.from(plain);
    twelveBit[markerOffset(twelveBit, 0xc0) + 4] = 12;
    const cases = {
      cmyk: await sharp(plain).toColourspace('cmyk').jpeg().toBuffer(),
      twelveBit,
      orientationOutOfRange: withExifEntry(plain, { type: 3, value: 9 }, false),
      orientationAsLong: withExifEntry(plain, { type: 4, value: 6 }, false),
      cutInTheHeader: plain.subarray(0, markerOffset(plain, 0xc0) + 5),
      png: await quadrants(8, 8, 'png'),
      empty: Buffer.alloc(0),
    };
    for (const [name, bytes] of Object.entries(cases)) {
      expect(readJpegHeader(bytes), name).toBeNull();
    }
  });

  it('still refuses a pixel flood before decoding: the header size is what counts', async () => {
    const flood = Buffer.from(await colourJpeg());
    const frame = markerOffset(flood, 0xc0);
    flood.writeUInt16BE(60_000, frame + 5);
    flood.writeUInt16BE(60_000, frame + 7);
    expect(readJpegHeader(flood)).toMatchObject({ width: 60_000, height: 60_000 });
    const error = await renderQuery(flood, 'w=100').catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(RenderError);
    expect((error as RenderError).status).toBe(413);
  });

  it('reads everything through sharp when the answer is the full description (fm=json)', async () => {
    const profiled = await sharp(await colourJpeg())
      .withIccProfile('srgb')
      .jpeg()
      .toBuffer();
    expect((await readSource(profiled)).metadata.icc).toBeUndefined();
    expect((await readSource(profiled, { fullMetadata: true })).metadata.icc).toBeInstanceOf(
      Buffer,
    );
    const json = JSON.parse((await renderQuery(profiled, 'fm=json')).body.toString('utf8')) as {
      ProfileName?: string;
    };
    expect(json.ProfileName).toBeTruthy();
  });
});
