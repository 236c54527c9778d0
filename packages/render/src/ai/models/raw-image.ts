import sharp from 'sharp';
import type { RawImage } from '../types.ts';

/** A sharp pipeline reading the raw pixels. */
export function rawToSharp(image: RawImage): sharp.Sharp {
  return sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  });
}

/** The image as 3-channel RGB, dropping alpha when there is one (no copy when already RGB). */
export function toRgb(image: RawImage): RawImage {
  if (image.channels === 3) return image;
  const pixels = image.width * image.height;
  const rgb = new Uint8Array(pixels * 3);
  for (let pixel = 0; pixel < pixels; pixel++) {
    rgb[pixel * 3] = image.data[pixel * 4] ?? 0;
    rgb[pixel * 3 + 1] = image.data[pixel * 4 + 1] ?? 0;
    rgb[pixel * 3 + 2] = image.data[pixel * 4 + 2] ?? 0;
  }
  return { data: rgb, width: image.width, height: image.height, channels: 3 };
}

export async function sharpToRaw(pipeline: sharp.Sharp): Promise<RawImage> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 3 && info.channels !== 4) {
    throw new Error(`expected 3 or 4 channels, got ${info.channels}`);
  }
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
    channels: info.channels,
  };
}
