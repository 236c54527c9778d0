// Rendering parameters and values imgix documents today (docs.imgix.com/apis/rendering) that the
// 11.x `imgix-url-params` catalogue predates. They are typed like the catalogue's own entries and
// merged into it (catalogue.ts), so parsing, the dashboard's parameter lists and
// `npm run params:coverage` see one catalogue.
import { COCO_CLASSES, COCO_SUPERCATEGORIES } from '../assets/alt-text/coco-classes.ts';
import type { Catalogue, Expectation, ParameterSpec } from './catalogue.ts';
import { GRADIENT_OVERLAY_PARAMETERS } from './gradient-overlay-catalogue.ts';
import { DROP_SHADOW_PARAMETERS } from './drop-shadow-parameters.ts';
import { VIDEO_SUBTITLE_PARAMETERS } from './video-subtitle-parameters.ts';

// docs.imgix.com/apis/rendering/background/color-key-contiguous: "1/0, yes/no and on/off are
// also accepted" besides true and false.
const SWITCH_WORDS = ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'];

const COLORKEY_URL = 'https://docs.imgix.com/apis/rendering/background';
const APPEND_URL = 'https://docs.imgix.com/apis/rendering/append';

/** The largest `append-gap` in pixels (docs.imgix.com/apis/rendering/append/append-gap). */
export const APPEND_GAP_MAX = 4096;

/** Parameters the catalogue does not have, by canonical name. */
export const ADDED_PARAMETERS: Readonly<Record<string, ParameterSpec>> = {
  // docs.imgix.com/apis/rendering/gradient-overlay: gradient and fade on the picture, the
  // watermark and the blend layer (gradient-overlay-catalogue.ts).
  ...GRADIENT_OVERLAY_PARAMETERS,
  // docs.imgix.com/apis/rendering/drop-shadow: the shadow of the picture and of the watermark
  // (drop-shadow-parameters.ts).
  ...DROP_SHADOW_PARAMETERS,
  // docs.imgix.com/apis/video/subtitles: subtitle languages, supplied tracks and burn-in
  // captions (video-subtitle-parameters.ts).
  ...VIDEO_SUBTITLE_PARAMETERS,
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
  // docs.imgix.com/apis/rendering/append/append-image: "a path or a URL, resolved the same way
  // a mark is"; `append64` is its Base64 variant (parse.ts reads any `*64` name).
  append: {
    display_name: 'append image',
    category: 'append',
    available_in: ['url'],
    expects: [{ type: 'url' }, { type: 'path' }],
    url: `${APPEND_URL}/append-image`,
    short_description: 'Places a second image beside the image and grows the canvas to hold it.',
  },
  // .../append/append-side: right (the default), bottom, left or top.
  'append-side': {
    display_name: 'append side',
    category: 'append',
    available_in: ['url'],
    expects: [{ type: 'string', possible_values: ['right', 'bottom', 'left', 'top'] }],
    default: 'right',
    depends: ['append'],
    url: `${APPEND_URL}/append-side`,
    short_description: 'Which edge of the image the appended image is placed against.',
  },
  // .../append/append-align: top, middle, bottom for a side append, left, center, right for a
  // top or bottom one; "a value from the wrong set leaves the append centered", so all six parse.
  'append-align': {
    display_name: 'append align',
    category: 'append',
    available_in: ['url'],
    expects: [
      {
        type: 'string',
        possible_values: ['top', 'middle', 'bottom', 'left', 'center', 'right'],
      },
    ],
    depends: ['append'],
    url: `${APPEND_URL}/append-align`,
    short_description: 'How the two images line up along the edge they share.',
  },
  // .../append/append-preserve: "a boolean and defaults to off".
  'append-preserve': {
    display_name: 'append preserve',
    category: 'append',
    available_in: ['url'],
    expects: [{ type: 'boolean' }],
    default: false,
    depends: ['append'],
    url: `${APPEND_URL}/append-preserve`,
    short_description: "Keeps the image's size along the shared edge, clipping the appended image.",
  },
  // .../append/append-gap (ja-JP): default 0; an integer is pixels times dpr, "capped at 4096";
  // a 0-1 value with a decimal point is a fraction of the base image (relative-length rule).
  'append-gap': {
    display_name: 'append gap',
    category: 'append',
    available_in: ['url'],
    expects: [
      { type: 'integer', strict_range: { min: 0 }, clamp_range: { max: APPEND_GAP_MAX } },
      { type: 'unit_scalar', strict_range: { min: 0, max: 1 } },
    ],
    default: 0,
    depends: ['append'],
    url: `${APPEND_URL}/append-gap`,
    short_description: 'The space between the image and the appended image.',
  },
  // docs.imgix.com/apis/rendering/watermark/watermark-anchor: "an alignment keyword — center,
  // bottom,right, top, and so on — or a pair of fx,fy fractions"; read only with mark-x or mark-y.
  'mark-anchor': {
    display_name: 'watermark anchor',
    category: 'watermark',
    available_in: ['url'],
    expects: [
      // `members`, not `possible_values`: a pair of fractions is ordered, so the cache key must
      // not sort it as it sorts a set of words (normalise.ts).
      { type: 'list', length: 2, members: [{ type: 'unit_scalar' }] },
      {
        type: 'list',
        max_length: 2,
        members: [
          {
            type: 'string',
            possible_values: ['top', 'middle', 'bottom', 'left', 'center', 'right'],
          },
        ],
      },
    ],
    depends: ['mark'],
    url: 'https://docs.imgix.com/apis/rendering/watermark/watermark-anchor',
    short_description: 'Which point of the watermark mark-x and mark-y place.',
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

/**
 * Colours imgix documents alpha last: the waveform's, "RRGGBB or RRGGBBAA"
 * (docs.imgix.com/apis/video/audio-waveforms/video-wave-color; video-wave-bg-color's default
 * FFFFFF00 is "fully transparent"), where its image colours are AARRGGBB. Read so, a value is
 * the colour drawn, and two values share a render cache key only when they draw alike.
 */
export const ALPHA_LAST_COLORS: ReadonlySet<string> = new Set([
  'video-wave-bg-color',
  'video-wave-color',
]);

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

/** `name`'s expectations with what this file adds to the catalogue's. */
function withAddedReadings(name: string, expects: readonly Expectation[]): Expectation[] {
  const values = ADDED_VALUES[name];
  const alphaLast = ALPHA_LAST_COLORS.has(name);
  return expects.map((entry) => {
    const added = values === undefined ? entry : withValues(entry, values);
    return alphaLast && entry.type === 'hex_color' ? { ...added, alpha_last: true } : added;
  });
}

/** The catalogue with today's parameters and values added; the catalogue's own entries win. */
export function withAdditions(catalogue: Catalogue): Catalogue {
  const parameters: Record<string, ParameterSpec> = { ...ADDED_PARAMETERS };
  for (const [name, spec] of Object.entries(catalogue.parameters)) {
    parameters[name] =
      ADDED_VALUES[name] === undefined && !ALPHA_LAST_COLORS.has(name)
        ? spec
        : { ...spec, expects: withAddedReadings(name, spec.expects) };
  }
  return { ...catalogue, parameters };
}
