import { MAX_ALT_TEXT_LANGUAGES } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../api/client.ts';
import { isLanguageChosen, languageErrorsOf, toggleLanguage } from './alt-text-languages.utils.ts';

describe('toggleLanguage', () => {
  it('appends a newly checked language and keeps the saved tags and their order', () => {
    expect(toggleLanguage(['pt-BR', 'en'], 'de', true)).toEqual({
      ok: true,
      tags: ['pt-BR', 'en', 'de'],
    });
  });

  it('removes every tag of an unchecked language, region variants included', () => {
    expect(toggleLanguage(['en', 'pt-BR', 'pt-PT'], 'pt', false)).toEqual({
      ok: true,
      tags: ['en'],
    });
  });

  it('refuses to remove the last language', () => {
    expect(toggleLanguage(['pt-BR'], 'pt', false)).toEqual({ ok: false, reason: 'last-language' });
  });

  it('refuses an eleventh tag', () => {
    const full = Array.from({ length: MAX_ALT_TEXT_LANGUAGES }, (_, index) => `en-${index}`);
    expect(toggleLanguage(full, 'fr', true)).toEqual({ ok: false, reason: 'too-many' });
  });

  it('treats a region tag as its catalogue language', () => {
    expect(isLanguageChosen(['pt-BR'], 'pt')).toBe(true);
    expect(isLanguageChosen(['pt-BR'], 'es')).toBe(false);
  });
});

describe('languageErrorsOf', () => {
  const refusal = (pointer: string | null, detail: string) => ({
    status: '422',
    code: 'validation_failed',
    title: 'Invalid',
    detail,
    ...(pointer === null ? {} : { source: { pointer } }),
  });

  it('places an error on the language whose tag was sent at the pointed index', () => {
    const error = new ApiRequestError({
      ok: false,
      status: 422,
      message: 'Invalid',
      data: {
        errors: [
          refusal('/data/attributes/languages/1', 'fr is already in the list.'),
          refusal('/data/attributes/languages', 'Choose at most 10 languages.'),
        ],
      },
    });
    expect(languageErrorsOf(error, ['en', 'fr-CA'])).toEqual({
      byLanguage: { fr: 'fr is already in the list.' },
      general: 'Choose at most 10 languages.',
    });
  });

  it('falls back to one general message for a failure that is not a refusal', () => {
    expect(languageErrorsOf(new Error('offline'), ['en']).general).toMatch(/Something went wrong/);
  });
});
