import { altTextLanguageOf } from '@darkroom/core';

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/**
 * The English name of an alt-text language tag: the alt-text vocabulary's own name when there
 * is one (it says 'Brazilian words' for pt, as honestly as the text is), else the browser's.
 */
export function altTextLanguageName(tag: string): string {
  const known = altTextLanguageOf(tag);
  if (known !== null) return known.name;
  try {
    return languageNames.of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** A label's confidence (0 to 1) as a whole percentage, never rounded up to a certain 100%. */
export function confidencePercent(confidence: number): string {
  return `${Math.min(99, Math.round(confidence * 100))}%`;
}
