import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** Frame colours of `numberedAnimation`, in order: frame n is FRAME_COLOURS[n % length]. */
export const FRAME_COLOURS = [
  { r: 220, g: 40, b: 40 },
  { r: 40, g: 180, b: 60 },
  { r: 40, g: 70, b: 220 },
  { r: 240, g: 200, b: 40 },
  { r: 250, g: 250, b: 250 },
] as const;

/**
 * A real animation (sharp needs `raw.pageHeight` on the input to write frames; an output-side
 * `pageHeight` is ignored) whose frames are solid colours from FRAME_COLOURS, so a test can
 * tell which source frame ended up where. Delays default to 100 ms, 200 ms, 300 ms ...
 */
export async function numberedAnimation(
  frames: number,
  width = 20,
  height = 10,
  format: 'gif' | 'webp' = 'gif',
  delay = Array.from({ length: frames }, (_, index) => (index + 1) * 100),
  loop = 0,
): Promise<Buffer> {
  const frameBytes = width * height * 3;
  const strip = Buffer.alloc(frameBytes * frames);
  for (let frame = 0; frame < frames; frame += 1) {
    const colour = FRAME_COLOURS[frame % FRAME_COLOURS.length] ?? FRAME_COLOURS[0];
    for (let pixel = 0; pixel < width * height; pixel += 1) {
      strip.set([colour.r, colour.g, colour.b], frame * frameBytes + pixel * 3);
    }
  }
  const image = sharp(strip, {
    raw: { width, height: height * frames, channels: 3, pageHeight: height },
  });
  const options = { delay, loop };
  return format === 'gif' ? image.gif(options).toBuffer() : image.webp(options).toBuffer();
}

/** Every frame of an encoded animation as its own RGBA colour at (0, 0), plus its metadata. */
export async function framesOf(encoded: Uint8Array) {
  const metadata = await sharp(encoded).metadata();
  const pages = metadata.pages ?? 1;
  const colours = [];
  for (let page = 0; page < pages; page += 1) {
    const { data } = await sharp(encoded, { page }).ensureAlpha().raw().toBuffer({
      resolveWithObject: true,
    });
    colours.push({ r: data[0] ?? 0, g: data[1] ?? 0, b: data[2] ?? 0 });
  }
  return { pages, colours, delay: metadata.delay ?? [], loop: metadata.loop, metadata };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const chunk = Buffer.alloc(body.length + 8);
  chunk.writeUInt32BE(data.length, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), body.length + 4);
  return chunk;
}

/**
 * A pixel-flood PNG: a valid signature and an IHDR (with a correct CRC) claiming
 * `width` x `height`, followed by a few bytes of IDAT. Decoding it would try to allocate the
 * claimed size; reading its header costs nothing.
 */
export function pixelFloodPng(width = 60_000, height = 60_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A GIF whose header and `frames` image descriptors claim `width` x `height` per frame, each
 * with a token of LZW data: sharp counts its frames from the descriptors without decoding.
 */
export function forgedAnimatedGif(width: number, height: number, frames: number): Buffer {
  const le16 = (value: number) => [value & 0xff, value >> 8];
  const parts = [
    Buffer.from('GIF89a', 'latin1'),
    // Logical screen with a two-colour global table (black, white).
    Buffer.from([...le16(width), ...le16(height), 0x80, 0, 0, 0, 0, 0, 255, 255, 255]),
    Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0', 'latin1'), 3, 1, 0, 0, 0]),
  ];
  for (let frame = 0; frame < frames; frame += 1) {
    parts.push(Buffer.from([0x21, 0xf9, 0x04, 0x00, 10, 0, 0, 0]));
    parts.push(Buffer.from([0x2c, 0, 0, 0, 0, ...le16(width), ...le16(height), 0x00]));
    // LZW minimum code size 2, one sub-block: clear, index 0, end of information.
    parts.push(Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00]));
  }
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}
