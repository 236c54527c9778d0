import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstBrokenRule, optionalText, requiredText } from './base-schemas.ts';

describe('requiredText', () => {
  it('trims the value', () => {
    expect(requiredText().parse('  text  ')).toBe('text');
  });

  it('reports a missing, null, empty or blank value as required, once', () => {
    for (const value of [undefined, null, '', ' \t\n']) {
      const result = requiredText().safeParse(value);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        'This field is required',
      ]);
    }
  });

  it('asks for text when given something else', () => {
    expect(requiredText().safeParse(42).error?.issues[0]?.message).toBe('Enter text here.');
  });

  it('skips later rules once the value is found missing', () => {
    const schema = requiredText().superRefine(firstBrokenRule([[() => false, 'never shown']]));
    expect(schema.safeParse('').error?.issues.map((issue) => issue.message)).toEqual([
      'This field is required',
    ]);
  });
});

describe('optionalText', () => {
  const schema = optionalText(z.string().max(3, 'Too long.'));

  it('turns missing, null, empty and blank values into null', () => {
    for (const value of [undefined, null, '', '   ']) expect(schema.parse(value)).toBeNull();
  });

  it('trims and checks a given value', () => {
    expect(schema.parse(' ab ')).toBe('ab');
    expect(schema.safeParse('abcd').error?.issues[0]?.message).toBe('Too long.');
    expect(schema.safeParse(5).success).toBe(false);
  });
});

describe('firstBrokenRule', () => {
  it('reports only the first rule the value breaks', () => {
    const schema = z.string().superRefine(
      firstBrokenRule<string>([
        [(value) => value.length > 2, 'Too short.'],
        [(value) => /^\d+$/.test(value), 'Digits only.'],
      ]),
    );
    expect(schema.safeParse('a').error?.issues.map((issue) => issue.message)).toEqual([
      'Too short.',
    ]);
    expect(schema.safeParse('abc').error?.issues.map((issue) => issue.message)).toEqual([
      'Digits only.',
    ]);
    expect(schema.safeParse('123').success).toBe(true);
  });
});
