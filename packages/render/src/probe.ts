import sharp from 'sharp';
import { sourceMediaType } from './output/media-types.ts';

/** The raw image-info shape of spec platform section 3 (the `fm=json` answer). */
export interface ImageInfo {
  'Content-Type': string;
  PixelWidth: number;
  PixelHeight: number;
  'Content-Length': number;
}

export class UnsupportedImageError extends Error {
  constructor(reason: string) {
    super(`The origin file is not an image Darkroom can read: ${reason}`);
    this.name = 'UnsupportedImageError';
  }
}

/** Reads the dimensions and media type of an encoded image without decoding its pixels. */
export async function probeImage(bytes: Uint8Array): Promise<ImageInfo> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(bytes).metadata();
  } catch (error) {
    throw new UnsupportedImageError(error instanceof Error ? error.message : String(error));
  }
  const { format, width, height } = metadata;
  // The delivery API speaks media types; sharp names formats by decoder.
  const mediaType = sourceMediaType(format, metadata.compression);
  if (mediaType === undefined || width === undefined || height === undefined) {
    throw new UnsupportedImageError(`format ${format ?? 'unknown'}`);
  }
  // EXIF orientations 5-8 rotate by 90 degrees: report the size as the image is displayed.
  const rotated = (metadata.orientation ?? 1) >= 5;
  return {
    'Content-Type': mediaType,
    PixelWidth: rotated ? height : width,
    PixelHeight: rotated ? width : height,
    'Content-Length': bytes.byteLength,
  };
}
