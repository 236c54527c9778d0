import type { FontChoice } from './fonts.ts';

/**
 * libvips draws text from Pango markup, so a request's `txt` is markup unless escaped: `<span
 * foreground="red">` would restyle the text and a stray `<` would fail the render. Everything
 * the user typed goes through `escapeMarkup`; only this module writes tags.
 */

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

// Pango's markup parser follows XML 1.0, which forbids control characters (but tab and line
// feed), lone surrogates and U+FFFE / U+FFFF even as entities.
const NOT_XML = /[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]/gu;
const KEPT_CONTROLS = new Set(['\n', '\t']);

/** Text made safe to place between Pango markup tags: what renders is what was typed. */
export function escapeMarkup(text: string): string {
  return text
    .replace(NOT_XML, (character) => (KEPT_CONTROLS.has(character) ? character : ''))
    .replace(/[&<>"']/g, (character) => ENTITIES[character] ?? '');
}

export interface TextStyle {
  font: FontChoice;
  /** Font size in pixels (rendered at 72 dpi, where a point is a pixel). */
  sizePx: number;
  /** Extra space between letters in pixels, negative to tighten (`txt-track`). */
  trackingPx: number;
  /** Fill colour as `#rrggbb`; alpha is applied to the rendered pixels afterwards. */
  colourHex: string;
}

/** Pango sizes are in 1024ths of a point. */
const PANGO_SCALE = 1024;

/** The markup for `text` in `style`, ready for sharp's `text` input at 72 dpi. */
export function textMarkup(text: string, style: TextStyle): string {
  const attributes: [string, string][] = [
    ['font_family', style.font.family],
    ['font_weight', style.font.weight],
    ['font_style', style.font.style],
    ['font_size', String(Math.max(1, Math.round(style.sizePx * PANGO_SCALE)))],
    ['foreground', style.colourHex],
  ];
  if (style.trackingPx !== 0) {
    attributes.push(['letter_spacing', String(Math.round(style.trackingPx * PANGO_SCALE))]);
  }
  const rendered = attributes.map(([name, value]) => `${name}="${escapeMarkup(value)}"`).join(' ');
  return `<span ${rendered}>${escapeMarkup(text)}</span>`;
}
