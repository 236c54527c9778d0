import { describe, expect, it } from 'vitest';
import { altTextLanguageName, confidencePercent } from './asset-analysis.utils.ts';

describe('altTextLanguageName', () => {
  it('names a supported language by its alt-text vocabulary, whatever its region', () => {
    expect(altTextLanguageName('en')).toBe('English');
    expect(altTextLanguageName('de-AT')).toBe('German');
    expect(altTextLanguageName('pt-BR')).toBe('Portuguese (Brazilian words)');
  });

  it("falls back to the browser's name, then to the tag itself", () => {
    expect(altTextLanguageName('ja')).toBe('Japanese');
    expect(altTextLanguageName('not a tag')).toBe('not a tag');
  });
});

describe('confidencePercent', () => {
  it('rounds to a whole percentage', () => {
    expect(confidencePercent(0.934)).toBe('93%');
    expect(confidencePercent(0.3)).toBe('30%');
  });

  it('never claims certainty', () => {
    expect(confidencePercent(0.998)).toBe('99%');
  });
});
