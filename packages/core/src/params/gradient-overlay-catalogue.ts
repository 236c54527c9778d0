// imgix's gradient and fade family (docs.imgix.com/apis/rendering/gradient-overlay): `gradient`
// and its companions, `fade` and its sides, on the picture, and the same parameters on the
// watermark (`mark-gradient*`, `mark-fade*`) and the blend layer (`blend-gradient*`,
// `blend-fade*`). The 11.x catalogue predates all of them; catalogue-additions.ts merges them in.
import type { Expectation, ParameterSpec } from './catalogue.ts';
import type { Params } from './types.ts';

/** The three places the family draws: the picture, the watermark and the blend layer. */
export type GradientLayer = '' | 'mark-' | 'blend-';

export const GRADIENT_LAYERS: readonly GradientLayer[] = ['', 'mark-', 'blend-'];

/** Most colours a gradient takes (gradient page: "2 to 16 comma-separated colors"). */
export const GRADIENT_MAX_COLOURS = 16;

/**
 * gradient-mode: "any blend-mode value, including the CSS names such as soft-light". The
 * catalogue's blend-mode words, then the CSS spellings of the four it writes as one word.
 */
export const GRADIENT_MODES = [
  'normal',
  'multiply',
  'screen',
  'overlay',
  'darken',
  'lighten',
  'dodge',
  'burn',
  'hardlight',
  'softlight',
  'difference',
  'exclusion',
  'hue',
  'saturation',
  'color',
  'luminosity',
  'color-dodge',
  'color-burn',
  'hard-light',
  'soft-light',
] as const;

/** gradient-cs: "srgb, linear, oklab, oklch, lch, hsl, hsv", srgb by default. */
export const GRADIENT_SPACES = ['srgb', 'linear', 'oklab', 'oklch', 'lch', 'hsl', 'hsv'] as const;

/** The spaces with a hue angle, where gradient-hue is read. */
export const GRADIENT_HUE_SPACES = ['oklch', 'lch', 'hsl', 'hsv'] as const;

/** gradient-hue: the CSS Color 4 hue interpolation methods, shorter by default. */
export const GRADIENT_HUE_METHODS = ['shorter', 'longer', 'increasing', 'decreasing'] as const;

/** gradient-radial-size's CSS keywords, farthest-corner by default. */
export const GRADIENT_RADIAL_SIZES = [
  'farthest-corner',
  'farthest-side',
  'closest-corner',
  'closest-side',
] as const;

/**
 * gradient-angle's sides and corners (gradient-angle page: "top, bottom, left, right, top,right,
 * bottom,left and so on"; the watermark's page: a corner names one vertical and one horizontal
 * side, in either order, so top,bottom and three sides are refused).
 */
export const GRADIENT_ANGLE_WORDS: readonly string[] = [
  'top',
  'right',
  'bottom',
  'left',
  ...['top', 'bottom'].flatMap((vertical) =>
    ['left', 'right'].flatMap((horizontal) => [
      `${vertical},${horizontal}`,
      `${horizontal},${vertical}`,
    ]),
  ),
];

/** The fade's sides, each overriding the bare `fade` (fade page). */
export const FADE_SIDES = ['top', 'bottom', 'left', 'right'] as const;

const GRADIENT_COMPANIONS = [
  'type',
  'angle',
  'stops',
  'mode',
  'cs',
  'mask',
  'hue',
  'alpha',
  'radial-shape',
  'radial-size',
  'radial-x',
  'radial-y',
] as const;

/** Every canonical name of the family on one layer: `gradient`, its 12 companions, the fades. */
export function gradientFamilyNames(layer: GradientLayer): string[] {
  return [
    `${layer}gradient`,
    ...GRADIENT_COMPANIONS.map((companion) => `${layer}gradient-${companion}`),
    `${layer}fade`,
    ...FADE_SIDES.map((side) => `${layer}fade-${side}`),
  ];
}

/**
 * A whole number of pixels (times dpr) or a fraction written as a decimal: the "literal rule" of
 * the fade and radial pages ("0.3 is 30% and 1 is one pixel"). Fractions are `number`, not
 * `unit_scalar`, so that `100%` is not a second spelling of one pixel's cache key.
 */
const PIXELS_OR_FRACTION: readonly Expectation[] = [
  { type: 'integer', strict_range: { min: 0 } },
  { type: 'number', strict_range: { min: 0, max: 1 } },
];

/** A centre: pixels (negative ones outside the box) or a -1 to 1 fraction (radial-x and -y pages). */
const CENTRE: readonly Expectation[] = [
  { type: 'integer' },
  { type: 'number', strict_range: { min: -1, max: 1 } },
];

const COLOURS: Expectation = {
  type: 'list',
  members: [{ type: 'hex_color' }, { type: 'color_keyword' }],
  min_length: 2,
  max_length: GRADIENT_MAX_COLOURS,
};

interface Page {
  category: string;
  /** The URL of the family's page for `page` (its name on the picture: `gradient-type`). */
  url(page: string): string;
  /** The family's page names differ on each layer: `watermark-gradient-type`. */
  noun: string;
  /** What the family draws on, in the descriptions. */
  subject: string;
  /** The parameters the family needs on this layer (the watermark needs `mark`). */
  needs: readonly string[];
}

const PAGES: Readonly<Record<GradientLayer, Page>> = {
  '': {
    category: 'gradient-overlay',
    url: (page) => `https://docs.imgix.com/apis/rendering/gradient-overlay/${page}`,
    noun: '',
    subject: 'the picture',
    needs: [],
  },
  'mark-': {
    category: 'watermark',
    url: (page) => `https://docs.imgix.com/apis/rendering/watermark/watermark-${page}`,
    noun: 'watermark ',
    subject: 'the watermark',
    needs: ['mark'],
  },
  // A blend layer is an image or a colour (`blend` or `blend-color`); the step reads the family
  // only when there is one, as the catalogue's dependencies cannot say "either".
  'blend-': {
    category: 'blending',
    url: (page) => `https://docs.imgix.com/apis/rendering/blending/blend-${page}`,
    noun: 'blend layer ',
    subject: 'the blend layer',
    needs: [],
  },
};

/** The catalogue entries of the family on `layer`. */
function layerParameters(layer: GradientLayer): Record<string, ParameterSpec> {
  const page = PAGES[layer];
  const gradient = `${layer}gradient`;
  const type = `${layer}gradient-type`;
  const cs = `${layer}gradient-cs`;
  const spec = (
    name: string,
    pageName: string,
    display: string,
    expects: readonly Expectation[],
    description: string,
    extra: Partial<ParameterSpec> = {},
  ): [string, ParameterSpec] => [
    name,
    {
      display_name: `${page.noun}${display}`,
      category: page.category,
      available_in: ['url'],
      expects,
      url: page.url(pageName),
      short_description: description,
      ...extra,
    },
  ];
  // "A list with fewer than 2 colors ... is ignored in its entirety, and no companion parameter
  // is read either" (gradient page): each companion needs the colours.
  const companion = (needs: readonly string[] = []) => ({ depends: [gradient, ...needs] });
  const radial = companion([`${type}=radial`]);
  const entries: [string, ParameterSpec][] = [
    spec(
      gradient,
      'gradient',
      'gradient',
      [COLOURS],
      `Paints a gradient of 2 to 16 colors (AARRGGBB: alpha first) over ${page.subject}.`,
      page.needs.length > 0 ? { depends: page.needs } : {},
    ),
    spec(
      type,
      'gradient-type',
      'gradient type',
      [{ type: 'string', possible_values: ['linear', 'radial'] }],
      'Draws the gradient as a straight band (linear) or from a point (radial).',
      { default: 'linear', ...companion() },
    ),
    spec(
      `${layer}gradient-angle`,
      'gradient-angle',
      'gradient angle',
      [{ type: 'number' }, { type: 'string', possible_values: GRADIENT_ANGLE_WORDS }],
      'The direction a linear gradient runs: CSS degrees (0 up, clockwise) or a side or corner.',
      { default: 180, ...companion() },
    ),
    spec(
      `${layer}gradient-stops`,
      'gradient-stops',
      'gradient stops',
      [
        {
          type: 'list',
          members: [{ type: 'number', strict_range: { min: 0, max: 100 } }],
          max_length: GRADIENT_MAX_COLOURS,
        },
      ],
      'Where each gradient color sits, 0 to 100, one position per color.',
      companion(),
    ),
    spec(
      `${layer}gradient-mode`,
      'gradient-mode',
      'gradient mode',
      [{ type: 'string', possible_values: GRADIENT_MODES }],
      'The blend mode the gradient is painted with.',
      { default: 'normal', ...companion() },
    ),
    spec(
      cs,
      'gradient-color-space',
      'gradient color space',
      [{ type: 'string', possible_values: GRADIENT_SPACES }],
      'The color space the gradient interpolates in.',
      { default: 'srgb', ...companion() },
    ),
    spec(
      `${layer}gradient-mask`,
      'gradient-mask',
      'gradient mask',
      [{ type: 'boolean' }],
      `Fades ${page.subject} out along the gradient's alpha instead of painting colors.`,
      { default: false, ...companion() },
    ),
    spec(
      `${layer}gradient-hue`,
      'gradient-hue',
      'gradient hue',
      [{ type: 'string', possible_values: GRADIENT_HUE_METHODS }],
      'Which way around the hue wheel the gradient turns, in oklch, lch, hsl and hsv.',
      {
        default: 'shorter',
        depends: [gradient, ...GRADIENT_HUE_SPACES.map((space) => `${cs}=${space}`)],
      },
    ),
    spec(
      `${layer}gradient-alpha`,
      'gradient-alpha',
      'gradient alpha',
      // "Out-of-range values are clamped into range" (gradient-alpha page).
      [{ type: 'number', clamp_range: { min: 0, max: 100 } }],
      'The opacity of the whole gradient, 0 to 100.',
      { default: 100, ...companion() },
    ),
    spec(
      `${layer}gradient-radial-shape`,
      'gradient-radial-shape',
      'gradient radial shape',
      [{ type: 'string', possible_values: ['ellipse', 'circle'] }],
      'A radial gradient as an ellipse (stretched to the box) or a circle.',
      { default: 'ellipse', ...radial },
    ),
    spec(
      `${layer}gradient-radial-size`,
      'gradient-radial-size',
      'gradient radial size',
      [
        { type: 'string', possible_values: GRADIENT_RADIAL_SIZES },
        // "A single pixel radius" (a circle): as in CSS, a lone fraction is no radius.
        { type: 'integer', strict_range: { min: 1 } },
        { type: 'list', length: 2, members: PIXELS_OR_FRACTION },
      ],
      'How far a radial gradient reaches: a CSS keyword, a radius, or two radii.',
      { default: 'farthest-corner', ...radial },
    ),
    spec(
      `${layer}gradient-radial-x`,
      'gradient-radial-x',
      'gradient radial x',
      CENTRE,
      'The horizontal centre of a radial gradient: pixels or a fraction of the width.',
      radial,
    ),
    spec(
      `${layer}gradient-radial-y`,
      'gradient-radial-y',
      'gradient radial y',
      CENTRE,
      'The vertical centre of a radial gradient: pixels or a fraction of the height.',
      radial,
    ),
    spec(
      `${layer}fade`,
      'fade',
      'fade',
      PIXELS_OR_FRACTION,
      `Fades every edge of ${page.subject} to transparent: pixels or a fraction of the side.`,
      page.needs.length > 0 ? { depends: page.needs } : {},
    ),
    ...FADE_SIDES.map((side) =>
      spec(
        `${layer}fade-${side}`,
        `fade-${side}`,
        `fade ${side}`,
        PIXELS_OR_FRACTION,
        `Fades the ${side} edge of ${page.subject}, overriding ${layer}fade there.`,
        page.needs.length > 0 ? { depends: page.needs } : {},
      ),
    ),
  ];
  return Object.fromEntries(entries);
}

/** The family's catalogue entries on the picture, the watermark and the blend layer. */
export const GRADIENT_OVERLAY_PARAMETERS: Readonly<Record<string, ParameterSpec>> =
  Object.fromEntries(GRADIENT_LAYERS.flatMap((layer) => Object.entries(layerParameters(layer))));

/** A parameter of a query, as parse.ts refuses it: the canonical name and what was expected. */
export interface RelatedValueIssue {
  name: string;
  expected: string;
}

/**
 * The refusals no single value shows: `gradient-stops` must give one position per colour of
 * `gradient` (gradient-stops page: "Pass one position per color"). imgix ignores a list of the
 * wrong length; Darkroom answers 400 for it, as for any other value it cannot render as written.
 */
export function gradientStopsIssues(params: Pick<Params, 'list'>): RelatedValueIssue[] {
  return GRADIENT_LAYERS.flatMap((layer) => {
    const colours = params.list(`${layer}gradient`);
    const stops = params.list(`${layer}gradient-stops`);
    if (colours === undefined || stops === undefined || stops.length === colours.length) return [];
    return [
      {
        name: `${layer}gradient-stops`,
        expected: `${colours.length} comma-separated numbers between 0 and 100, one for each color of "${layer}gradient"`,
      },
    ];
  });
}
