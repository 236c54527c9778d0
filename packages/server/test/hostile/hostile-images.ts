// Hostile raster files, generated (never downloaded): decompression bombs written by hand with
// zlib (PNG, TIFF), headers patched to claim sizes the data does not have, giant metadata chunks,
// many frames, and truncated files. Each builder is cheap to run; the bombs are small on disk and
// huge once decoded.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import sharp from 'sharp';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Deflated (or gzipped) zeros, `length` bytes of them, streamed a megabyte at a time. */
export async function deflatedZeros(
  length: number,
  format: 'zlib' | 'gzip' = 'zlib',
): Promise<Buffer> {
  const block = Buffer.alloc(1 << 20);
  async function* zeros() {
    for (let written = 0; written < length; written += block.length) {
      yield block.subarray(0, Math.min(block.length, length - written));
    }
  }
  const compress =
    format === 'gzip' ? zlib.createGzip({ level: 9 }) : zlib.createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  compress.on('data', (chunk: Buffer) => chunks.push(chunk));
  await pipeline(Readable.from(zeros()), compress);
  return Buffer.concat(chunks);
}

export function pngChunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

function ihdr(width: number, height: number, bitDepth: number, colourType: number): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data.writeUInt8(bitDepth, 8);
  data.writeUInt8(colourType, 9);
  return pngChunk('IHDR', data);
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/**
 * A PNG of `width` x `height` whose pixels are all zero (black or transparent): its IDAT is
 * about a thousandth of the decoded size. `extra` chunks go before the IDAT.
 */
export async function zeroPng(
  width: number,
  height: number,
  options: { bitDepth?: number; colourType?: number; extra?: Buffer[] } = {},
): Promise<Buffer> {
  const bitDepth = options.bitDepth ?? 8;
  const colourType = options.colourType ?? 0;
  const rowBytes = Math.ceil((width * bitDepth * (CHANNELS[colourType] ?? 1)) / 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(width, height, bitDepth, colourType),
    ...(options.extra ?? []),
    pngChunk('IDAT', await deflatedZeros(height * (rowBytes + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small real PNG whose IHDR (CRC fixed up) claims `width` x `height`. */
export function pngClaiming(width: number, height: number): Buffer {
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(width, height, 8, 0),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(8 * 9))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 16 x 16 PNG carrying a giant ancillary chunk (ICC profile, text, EXIF). */
export function pngWithChunk(type: string, data: Buffer): Promise<Buffer> {
  return zeroPng(16, 16, { extra: [pngChunk(type, data)] });
}

/** iCCP / zTXt data: a keyword, NUL, compression method 0, then the deflated payload. */
export async function compressedChunkData(
  keyword: string,
  inflatedLength: number,
): Promise<Buffer> {
  const payload = await deflatedZeros(inflatedLength);
  return Buffer.concat([Buffer.from(`${keyword}\0\0`, 'latin1'), payload]);
}

export function manyTextChunks(count: number): Promise<Buffer> {
  const chunks = Array.from({ length: count }, (_, index) =>
    pngChunk('tEXt', Buffer.from(`Comment\0chunk ${index}`, 'latin1')),
  );
  return zeroPng(16, 16, { extra: chunks });
}

/** An APNG control chunk claiming 2^31 - 1 frames over a one-frame image. */
export function pngClaimingFrames(): Promise<Buffer> {
  const actl = Buffer.alloc(8);
  actl.writeUInt32BE(0x7fffffff, 0);
  return zeroPng(16, 16, { extra: [pngChunk('acTL', actl)] });
}

/** A little-endian TIFF of one deflated strip of zeros: 8-bit grey, `width` x `height`. */
export async function zeroTiff(
  width: number,
  height: number,
  options: { loop?: boolean } = {},
): Promise<Buffer> {
  const strip = await deflatedZeros(width * height);
  const entries: [number, number, number][] = [
    // [tag, type (3 SHORT, 4 LONG), value]
    [256, 4, width],
    [257, 4, height],
    [258, 3, 8],
    [259, 3, 8],
    [262, 3, 1],
    [273, 4, 0],
    [277, 3, 1],
    [278, 4, height],
    [279, 4, strip.length],
  ];
  const ifdOffset = 8;
  const ifdLength = 2 + entries.length * 12 + 4;
  const stripOffset = ifdOffset + ifdLength;
  const head = Buffer.alloc(stripOffset);
  head.write('II*\0', 0, 'latin1');
  head.writeUInt32LE(ifdOffset, 4);
  head.writeUInt16LE(entries.length, ifdOffset);
  entries.forEach(([tag, type, value], index) => {
    const at = ifdOffset + 2 + index * 12;
    head.writeUInt16LE(tag, at);
    head.writeUInt16LE(type, at + 2);
    head.writeUInt32LE(1, at + 4);
    const written = tag === 273 ? stripOffset : value;
    if (type === 3) head.writeUInt16LE(written, at + 8);
    else head.writeUInt32LE(written >>> 0, at + 8);
  });
  // The next IFD: none, or (a loop) this same one again.
  head.writeUInt32LE(options.loop ? ifdOffset : 0, ifdOffset + ifdLength - 4);
  return Buffer.concat([head, strip]);
}

function solid(width: number, height: number): sharp.Sharp {
  return sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } } });
}

/** A 16 x 16 lossless WebP of one colour costs no bits per pixel: patched, it decodes to any size. */
export async function webpClaiming(width: number, height: number): Promise<Buffer> {
  const webp = Buffer.from(await solid(16, 16).webp({ lossless: true }).toBuffer());
  // VP8L: signature 0x2f at byte 20, then 14 bits width - 1 and 14 bits height - 1.
  const bits = (width - 1) | ((height - 1) << 14) | (webp.readUInt32LE(21) & 0xf0000000);
  webp.writeUInt32LE(bits >>> 0, 21);
  return webp;
}

/** An extended WebP whose canvas (VP8X) claims 16384 x 16384 around a small image. */
export async function webpCanvasClaiming(): Promise<Buffer> {
  const webp = Buffer.from(await solid(16, 16).webp().withIccProfile('srgb').toBuffer());
  const vp8x = webp.indexOf('VP8X');
  webp.writeUIntLE(16383, vp8x + 12, 3);
  webp.writeUIntLE(16383, vp8x + 15, 3);
  return webp;
}

/** `frames` alternating black and white frames of 64 x 64 (identical frames would be merged). */
export async function manyFrames(frames: number, format: 'gif' | 'webp'): Promise<Buffer> {
  const frameBytes = 64 * 64 * 4;
  const pixels = Buffer.alloc(frameBytes * frames);
  for (let frame = 1; frame < frames; frame += 2) {
    pixels.fill(255, frame * frameBytes, (frame + 1) * frameBytes);
  }
  const raw = { width: 64, height: 64 * frames, channels: 4 as const, pageHeight: 64 };
  const image = sharp(pixels, { raw });
  return format === 'gif'
    ? image.gif({ effort: 1 }).toBuffer()
    : image.webp({ effort: 0 }).toBuffer();
}

/** A one-frame GIF whose logical screen (and, with `frame`, image descriptor) claims 65535². */
export async function gifClaiming(frame: boolean): Promise<Buffer> {
  const gif = Buffer.from(await solid(64, 64).gif().toBuffer());
  gif.writeUInt16LE(65535, 6);
  gif.writeUInt16LE(65535, 8);
  if (frame) {
    const descriptor = gif.indexOf(0x2c, 13);
    gif.writeUInt16LE(65535, descriptor + 5);
    gif.writeUInt16LE(65535, descriptor + 7);
  }
  return gif;
}

export async function solidJpeg(size: number): Promise<Buffer> {
  return solid(size, size).jpeg({ quality: 1 }).toBuffer();
}

/** A small JPEG whose frame header (SOF) claims 65500 x 65500. */
export async function jpegClaiming(): Promise<Buffer> {
  const jpeg = Buffer.from(await solidJpeg(16));
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  jpeg.writeUInt16BE(65500, sof + 5);
  jpeg.writeUInt16BE(65500, sof + 7);
  return jpeg;
}

/** A 16 x 16 JPEG with `count` maximal APPn segments after its SOI (EXIF, ICC, ...). */
export async function jpegWithSegments(
  marker: number,
  header: string,
  count: number,
): Promise<Buffer> {
  const jpeg = await solidJpeg(16);
  const segment = Buffer.alloc(65535 + 2);
  segment.writeUInt8(0xff, 0);
  segment.writeUInt8(marker, 1);
  segment.writeUInt16BE(65535, 2);
  segment.write(header, 4, 'latin1');
  return Buffer.concat([jpeg.subarray(0, 2), ...Array(count).fill(segment), jpeg.subarray(2)]);
}

export async function solidAvif(size: number): Promise<Buffer> {
  return solid(size, size).avif({ effort: 0, quality: 1 }).toBuffer();
}

/** A small AVIF whose `ispe` box claims 65535 x 65535. */
export async function avifClaiming(): Promise<Buffer> {
  const avif = Buffer.from(await solidAvif(16));
  const ispe = avif.indexOf('ispe');
  avif.writeUInt32BE(65535, ispe + 8);
  avif.writeUInt32BE(65535, ispe + 12);
  return avif;
}

/** A PSD header claiming 30000 x 30000 x 4 channels with raw data that is not there. */
export function psdClaiming(): Buffer {
  const header = Buffer.alloc(26 + 12 + 2);
  header.write('8BPS', 0, 'latin1');
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(4, 12);
  header.writeUInt32BE(30000, 14);
  header.writeUInt32BE(30000, 18);
  header.writeUInt16BE(8, 22);
  header.writeUInt16BE(3, 24);
  return header;
}

/** A BMP header claiming 30000 x 30000 at 32 bits with a few bytes of pixels. */
export function bmpClaiming(): Buffer {
  const bmp = Buffer.alloc(54 + 64);
  bmp.write('BM', 0, 'latin1');
  bmp.writeUInt32LE(bmp.length, 2);
  bmp.writeUInt32LE(54, 10);
  bmp.writeUInt32LE(40, 14);
  bmp.writeInt32LE(30000, 18);
  bmp.writeInt32LE(30000, 22);
  bmp.writeUInt16LE(1, 26);
  bmp.writeUInt16LE(32, 28);
  return bmp;
}

/** A one-page PDF whose page is 200,000 points square. */
export function pdfHugePage(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n' +
      '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200000 200000]>>endobj\n' +
      'trailer<</Root 1 0 R>>\n%%EOF\n',
    'latin1',
  );
}
