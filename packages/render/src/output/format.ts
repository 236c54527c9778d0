import type { Params } from '@darkroom/core';
import sharp from 'sharp';
import { RenderError, type OutputFormat, type SourceImage } from '../pipeline/context.ts';
import { acceptedFormats } from './accept.ts';

export type ImageFormat = Exclude<OutputFormat, 'json' | 'blurhash'>;

/** The format, or the pair to pick from once the rendered pixels show whether any is see-through. */
export type FormatChoice =
  { fixed: ImageFormat } | { transparent: ImageFormat; opaque: ImageFormat };

export type OutputPlan =
  | { kind: 'json' }
  | { kind: 'blurhash' }
  | { kind: 'palette' }
  /** fm=mp4 of a still: a pan-and-zoom clip (video/motion-video.ts). */
  | { kind: 'motion' }
  | { kind: 'image'; choice: FormatChoice; animated: boolean; variesOnAccept: boolean };

const ANIMATED_FORMATS: ReadonlySet<ImageFormat> = new Set(['gif', 'webp']);
const BY_TRANSPARENCY: FormatChoice = { transparent: 'png', opaque: 'jpg' };

// sharp's runtime names the JPEG 2000 entry `jp2k`; its type declarations call it `jp2`.
const FORMAT_INFO = sharp.format as unknown as Record<
  string,
  sharp.AvailableFormatInfo | undefined
>;
export const JP2_WRITABLE = (FORMAT_INFO['jp2k'] ?? FORMAT_INFO['jp2'])?.output.buffer ?? false;

// Catalogue values this engine cannot produce: video and sprite sheets come with the video work
// (fm=mp4 of a still image is image to video, planned before this is asked).
const UNAVAILABLE = new Set(['mp4', 'webm', 'spritesheet']);

/** `fm` as an image format this libvips can write, or undefined to use the default output. */
function requestedFormat(params: Params): ImageFormat | undefined {
  const fm = params.string('fm');
  if (fm === undefined) return undefined;
  if (UNAVAILABLE.has(fm)) {
    throw new RenderError(400, `fm=${fm} is not available on this server.`);
  }
  // JPEG XR (and JPEG 2000 without OpenJPEG in libvips) have no encoder here; imgix itself
  // serves them only to the few browsers that decode them, so everyone else gets the default.
  if (fm === 'jxr') return undefined;
  if (fm === 'jp2' && !JP2_WRITABLE) return undefined;
  return fm as ImageFormat;
}

/** imgix keeps the origin's format when the web can show it; other inputs become PNG or JPEG. */
function defaultFormat(source: SourceImage): FormatChoice {
  switch (source.format) {
    case 'jpeg':
      return { fixed: 'jpg' };
    case 'png':
      return { fixed: 'png' };
    case 'webp':
      return { fixed: 'webp' };
    case 'gif':
      return { fixed: 'gif' };
    case 'heif':
      return source.metadata.compression === 'av1' ? { fixed: 'avif' } : BY_TRANSPARENCY;
    default:
      return BY_TRANSPARENCY;
  }
}

function image(choice: FormatChoice, animatedInput: boolean, variesOnAccept: boolean): OutputPlan {
  const animated = animatedInput && 'fixed' in choice && ANIMATED_FORMATS.has(choice.fixed);
  return { kind: 'image', choice, animated, variesOnAccept };
}

/**
 * What the render answers with (docs.imgix.com/apis/rendering/format/fm and .../auto):
 * - `palette` and `fm=json|blurhash` answer with data, not an image;
 * - `auto=format` serves AVIF, else WebP, when the Accept header lists them (animations skip
 *   AVIF: libheif writes no image sequences), else `fm`, else what `auto=compress` or the
 *   origin would give; the answer then varies on Accept;
 * - `auto=compress` on a still overrides `fm` with PNG for transparent images and JPEG for the
 *   rest ("When used in conjunction with fm for non-animated assets ..."), PNG8 when it stands
 *   in for `auto=format`;
 * - otherwise `fm`, else the origin's own format.
 */
export function planOutput(
  params: Params,
  source: SourceImage,
  accept: string | null,
  animatedInput: boolean,
): OutputPlan {
  if (params.has('palette')) return { kind: 'palette' };
  const fm = params.string('fm');
  if (fm === 'json') return { kind: 'json' };
  if (fm === 'blurhash') return { kind: 'blurhash' };
  if (fm === 'mp4' && !animatedInput && source.pages <= 1) return { kind: 'motion' };

  const auto = new Set(params.strings('auto'));
  const requested = requestedFormat(params);
  if (auto.has('format')) {
    const accepted = acceptedFormats(accept);
    if (accepted.avif && !animatedInput) return image({ fixed: 'avif' }, animatedInput, true);
    if (accepted.webp) return image({ fixed: 'webp' }, animatedInput, true);
    if (requested !== undefined) return image({ fixed: requested }, animatedInput, true);
    if (auto.has('compress') && !animatedInput) {
      return image({ transparent: 'png8', opaque: 'jpg' }, animatedInput, true);
    }
    return image(defaultFormat(source), animatedInput, true);
  }
  if (auto.has('compress') && !animatedInput) return image(BY_TRANSPARENCY, false, false);
  if (requested !== undefined) return image({ fixed: requested }, animatedInput, false);
  return image(defaultFormat(source), animatedInput, false);
}
