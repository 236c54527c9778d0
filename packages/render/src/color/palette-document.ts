import { type DominantName, dominanceCandidates, dominantColours } from './dominant-colours.ts';
import { luma } from './pixels.ts';
import { type ColourHistogram, quantize, type Swatch } from './quantize.ts';

/** A colour as imgix's palette JSON writes it: 0-1 channels and a lower-case hex. */
interface PaletteColour {
  red: number;
  green: number;
  blue: number;
  hex: string;
}

/** The body of `palette=json`, keys in imgix's order. */
export interface PaletteDocument {
  colors: PaletteColour[];
  average_luminance: number;
  dominant_colors: Partial<Record<DominantName, PaletteColour>>;
}

/** imgix writes six decimals. */
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

export function hexOf(swatch: Pick<Swatch, 'red' | 'green' | 'blue'>): string {
  const byte = (value: number) =>
    Math.min(255, Math.max(0, Math.round(value)))
      .toString(16)
      .padStart(2, '0');
  return `#${byte(swatch.red)}${byte(swatch.green)}${byte(swatch.blue)}`;
}

function paletteColour(swatch: Swatch): PaletteColour {
  // Channels are the rounded 8-bit colour, so they agree with the hex.
  const channel = (value: number) => round6(Math.min(255, Math.max(0, Math.round(value))) / 255);
  return {
    red: channel(swatch.red),
    green: channel(swatch.green),
    blue: channel(swatch.blue),
    hex: hexOf(swatch),
  };
}

/**
 * The palette of an image, from its colour histogram: the `colourCount` most frequent colours
 * (imgix's "default set"), the named dominance set, and the mean luma (0-1) of the visible
 * pixels.
 */
export function paletteDocument(histogram: ColourHistogram, colourCount: number): PaletteDocument {
  const colours = quantize(histogram, colourCount);
  const named = dominantColours(dominanceCandidates(histogram));
  const dominant: Partial<Record<DominantName, PaletteColour>> = {};
  for (const [name, swatch] of Object.entries(named) as [DominantName, Swatch][]) {
    dominant[name] = paletteColour(swatch);
  }
  return {
    colors: colours.map(paletteColour),
    average_luminance: round6(averageLuma(histogram)),
    dominant_colors: dominant,
  };
}

function averageLuma(histogram: ColourHistogram): number {
  if (histogram.total === 0) return 0;
  let sum = 0;
  for (let cell = 0; cell < histogram.counts.length; cell += 1) {
    if ((histogram.counts[cell] ?? 0) === 0) continue;
    sum += luma(
      histogram.sums[cell * 3] ?? 0,
      histogram.sums[cell * 3 + 1] ?? 0,
      histogram.sums[cell * 3 + 2] ?? 0,
    );
  }
  return sum / histogram.total / 255;
}

/** CSS identifier escaping (CSSOM `CSS.escape`), so any `prefix` makes a valid class name. */
export function escapeCssIdentifier(value: string): string {
  let escaped = '';
  const characters = [...value];
  characters.forEach((character, index) => {
    const code = character.codePointAt(0) ?? 0;
    if (code === 0) {
      escaped += '\uFFFD';
    } else if (
      (code >= 0x1 && code <= 0x1f) ||
      code === 0x7f ||
      (index === 0 && code >= 0x30 && code <= 0x39) ||
      (index === 1 && code >= 0x30 && code <= 0x39 && characters[0] === '-')
    ) {
      escaped += `\\${code.toString(16)} `;
    } else if (index === 0 && character === '-' && characters.length === 1) {
      escaped += `\\${character}`;
    } else if (code >= 0x80 || /[\w-]/.test(character)) {
      escaped += character;
    } else {
      escaped += `\\${character}`;
    }
  });
  return escaped;
}

/**
 * The body of `palette=css`: a foreground and a background class per colour, numbered from 1,
 * then white and black as `ex-1` and `ex-2` "to make displaying a swatch set easier". imgix's
 * published outputs put white first for a light leading colour and black first for a dark one,
 * so the extreme nearer the leading colour comes first.
 */
export function paletteCss(document: PaletteDocument, prefix: string): string {
  const name = escapeCssIdentifier(prefix);
  const lines: string[] = [];
  const addPair = (suffix: string, hex: string) => {
    lines.push(`.${name}-fg-${suffix} { color:${hex} !important; }`);
    lines.push(`.${name}-bg-${suffix} { background-color:${hex} !important; }`);
  };
  document.colors.forEach((colour, index) => addPair(String(index + 1), colour.hex));
  const leading = document.colors[0];
  const leadingLuma = leading
    ? luma(leading.red, leading.green, leading.blue)
    : document.average_luminance;
  const extremes = leadingLuma >= 0.5 ? ['#ffffff', '#000000'] : ['#000000', '#ffffff'];
  extremes.forEach((hex, index) => addPair(`ex-${index + 1}`, hex));
  return `${lines.join('\n')}\n`;
}
