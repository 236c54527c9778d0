import sharp from 'sharp';
import { GENERATIVE_VIDEO_SIZES, type GenerativeVideoOrientation } from '../ai/generative/index.ts';

/** Decoding a still is refused past this many pixels, as the renderer's pixel-flood guard does. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * The first frame the provider is given: the origin upright, cropped to the video's frame around
 * its most interesting part (libvips' attention strategy), as PNG of exactly the video's size,
 * which is the only size the Videos API accepts as a reference.
 */
export async function videoStill(
  origin: Buffer,
  orientation: GenerativeVideoOrientation,
): Promise<{ png: Buffer; size: { width: number; height: number } }> {
  const size = GENERATIVE_VIDEO_SIZES[orientation];
  const png = await sharp(origin, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(size.width, size.height, { fit: 'cover', position: sharp.strategy.attention })
    .flatten({ background: '#000000' })
    .png()
    .toBuffer();
  return { png, size: { ...size } };
}
