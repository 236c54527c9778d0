import { describe, expect, it } from 'vitest';
import { pixelRows } from '../testing/raw-pixels.ts';
import {
  escapeCssIdentifier,
  hexOf,
  paletteCss,
  paletteDocument,
  type PaletteDocument,
} from './palette-document.ts';
import { colourHistogram } from './quantize.ts';

const RED = [220, 40, 40] as const;
const WHITE = [255, 255, 255] as const;
const BLACK = [0, 0, 0] as const;

describe('palette document', () => {
  it('lists the colours as 0-1 channels with their hex, in imgix key order', () => {
    const document = paletteDocument(colourHistogram(pixelRows([[RED, RED, WHITE]])), 6);
    expect(Object.keys(document)).toEqual(['colors', 'average_luminance', 'dominant_colors']);
    expect(document.colors).toEqual([
      { red: 0.862745, green: 0.156863, blue: 0.156863, hex: '#dc2828' },
      { red: 1, green: 1, blue: 1, hex: '#ffffff' },
    ]);
    expect(document.dominant_colors.vibrant?.hex).toBe('#dc2828');
  });

  it('gives the mean luma of the visible pixels as average_luminance', () => {
    const half = paletteDocument(colourHistogram(pixelRows([[BLACK, WHITE]])), 6);
    expect(half.average_luminance).toBeCloseTo(0.5, 6);
    const hidden = pixelRows([
      [
        [0, 0, 0, 255],
        [255, 255, 255, 0],
      ],
    ]);
    expect(paletteDocument(colourHistogram(hidden), 6).average_luminance).toBe(0);
  });

  it('writes hex in lower case with two digits per channel', () => {
    expect(hexOf({ red: 10, green: 171.6, blue: 255 })).toBe('#0aacff');
  });
});

describe('palette css', () => {
  const document = (hexes: string[]): PaletteDocument => ({
    colors: hexes.map((hex) => ({
      red: parseInt(hex.slice(1, 3), 16) / 255,
      green: parseInt(hex.slice(3, 5), 16) / 255,
      blue: parseInt(hex.slice(5, 7), 16) / 255,
      hex,
    })),
    average_luminance: 0.5,
    dominant_colors: {},
  });

  it('writes a foreground and a background class per colour, then white and black', () => {
    expect(paletteCss(document(['#ffd807', '#04a450']), 'frog')).toBe(
      [
        '.frog-fg-1 { color:#ffd807 !important; }',
        '.frog-bg-1 { background-color:#ffd807 !important; }',
        '.frog-fg-2 { color:#04a450 !important; }',
        '.frog-bg-2 { background-color:#04a450 !important; }',
        '.frog-fg-ex-1 { color:#ffffff !important; }',
        '.frog-bg-ex-1 { background-color:#ffffff !important; }',
        '.frog-fg-ex-2 { color:#000000 !important; }',
        '.frog-bg-ex-2 { background-color:#000000 !important; }',
        '',
      ].join('\n'),
    );
  });

  it('puts black first when the leading colour is dark', () => {
    const css = paletteCss(document(['#0d0c10']), 'image');
    expect(css).toContain('.image-fg-ex-1 { color:#000000 !important; }');
    expect(css).toContain('.image-fg-ex-2 { color:#ffffff !important; }');
  });

  it('escapes a prefix that is not a valid class name on its own', () => {
    expect(escapeCssIdentifier('image')).toBe('image');
    expect(escapeCssIdentifier('1st')).toBe('\\31 st');
    expect(escapeCssIdentifier('a}b{c')).toBe('a\\}b\\{c');
    expect(escapeCssIdentifier('-')).toBe('\\-');
    expect(escapeCssIdentifier('héllo_x-y')).toBe('héllo_x-y');
    expect(paletteCss(document([]), 'x} body{')).toContain('.x\\}\\ body\\{-fg-ex-1');
  });
});
