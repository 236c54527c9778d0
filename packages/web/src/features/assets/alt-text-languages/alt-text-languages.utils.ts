import {
  altTextLanguageOf,
  MAX_ALT_TEXT_LANGUAGES,
  type AltTextLanguageCode,
} from '@darkroom/core';
import { isApiRequestError } from '../../../api/client.ts';
import { errorMessageOf } from '../../forms/server-errors.utils.ts';

export const SAVED_MESSAGE = 'Alt text languages saved; alt text is being rewritten.';

/** The catalogue language a saved tag uses ('pt-BR' -> 'pt'), or null for a tag it no longer serves. */
function languageCodeOf(tag: string): AltTextLanguageCode | null {
  return altTextLanguageOf(tag)?.code ?? null;
}

export function isLanguageChosen(tags: readonly string[], code: AltTextLanguageCode): boolean {
  return tags.some((tag) => languageCodeOf(tag) === code);
}

export type LanguageToggle =
  { ok: true; tags: string[] } | { ok: false; reason: 'last-language' | 'too-many' };

/**
 * Checks or unchecks one catalogue language. Saved tags keep their region ('pt-BR' stays as it
 * is) and their order, so saving an untouched language never changes it.
 */
export function toggleLanguage(
  tags: readonly string[],
  code: AltTextLanguageCode,
  checked: boolean,
): LanguageToggle {
  if (checked) {
    if (isLanguageChosen(tags, code)) return { ok: true, tags: [...tags] };
    if (tags.length >= MAX_ALT_TEXT_LANGUAGES) return { ok: false, reason: 'too-many' };
    return { ok: true, tags: [...tags, code] };
  }
  const remaining = tags.filter((tag) => languageCodeOf(tag) !== code);
  if (remaining.length === 0) return { ok: false, reason: 'last-language' };
  return { ok: true, tags: remaining };
}

const LANGUAGE_ITEM_POINTER = /^\/data\/attributes\/languages\/(\d+)$/;

/** A refused save: messages beside the languages they name, and one for the list as a whole. */
export interface LanguageErrors {
  byLanguage: Partial<Record<AltTextLanguageCode, string>>;
  general: string | null;
}

/**
 * Maps the server's errors onto the dialog: a pointer `/data/attributes/languages/{index}` names
 * the tag sent at that index, so its message goes beside that language's checkbox.
 */
export function languageErrorsOf(error: unknown, sentTags: readonly string[]): LanguageErrors {
  const byLanguage: LanguageErrors['byLanguage'] = {};
  const others: string[] = [];
  if (isApiRequestError(error) && error.status === 422) {
    for (const item of error.errors) {
      const index = item.source?.pointer?.match(LANGUAGE_ITEM_POINTER)?.[1];
      const tag = index === undefined ? undefined : sentTags[Number(index)];
      const code = tag === undefined ? null : languageCodeOf(tag);
      const message = item.detail || item.title;
      if (code !== null && byLanguage[code] === undefined) byLanguage[code] = message;
      else others.push(message);
    }
  }
  const placed = Object.keys(byLanguage).length > 0;
  const general = others.length > 0 ? others.join(' ') : placed ? null : errorMessageOf(error);
  return { byLanguage, general };
}
