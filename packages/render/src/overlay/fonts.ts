/**
 * Maps imgix `txt-font` values to the font families installed with the renderer: DejaVu Sans,
 * Sans Mono and Serif (Debian fonts-dejavu-core) and Liberation Sans, Sans Narrow, Serif and
 * Mono (fonts-liberation). imgix accepts about a thousand typeface names (the catalogue's
 * `fontValues`, mostly macOS PostScript names) or a CSS generic family, optionally followed by
 * `,bold` and `,italic` (docs.imgix.com/apis/rendering/text/txt-font). Each name goes to the
 * installed family closest in kind, keeping the weight and slant its name spells.
 */

type InstalledFamily =
  | 'DejaVu Sans'
  | 'DejaVu Sans Mono'
  | 'DejaVu Serif'
  | 'Liberation Sans'
  | 'Liberation Sans Narrow'
  | 'Liberation Serif'
  | 'Liberation Mono';

export interface FontChoice {
  family: InstalledFamily;
  weight: 'light' | 'normal' | 'bold';
  style: 'normal' | 'italic';
}

/** imgix draws text in HelveticaNeue when `txt-font` is absent; Liberation Sans shares its metrics. */
export const DEFAULT_FONT: FontChoice = {
  family: 'Liberation Sans',
  weight: 'normal',
  style: 'normal',
};

const GENERIC_FAMILIES: Readonly<Record<string, FontChoice>> = {
  'sans-serif': { family: 'DejaVu Sans', weight: 'normal', style: 'normal' },
  serif: { family: 'DejaVu Serif', weight: 'normal', style: 'normal' },
  monospace: { family: 'DejaVu Sans Mono', weight: 'normal', style: 'normal' },
  // No script or display faces are installed: a slanted serif is the nearest to handwriting,
  // a heavy sans the nearest to a display face.
  cursive: { family: 'DejaVu Serif', weight: 'normal', style: 'italic' },
  fantasy: { family: 'DejaVu Sans', weight: 'bold', style: 'normal' },
};

// Order matters: a whole name (style included) is tested against these in turn and the first
// match wins, so no pattern may name a style word (`Avenir-Roman` is no serif).
const FAMILY_RULES: readonly { pattern: RegExp; family: InstalledFamily | 'cursive' }[] = [
  { pattern: /^dejavusansmono/i, family: 'DejaVu Sans Mono' },
  { pattern: /^dejavuserif/i, family: 'DejaVu Serif' },
  { pattern: /^dejavusans/i, family: 'DejaVu Sans' },
  { pattern: /^liberationsansnarrow/i, family: 'Liberation Sans Narrow' },
  { pattern: /^liberationsans/i, family: 'Liberation Sans' },
  { pattern: /^liberationserif/i, family: 'Liberation Serif' },
  { pattern: /^liberationmono/i, family: 'Liberation Mono' },
  // Liberation is metric-compatible with Courier, Times and Arial (itself Helvetica's twin).
  { pattern: /courier|nimbusmon/i, family: 'Liberation Mono' },
  { pattern: /mono|menlo|monaco|consol|code|typewriter/i, family: 'DejaVu Sans Mono' },
  { pattern: /^times|nimbusrom|^tinos/i, family: 'Liberation Serif' },
  {
    pattern: /(arial|helvetica|nimbussan).*(narrow|condensed)|impact/i,
    family: 'Liberation Sans Narrow',
  },
  { pattern: /arial|helvetica|nimbussan|arimo/i, family: 'Liberation Sans' },
  {
    pattern:
      /chancery|zapfino|snell|script|brush|handitc|bradleyhand|savoye|signpainter|z003|markerfelt|noteworthy|chalk|comic|nanumpen|luminari/i,
    family: 'cursive',
  },
  { pattern: /sans|gothic|kaku|maru|grotesk/i, family: 'DejaVu Sans' },
  {
    pattern:
      /serif|georgia|garamond|baskerville|palatino|palladio|bodoni|didot|caslon|hoefler|mincho|myeongjo|myungjo|song|kaiti|fangsong|bookman|century|cochin|charter|athelas|iowan|rockwell|clarendon|marion|trattatello|p052|peninim|stixgeneral|big ?caslon|cambria|constantia|lora|merriweather|playfair/i,
    family: 'DejaVu Serif',
  },
];

const BOLD = /bold|black|heavy|demi|medi(?!um)|^w[6-9]$/i;
const LIGHT = /light|ligh$|thin|hairline|^w[0-3]$/i;
const ITALIC = /ital|obli|inclined/i;
/** A style glued to the end of a family name: `MshtakanBoldOblique`, `WaseemLight`. */
const GLUED_STYLE =
  /(?:extra|ultra|semi|demi)?(?:bold|black|heavy|light|thin)?(?:italic|oblique)?$/i;

/**
 * The installed font for a `txt-font` value (`HelveticaNeue-Bold`, `Futura Condensed Medium`,
 * `serif,bold,italic`); the default face when the value is absent or empty.
 */
export function resolveFont(value: string | undefined): FontChoice {
  const [name = '', ...options] = (value ?? '').split(',').map((part) => part.trim());
  if (name === '' && options.length === 0) return DEFAULT_FONT;
  const base = GENERIC_FAMILIES[name.toLowerCase()] ?? fromTypefaceName(name);
  const lowered = options.map((option) => option.toLowerCase());
  return {
    family: base.family,
    weight: lowered.includes('bold') ? 'bold' : base.weight,
    style: lowered.includes('italic') ? 'italic' : base.style,
  };
}

function fromTypefaceName(name: string): FontChoice {
  const compact = name.replace(/\s+/g, '');
  // PostScript names put the style after the last hyphen (`Avenir-BlackOblique`); display
  // names after the first word (`Futura Condensed Medium`).
  const hyphen = compact.lastIndexOf('-');
  const familyText = hyphen > 0 ? compact.slice(0, hyphen) : compact;
  const styleText =
    hyphen > 0 ? compact.slice(hyphen + 1) : name.trim().split(/\s+/).slice(1).join('');
  const styles = [styleText, GLUED_STYLE.exec(familyText)?.[0] ?? ''].filter((text) => text !== '');
  const family = FAMILY_RULES.find(({ pattern }) => pattern.test(compact))?.family ?? 'DejaVu Sans';
  const bold = styles.some((text) => BOLD.test(text));
  const light = !bold && styles.some((text) => LIGHT.test(text));
  const italic = styles.some((text) => ITALIC.test(text));
  return {
    family: family === 'cursive' ? 'DejaVu Serif' : family,
    weight: bold ? 'bold' : light ? 'light' : 'normal',
    style: italic || family === 'cursive' ? 'italic' : 'normal',
  };
}
