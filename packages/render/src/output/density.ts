import { crc32 } from 'node:zlib';
import type { ImageFormat } from './format.ts';

/**
 * Writes `dpi` into an encoded image: the JFIF APP0 density of a JPEG (libvips writes no APP0
 * when metadata is stripped, so one is inserted after SOI) or the pHYs chunk of a PNG. sharp
 * can only set density by keeping all input metadata, which would leak EXIF; WebP, AVIF and GIF
 * have no density field outside EXIF, so they are returned unchanged.
 */
export function withDensity(encoded: Buffer, format: ImageFormat, dpi: number): Buffer {
  const density = Math.min(65535, Math.max(1, Math.round(dpi)));
  if (format === 'jpg' || format === 'pjpg') return jpegWithDensity(encoded, density);
  if (format === 'png' || format === 'png8' || format === 'png32') {
    return pngWithDensity(encoded, density);
  }
  return encoded;
}

function jpegWithDensity(jpeg: Buffer, dpi: number): Buffer {
  const app0 = Buffer.from([
    0xff,
    0xe0,
    0x00,
    0x10,
    0x4a,
    0x46,
    0x49,
    0x46,
    0x00,
    0x01,
    0x01,
    // Units 1: dots per inch; then X and Y density; no thumbnail.
    0x01,
    dpi >> 8,
    dpi & 0xff,
    dpi >> 8,
    dpi & 0xff,
    0x00,
    0x00,
  ]);
  const hasApp0 = jpeg[2] === 0xff && jpeg[3] === 0xe0;
  const rest = hasApp0 ? jpeg.subarray(4 + jpeg.readUInt16BE(4)) : jpeg.subarray(2);
  return Buffer.concat([jpeg.subarray(0, 2), app0, rest]);
}

function pngWithDensity(png: Buffer, dpi: number): Buffer {
  const pixelsPerMetre = Math.round(dpi / 0.0254);
  const data = Buffer.alloc(13);
  data.write('pHYs', 0, 'latin1');
  data.writeUInt32BE(pixelsPerMetre, 4);
  data.writeUInt32BE(pixelsPerMetre, 8);
  data.writeUInt8(1, 12);
  const chunk = Buffer.alloc(12 + 9);
  chunk.writeUInt32BE(9, 0);
  data.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(data), 17);

  // Signature (8) then IHDR (8 + 13 + 4); pHYs must precede IDAT, so it goes right after IHDR.
  const afterHeader = 33;
  const parts = [png.subarray(0, afterHeader), chunk];
  let at = afterHeader;
  while (at + 8 <= png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (type !== 'pHYs') parts.push(png.subarray(at, end));
    at = end;
  }
  return Buffer.concat(parts);
}
