// Rendering parameters and values imgix documents today (docs.imgix.com/apis/rendering) that the
// 11.x `imgix-url-params` catalogue predates. They are typed like the catalogue's own entries and
// merged into it (catalogue.ts), so parsing, the dashboard's parameter lists and
// `npm run params:coverage` see one catalogue.
import { COCO_CLASSES, COCO_SUPERCATEGORIES } from '../assets/alt-text/coco-classes.ts';
import type { Catalogue, Expectation, ParameterSpec } from './catalogue.ts';

// docs.imgix.com/apis/rendering/background/color-key-contiguous: "1/0, yes/no and on/off are
// also accepted" besides true and false.
const SWITCH_WORDS = ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'];

const COLORKEY_URL = 'https://docs.imgix.com/apis/rendering/background';
const SUBTITLES_URL = 'https://docs.imgix.com/apis/video/subtitles';

/** Parameters the catalogue does not have, by canonical name. */
export const ADDED_PARAMETERS: Readonly<Record<string, ParameterSpec>> = {
  // docs.imgix.com/apis/rendering/fill/fill-max: "source" (case-insensitive) caps each side of
  // the fit=fillmax canvas at the source's; "Any other value is ignored", so any text is taken.
  'fill-max': {
    display_name: 'fill max',
    category: 'fill',
    available_in: ['url'],
    expects: [{ type: 'string' }],
    depends: ['fit=fillmax'],
    url: 'https://docs.imgix.com/apis/rendering/fill/fill-max',
    short_description:
      'With fill-max=source, keeps each side of a fit=fillmax canvas no larger than the source.',
  },
  // .../background/color-key: a hex colour (alpha digits ignored), a colour keyword, or `auto`
  // / no value (the top-left pixel's colour). "A value that is not a valid color is ignored and
  // the image is returned unkeyed": so any text parses, and the render ignores what is no colour.
  colorkey: {
    display_name: 'color key',
    category: 'background',
    available_in: ['url'],
    expects: [{ type: 'hex_color' }, { type: 'color_keyword' }, { type: 'string' }],
    url: `${COLORKEY_URL}/color-key`,
    short_description: 'Makes every pixel close to a chosen color transparent.',
  },
  // .../background/color-key-tolerance: a distance in 8-bit sRGB units; defaults 20 (color
  // mode) and 54.09 (chroma mode), so the default is the render's to choose.
  'colorkey-tol': {
    display_name: 'color key tolerance',
    category: 'background',
    available_in: ['url'],
    expects: [{ type: 'number', strict_range: { min: 0 } }],
    aliases: ['colorkeytol'],
    depends: ['colorkey'],
    url: `${COLORKEY_URL}/color-key-tolerance`,
    short_description:
      'How far from the key color a pixel may be and still become fully transparent.',
  },
  // .../background/color-key-feather: the same units; defaults 30 (color) and 18.03 (chroma).
  'colorkey-feather': {
    display_name: 'color key feather',
    category: 'background',
    available_in: ['url'],
    expects: [{ type: 'number', strict_range: { min: 0 } }],
    aliases: ['colorkeyfeather'],
    depends: ['colorkey'],
    url: `${COLORKEY_URL}/color-key-feather`,
    short_description: 'How far past the tolerance the transparency fades out to opaque.',
  },
  // .../background/color-key-defringe: 0 (off) to 1 (most); defaults 1 (color) and 0.5 (chroma).
  'colorkey-defringe': {
    display_name: 'color key defringe',
    category: 'background',
    available_in: ['url'],
    expects: [{ type: 'number', strict_range: { min: 0, max: 1 } }],
    aliases: ['colorkeydefringe'],
    depends: ['colorkey'],
    url: `${COLORKEY_URL}/color-key-defringe`,
    short_description: 'Removes the key color left on the edges of the keyed subject.',
  },
  // .../background/color-key-mode: color (default, red, green and blue with lightness) or
  // chroma (the hue only, lightness ignored).
  'colorkey-mode': {
    display_name: 'color key mode',
    category: 'background',
    available_in: ['url'],
    expects: [{ type: 'string', possible_values: ['color', 'chroma'] }],
    default: 'color',
    aliases: ['colorkeymode'],
    depends: ['colorkey'],
    url: `${COLORKEY_URL}/color-key-mode`,
    short_description: 'How closeness to the key color is measured: color or chroma.',
  },
  // .../background/color-key-contiguous: false (default) or true, and their other spellings.
  'colorkey-contiguous': {
    display_name: 'color key contiguous',
    category: 'background',
    available_in: ['url'],
    expects: [{ type: 'string', possible_values: SWITCH_WORDS }],
    default: 'false',
    depends: ['colorkey'],
    url: `${COLORKEY_URL}/color-key-contiguous`,
    short_description: "Keys only the background connected to the image's border.",
  },
  // docs.imgix.com/apis/rendering/text/text-height: CSS pixels (times dpr) or a fraction of the
  // image height, "only read when txt-fit is set".
  'txt-h': {
    display_name: 'text height',
    category: 'text',
    available_in: ['url'],
    expects: [
      { type: 'integer', strict_range: { min: 0 } },
      { type: 'unit_scalar', strict_range: { min: 0, max: 1 } },
    ],
    depends: ['txt', 'txt-fit'],
    url: 'https://docs.imgix.com/apis/rendering/text/text-height',
    short_description: 'Limits how tall a text block may be (with txt-fit).',
  },
  // docs.imgix.com/apis/video/subtitles/video-subtitle-lang: "Forces a specific source language
  // for AI transcription instead of using automatic language detection"; an ISO 639-1 or 639-2
  // code, read "when used for transcription" only with video-generate-subtitles.
  'video-subtitle-lang': {
    display_name: 'video subtitle language',
    category: 'video-rendering',
    available_in: ['url'],
    expects: [{ type: 'language' }],
    depends: ['video-generate-subtitles'],
    url: `${SUBTITLES_URL}/video-subtitle-lang`,
    short_description:
      'The spoken language of the video, for transcription, instead of detecting it.',
  },
  // .../video/subtitles/video-vtt-lang: with fm=vtt, "the language of the subtitle track to
  // return"; a language the video has no track in is transcribed and translated on the fly.
  'video-vtt-lang': {
    display_name: 'video VTT language',
    category: 'video-rendering',
    available_in: ['url'],
    expects: [{ type: 'language' }],
    depends: ['video-generate-subtitles'],
    url: `${SUBTITLES_URL}/video-vtt-lang`,
    short_description: 'With fm=vtt, the language of the subtitle track returned.',
  },
};

/** Values imgix documents today for parameters the catalogue has, by canonical name. */
export const ADDED_VALUES: Readonly<Record<string, readonly string[]>> = {
  // docs.imgix.com/apis/rendering/text/text-height: besides max, `wrap` (lines wrapped, those
  // past txt-h cut with an ellipsis) and `wrapmax` (the wrapped paragraph scaled down to fit).
  'txt-fit': ['wrap', 'wrapmax'],
  // docs.imgix.com/apis/rendering/size/crop: `auto`, the most important subject, and any COCO
  // class name or supercategory ("Any COCO class name or supercategory (e.g., car, vehicle,
  // person)").
  crop: [
    'auto',
    ...COCO_CLASSES,
    ...Object.keys(COCO_SUPERCATEGORIES).filter((name) => name !== 'person'),
  ],
};

/** An expectation with `values` added to its enumerated values (those that have a list). */
function withValues(expectation: Expectation, values: readonly string[]): Expectation {
  const existing = expectation.possible_values;
  if (existing === undefined) return expectation;
  const known = new Set(existing.map((value) => String(value)));
  return {
    ...expectation,
    possible_values: [...existing, ...values.filter((value) => !known.has(value))],
  };
}

/** The catalogue with today's parameters and values added; the catalogue's own entries win. */
export function withAdditions(catalogue: Catalogue): Catalogue {
  const parameters: Record<string, ParameterSpec> = { ...ADDED_PARAMETERS };
  for (const [name, spec] of Object.entries(catalogue.parameters)) {
    const values = ADDED_VALUES[name];
    parameters[name] =
      values === undefined
        ? spec
        : { ...spec, expects: spec.expects.map((entry) => withValues(entry, values)) };
  }
  return { ...catalogue, parameters };
}
