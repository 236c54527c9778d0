import sharp from 'sharp';
import { RenderError, type SourceImage } from '../pipeline/context.ts';
import { readJpegHeader } from './jpeg-header.ts';

/**
 * Reads the origin's header (no pixel is decoded). Bytes no allowed loader recognises are 415;
 * a recognised format whose header cannot be read is 422. A plain JPEG's header is read in
 * JavaScript unless `fullMetadata` asks for everything sharp reports (EXIF, ICC, density: the
 * `fm=json` answer); every other file goes through sharp.
 */
export async function readSource(
  bytes: Uint8Array,
  { fullMetadata = false }: { fullMetadata?: boolean } = {},
): Promise<SourceImage> {
  const metadata = (fullMetadata ? null : readJpegHeader(bytes)) ?? (await sharpMetadata(bytes));
  const { format, width, height } = metadata;
  if (width === undefined || height === undefined || width < 1 || height < 1) {
    throw new RenderError(422, 'The origin image has no dimensions.');
  }
  // Without `animated: true` sharp reports one page: `height` is already a single frame's.
  const rotated = (metadata.orientation ?? 1) >= 5;
  return {
    bytes,
    metadata,
    format,
    width: rotated ? height : width,
    height: rotated ? width : height,
    pages: metadata.pages ?? 1,
    hasAlpha: metadata.hasAlpha,
  };
}

async function sharpMetadata(bytes: Uint8Array): Promise<sharp.Metadata> {
  try {
    // Only the header is read here; the pixel budget is checked against it right after, with
    // a message naming the size, so sharp's own cap (which refuses the header too) is lifted.
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/unsupported image format/i.test(message)) {
      throw new RenderError(415, 'The origin file is not an image format Darkroom can read.', {
        cause: error,
      });
    }
    throw new RenderError(422, 'The origin image is corrupt: its header cannot be read.', {
      cause: error,
    });
  }
}
