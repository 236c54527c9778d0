import type { Params } from '@darkroom/core';
import type sharp from 'sharp';
import type { ImageFormat } from './format.ts';

export interface AnimationOutput {
  /** Per-frame delays in milliseconds. */
  delay: number[];
  /** Repeats; 0 loops forever. */
  loop: number;
}

export interface EncoderSettings {
  format: ImageFormat;
  quality: number;
  lossless: boolean;
  progressive: boolean;
  chromaSubsampling: '4:2:0' | '4:4:4';
  /** Palette size for PNG8, GIF and a quantised PNG. */
  colours: number | undefined;
}

const DEFAULT_QUALITY = 75;
const COMPRESS_QUALITY = 45;

/**
 * Encoder settings from the format parameters (docs.imgix.com/apis/rendering/format): `q`
 * (75, or 45 under `auto=compress`), `lossless` (WebP), `jpg-progressive` (true, as imgix
 * serves JPEG), `chromasub` (sharp writes 4:2:0 or 4:4:4 only, so 422 keeps full chroma rather
 * than lose more than asked), `colorquant` (palette size).
 */
export function encoderSettings(params: Params, format: ImageFormat): EncoderSettings {
  const compress = params.strings('auto').includes('compress');
  const quality = params.number('q') ?? (compress ? COMPRESS_QUALITY : DEFAULT_QUALITY);
  const colours = params.number('colorquant');
  const chroma = params.number('chromasub') ?? 420;
  return {
    format,
    quality: Math.min(100, Math.max(1, Math.round(quality))),
    lossless: params.boolean('lossless') ?? false,
    progressive: format === 'pjpg' || (params.boolean('jpg-progressive') ?? true),
    chromaSubsampling: chroma === 420 ? '4:2:0' : '4:4:4',
    colours: colours === undefined ? undefined : Math.min(256, Math.max(2, Math.round(colours))),
  };
}

/** Past this many output pixels an AVIF is encoded at the fastest effort. */
const AVIF_LARGE_PIXELS = 4_000_000;

/**
 * libaom's effort for an AVIF of `pixels`. sharp's default (4) is a cliff on this 2-core machine:
 * retina.jpg at 512, 1024 and 2048 pixels a side took 0.76, 2.6 and 6.7 s at effort 4 against
 * 0.12, 0.37 and 1.1 s at effort 3, for files within 2% of the same size (smaller at 2048), and a
 * 17-megapixel AVIF at q=100 went past the 30 s render timeout. Effort 0 halves effort 3's time
 * again for files about 10% larger: the price paid only by outputs too large for any page to
 * show whole, so that an 8192-pixel AVIF still finishes well inside the timeout.
 */
export function avifEffort(pixels: number): number {
  return pixels > AVIF_LARGE_PIXELS ? 0 : 3;
}

/** Ends the pipeline with the encoder for `settings.format`; `pixels` is the output's area. */
export function applyEncoder(
  image: sharp.Sharp,
  settings: EncoderSettings,
  animation: AnimationOutput | undefined,
  pixels: number,
): sharp.Sharp {
  const { quality, colours } = settings;
  switch (settings.format) {
    case 'jpg':
    case 'pjpg':
      return image.jpeg({
        quality,
        progressive: settings.progressive,
        chromaSubsampling: settings.chromaSubsampling,
      });
    case 'png':
      return colours === undefined ? image.png() : image.png({ palette: true, colours });
    case 'png8':
      return image.png({ palette: true, colours: colours ?? 256 });
    case 'png32':
      return image.ensureAlpha().png();
    case 'webp':
      return image.webp({ quality, lossless: settings.lossless, ...animation });
    case 'gif':
      return image.gif({ colours: colours ?? 256, ...animation });
    case 'avif':
      return image.avif({
        quality,
        chromaSubsampling: settings.chromaSubsampling,
        effort: avifEffort(pixels),
      });
    case 'jp2':
      return image.jp2({ quality, chromaSubsampling: settings.chromaSubsampling });
  }
}
