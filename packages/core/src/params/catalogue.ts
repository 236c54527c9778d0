// The imgix rendering-parameter catalogue (editor spec section 3), typed once here so the rest of
// core never reads the JSON shape directly.
import catalogueJson from 'imgix-url-params/dist/parameters.json' with { type: 'json' };
import { withAdditions } from './catalogue-additions.ts';

export interface NumericRange {
  readonly min?: number;
  readonly max?: number;
}

type ExpectedType =
  | 'integer'
  | 'number'
  | 'unit_scalar'
  | 'boolean'
  | 'string'
  | 'hex_color'
  | 'color_keyword'
  | 'ratio'
  | 'list'
  | 'url'
  | 'path'
  | 'font'
  | 'timestamp'
  | 'interval'
  /** Darkroom's own: an ISO 639-1 or ISO 639-2 code, read as its shortest form (language-codes.ts). */
  | 'language';

/**
 * One accepted form of a value. Lists may carry positional member forms under the keys "0",
 * "1", ... (read them with `listPositions`); intervals carry their bound forms.
 */
export interface Expectation {
  readonly type: ExpectedType;
  readonly strict_range?: NumericRange;
  /**
   * Darkroom's own: a value past this range is held at its bound before `strict_range` is
   * checked, for the parameters imgix documents as clamped rather than refused.
   */
  readonly clamp_range?: NumericRange;
  readonly suggested_range?: NumericRange;
  readonly possible_values?: readonly (string | number)[];
  readonly length?: number;
  readonly default?: string | number | boolean;
  readonly lower_bound?: Expectation;
  readonly upper_bound?: Expectation;
  /** Darkroom's own: the forms each member of a list of like members takes (plain text without). */
  readonly members?: readonly Expectation[];
  /** Darkroom's own: the most members a list of like members takes. */
  readonly max_length?: number;
  /** Darkroom's own: the fewest members a list of like members takes. */
  readonly min_length?: number;
  /**
   * Darkroom's own, on `list`: what separates the members, where imgix documents another mark
   * than the comma (`video-wave-color`'s channels are pipe-separated).
   */
  readonly separator?: ListSeparator;
  /**
   * Darkroom's own, on `hex_color`: the alpha digits come last (RGBA, RRGGBBAA) instead of first
   * as in imgix's image colours (ARGB, AARRGGBB).
   */
  readonly alpha_last?: boolean;
  /**
   * Darkroom's own: a form accepted but left out of the message refusing a value, which names
   * the other forms only (`fit`'s fallback lists: the message stays the catalogue's list of modes).
   */
  readonly unlisted?: boolean;
}

/** The marks that separate a list's members; a comma unless the list says otherwise. */
export type ListSeparator = ',' | '|';

export interface ParameterSpec {
  readonly display_name: string;
  readonly category: string;
  readonly available_in: readonly string[];
  readonly expects: readonly Expectation[];
  readonly depends?: readonly string[];
  readonly url: string;
  readonly short_description: string;
  readonly disallow_base64?: boolean;
  readonly default?: string | number | boolean;
  readonly aliases?: readonly string[];
}

export interface Catalogue {
  readonly version: string;
  readonly parameters: Readonly<Record<string, ParameterSpec>>;
  readonly aliases: Readonly<Record<string, string>>;
  readonly categoryValues: readonly string[];
  readonly colorKeywordValues: readonly string[];
  readonly fontValues: readonly string[];
}

/**
 * The `imgix-url-params` catalogue (203 parameters with types, ranges, aliases and defaults),
 * with the parameters and values imgix documents since (catalogue-additions.ts).
 */
export const CATALOGUE = withAdditions(catalogueJson as unknown as Catalogue);

/** Canonical catalogue names, sorted. */
export const PARAMETER_NAMES: readonly string[] = Object.keys(CATALOGUE.parameters).sort();

const canonicalByName = buildNameIndex();

function buildNameIndex(): ReadonlyMap<string, string> {
  const index = new Map<string, string>();
  for (const [alias, canonical] of Object.entries(CATALOGUE.aliases)) {
    if (canonical in CATALOGUE.parameters) index.set(alias, canonical);
  }
  for (const [canonical, spec] of Object.entries(CATALOGUE.parameters)) {
    for (const alias of spec.aliases ?? []) index.set(alias, canonical);
  }
  // A canonical name always means itself, even where an alias of another spells the same.
  for (const canonical of Object.keys(CATALOGUE.parameters)) index.set(canonical, canonical);
  return index;
}

/** The canonical name for a catalogue name or alias (`width` -> `w`); undefined when unknown. */
export function canonicalName(name: string): string | undefined {
  return canonicalByName.get(name);
}

/** The catalogue entry of a canonical name or alias. */
export function parameterSpec(name: string): ParameterSpec | undefined {
  const canonical = canonicalByName.get(name);
  return canonical === undefined ? undefined : CATALOGUE.parameters[canonical];
}

/** A list's positional member forms (`rect`: four), or undefined for a list of like members. */
export function listPositions(
  expectation: Expectation,
): readonly (readonly Expectation[])[] | undefined {
  const positional = expectation as unknown as Readonly<Record<string, readonly Expectation[]>>;
  if (positional['0'] === undefined) return undefined;
  const positions: (readonly Expectation[])[] = [];
  for (let index = 0; positional[String(index)] !== undefined; index += 1) {
    positions.push(positional[String(index)] ?? []);
  }
  return positions;
}

/**
 * Where an output side past the render's limit is held before any arithmetic: far past any side
 * a render makes (8192, times a dpr of 5), so the ratio of w to h that the sized-down output keeps
 * is exact for any side a person writes, and small enough that w × h × dpr² is still an exact
 * integer in a double. A value of any length, digits past what a double holds included, is held.
 */
export const HELD_OUTPUT_SIDE = 10_000_000;

/** The catalogue's forms of an output side with its pixel maximum turned into a hold. */
function sizedDown(name: string): readonly Expectation[] {
  return (CATALOGUE.parameters[name]?.expects ?? []).map((expectation) =>
    expectation.type === 'integer'
      ? {
          ...expectation,
          strict_range: { min: expectation.strict_range?.min ?? 1 },
          clamp_range: { max: HELD_OUTPUT_SIDE },
        }
      : expectation,
  );
}

/** The most languages `video-subtitle-translations` names. */
export const MAX_SUBTITLE_TRANSLATIONS = 10;

/** The most colours `video-wave-color` lists: one per audio channel, 7.1 sound's eight. */
export const MAX_WAVE_COLORS = 8;

/**
 * `video-wave-color`: the catalogue's one colour (alpha last, catalogue-additions.ts), or one per
 * audio channel written `FF6B9D|00E5FF`, each member read as that one colour is.
 */
function waveColors(): readonly Expectation[] {
  const color = CATALOGUE.parameters['video-wave-color']?.expects ?? [];
  return [
    ...color,
    {
      type: 'list',
      separator: '|',
      members: color,
      min_length: 2,
      max_length: MAX_WAVE_COLORS,
    },
  ];
}

const RECT_SIZE: readonly Expectation[] = [
  { type: 'integer', strict_range: { min: 1 } },
  { type: 'unit_scalar', strict_range: { min: 0, max: 1 } },
  { type: 'string', possible_values: ['full'] },
];

/**
 * `fit=facearea,fill` and `fit=facearea,fillmax`: the mode a face area falls back to when no face
 * is found. docs.imgix.com/apis/rendering/size/resize-fit-mode: "Fallback parameters can also be
 * set in addition to fit=facearea. For example, a combination of fit=facearea,fill can be used.
 * When a face is not detected in the image, the image will fall back to fill the image instead of
 * cropping it to a face"; docs.imgix.com/apis/rendering/fill/fill-max names fit=facearea,fillmax.
 * No other list is documented, so no other is accepted.
 */
const FACE_AREA_FALLBACK = {
  type: 'list',
  unlisted: true,
  '0': [{ type: 'string', possible_values: ['facearea'] }],
  '1': [{ type: 'string', possible_values: ['fill', 'fillmax'] }],
} as Expectation;

/**
 * Where the catalogue's `expects` disagrees with imgix's documentation, the documentation wins.
 */
const CORRECTED_EXPECTS: Readonly<Record<string, readonly Expectation[]>> = {
  // docs.imgix.com/apis/rendering/size/source-rectangle-region: rect's w and h take an integer,
  // a float (a fraction of the source) or `full`; the catalogue lists integers only.
  rect: [
    {
      ...(CATALOGUE.parameters.rect?.expects[0] ?? { type: 'list' }),
      ...({ '2': RECT_SIZE, '3': RECT_SIZE } as object),
    } as Expectation,
  ],
  // docs.imgix.com/apis/rendering/animation/frame-selection: frames count from 1, and `-N` is
  // the range 1-N, which the catalogue's unbounded integer would read as the number -N.
  frame: [
    { type: 'integer', strict_range: { min: 1 } },
    ...(CATALOGUE.parameters.frame?.expects.slice(1) ?? []),
  ],
  // docs.imgix.com/apis/rendering/text/text-outline: an outline imgix draws inside the letters'
  // edges, so no width past the strokes of the largest type shows; the catalogue bounds only the
  // minimum. Darkroom draws it as a disc dilation whose cost grows with the width, and bounds it.
  'txt-line': [{ type: 'integer', strict_range: { min: 0, max: 100 } }],
  // docs.imgix.com/apis/rendering/size/image-width (and image-height): "The maximum output image
  // size on imgix is 8192×8192 pixels. All output images will be sized down to accommodate this
  // limit." So a larger w or h is no error: the render sizes the output down keeping its aspect
  // ratio (render pipeline/budget.ts). min-w, max-w, min-h and max-h are sizes of the same output
  // ("Must be an integer greater than 0", no maximum) and are sized down alike.
  w: sizedDown('w'),
  h: sizedDown('h'),
  'min-w': sizedDown('min-w'),
  'max-w': sizedDown('max-w'),
  'min-h': sizedDown('min-h'),
  'max-h': sizedDown('max-h'),
  // docs.imgix.com/apis/video/subtitles/video-subtitle-translations: "a comma-separated list of
  // ISO 639-1 or ISO 639-2 language codes"; the catalogue types any list. Each language is a
  // track to translate and to package, so a URL names a bounded number of them.
  'video-subtitle-translations': [
    { type: 'list', members: [{ type: 'language' }], max_length: MAX_SUBTITLE_TRANSLATIONS },
  ],
  fit: [...(CATALOGUE.parameters.fit?.expects ?? []), FACE_AREA_FALLBACK],
  // docs.imgix.com/apis/rendering/pixel-density/dpr: "The default is 1 and the maximum value is 5":
  // a larger dpr is held at 5.
  dpr: [{ type: 'number', strict_range: { min: 0 }, clamp_range: { max: 5 } }],
  // docs.imgix.com/apis/video/audio-waveforms/video-wave-color: "For multi-channel visualizations
  // (used with video-wave-split), you can assign different colors to each channel by passing
  // pipe-separated (|) values"; the catalogue types one colour. One colour per channel, so a URL
  // names no more of them than a track has channels (7.1 at most).
  'video-wave-color': waveColors(),
};

/** The accepted forms of a canonical name's value, in the order they are tried. */
export function expectationsOf(canonical: string): readonly Expectation[] {
  return CORRECTED_EXPECTS[canonical] ?? CATALOGUE.parameters[canonical]?.expects ?? [];
}
