import { describe, expect, it } from 'vitest';
import { emptyStringsToNull } from './form.utils.ts';

describe('emptyStringsToNull', () => {
  it('turns empty strings into null', () => {
    expect(emptyStringsToNull({ name: 'Ada', company: '' })).toEqual({
      name: 'Ada',
      company: null,
    });
  });

  it('keeps whitespace, zero, false and undefined as they are', () => {
    expect(emptyStringsToNull({ a: ' ', b: 0, c: false, d: undefined })).toEqual({
      a: ' ',
      b: 0,
      c: false,
      d: undefined,
    });
  });

  it('converts nested objects and arrays', () => {
    expect(emptyStringsToNull({ credentials: { key: '', secret: 's' }, tags: ['', 'x'] })).toEqual({
      credentials: { key: null, secret: 's' },
      tags: [null, 'x'],
    });
  });

  it('leaves dates and other class instances alone', () => {
    const date = new Date(0);
    expect(emptyStringsToNull({ date }).date).toBe(date);
  });

  it('does not change its input', () => {
    const values = { company: '' };
    emptyStringsToNull(values);
    expect(values.company).toBe('');
  });
});
