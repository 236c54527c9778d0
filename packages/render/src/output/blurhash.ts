import { encode } from 'blurhash';
import type { RenderContext, RenderResult } from '../pipeline/context.ts';
import { OUTPUT_MEDIA_TYPES } from './media-types.ts';

// A blurhash keeps only a few cosine components: 64 px holds all of them and keeps encode fast.
const SAMPLE_SIDE = 64;
const LONG_COMPONENTS = 4;
const SHORT_COMPONENTS = 3;

/**
 * `fm=blurhash`: the BlurHash string of the rendered image (docs.imgix.com/apis/rendering/format/fm),
 * 4 components along the longer side and 3 along the shorter.
 */
export async function blurhashResult(context: RenderContext): Promise<RenderResult> {
  // The pipeline may already hold a resize; a second one would replace it, so render first.
  await context.materialize();
  const { data, info } = await context.image
    .resize({ width: SAMPLE_SIDE, height: SAMPLE_SIDE, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const landscape = info.width >= info.height;
  const hash = encode(
    new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    info.width,
    info.height,
    landscape ? LONG_COMPONENTS : SHORT_COMPONENTS,
    landscape ? SHORT_COMPONENTS : LONG_COMPONENTS,
  );
  return {
    body: Buffer.from(hash),
    contentType: OUTPUT_MEDIA_TYPES.blurhash,
    format: 'blurhash',
    width: null,
    height: null,
    variesOnAccept: false,
    premium: context.premium,
  };
}
