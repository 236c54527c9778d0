import { dutch } from './languages/nl.ts';
import { english } from './languages/en.ts';
import { french } from './languages/fr.ts';
import { german } from './languages/de.ts';
import { italian } from './languages/it.ts';
import { portuguese } from './languages/pt.ts';
import { spanish } from './languages/es.ts';
import type { AltTextGrammar } from './types.ts';

export const ALT_TEXT_GRAMMARS = {
  en: english,
  es: spanish,
  fr: french,
  de: german,
  it: italian,
  pt: portuguese,
  nl: dutch,
} as const satisfies Record<string, AltTextGrammar>;

export type AltTextLanguageCode = keyof typeof ALT_TEXT_GRAMMARS;

/** A language alt text can be written in; `templated` ones fill fixed sentence patterns. */
export interface AltTextLanguageInfo {
  /** ISO 639-1 code: a BCP 47 tag whose primary language subtag is this one uses it. */
  code: AltTextLanguageCode;
  /** English name, for the dashboard. */
  name: string;
  /** The language's own name for itself. */
  nativeName: string;
  /**
   * English sentences are composed for the scene (articles, counts, order); the others fill one
   * sentence pattern with translated words, so they read correctly but always the same way.
   */
  templated: boolean;
}

/** How many languages an account may ask alt text in (assets/manual-alt-text). */
export const MAX_ALT_TEXT_LANGUAGES = 10;

export const ALT_TEXT_LANGUAGES: readonly AltTextLanguageInfo[] = [
  { code: 'en', name: 'English', nativeName: 'English', templated: false },
  { code: 'es', name: 'Spanish', nativeName: 'Español', templated: true },
  { code: 'fr', name: 'French', nativeName: 'Français', templated: true },
  { code: 'de', name: 'German', nativeName: 'Deutsch', templated: true },
  { code: 'it', name: 'Italian', nativeName: 'Italiano', templated: true },
  { code: 'pt', name: 'Portuguese (Brazilian words)', nativeName: 'Português', templated: true },
  { code: 'nl', name: 'Dutch', nativeName: 'Nederlands', templated: true },
];

/** The supported language a BCP 47 tag asks for ('pt-BR' -> 'pt'), or null. */
export function altTextLanguageOf(tag: string): AltTextLanguageInfo | null {
  const primary = tag.trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
  return ALT_TEXT_LANGUAGES.find((language) => language.code === primary) ?? null;
}

/**
 * Whether alt text in this language comes from fixed templates; false for English and for tags no
 * language here serves (check altTextLanguageOf first).
 */
export function isTemplatedLanguage(tag: string): boolean {
  return altTextLanguageOf(tag)?.templated ?? false;
}
