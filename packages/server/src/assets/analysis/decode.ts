import { DEFAULT_RENDER_LIMITS, isPdf, rasterisePdf, type RawImage } from '@darkroom/render';
import sharp from 'sharp';

/**
 * The long side the models see. Their own inputs are smaller (CenterNet 512, BlazeFace 256),
 * so more pixels only cost memory and the time to ship them to the model worker.
 */
export const ANALYSIS_MAX_EDGE = 1024;

/**
 * The image as the detectors take it: its first frame, turned upright by its EXIF orientation,
 * at most ANALYSIS_MAX_EDGE on the long side, 3-channel sRGB. Transparent pixels are laid on
 * white, as a page usually shows them, rather than on whatever colour they hide.
 */
export async function decodeForAnalysis(bytes: Uint8Array): Promise<RawImage> {
  // A PDF is analysed by its first page, the one delivery shows by default.
  const image = isPdf(bytes) ? await firstPdfPage(bytes) : bytes;
  const { data, info } = await sharp(image, { pages: 1 })
    .autoOrient()
    .resize(ANALYSIS_MAX_EDGE, ANALYSIS_MAX_EDGE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`decoded to ${info.channels} channels, not 3`);
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
    channels: 3,
  };
}

/** The PDF's first page as PNG, no larger than the detectors look at. */
async function firstPdfPage(bytes: Uint8Array): Promise<Buffer> {
  const { png } = await rasterisePdf(bytes, {
    page: 1,
    annotations: true,
    maxPixels: ANALYSIS_MAX_EDGE * ANALYSIS_MAX_EDGE,
    signal: AbortSignal.timeout(DEFAULT_RENDER_LIMITS.timeoutMs),
  });
  return png;
}
