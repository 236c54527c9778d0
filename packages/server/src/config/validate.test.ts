import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { group, optionalVariable, variable } from './setting.ts';
import { configProblems } from './validate.ts';

const settings = [
  variable({
    name: 'SIZE',
    default: '1',
    parse: z.string().regex(/^\d+$/, 'must be digits'),
    description: 'A size.',
  }),
  variable({
    name: 'MODE',
    default: 'fast',
    parse: z.enum(['fast', 'slow'], 'must be fast or slow'),
    description: 'A mode.',
  }),
  group(
    {
      user: optionalVariable({
        name: 'LOGIN_USER',
        parse: z.string().min(3, 'must have at least 3 characters'),
        description: 'User.',
      }),
      token: optionalVariable({
        name: 'LOGIN_TOKEN',
        parse: z.string().startsWith('tok_', 'must start with tok_'),
        secret: true,
        description: 'Token.',
      }),
    },
    (login) => login,
    { setTogether: true },
  ),
];

describe('configProblems', () => {
  it('is empty when every value reads', () => {
    expect(configProblems(settings, { SIZE: '5', MODE: 'slow' })).toEqual([]);
  });

  it("puts a variable's parser message after its name, with the value given", () => {
    expect(configProblems(settings, { SIZE: 'big' })).toEqual(['SIZE: must be digits (got "big")']);
  });

  it("leaves a secret variable's value out of its message", () => {
    expect(configProblems(settings, { LOGIN_USER: 'ada', LOGIN_TOKEN: 'hunter2' })).toEqual([
      'LOGIN_TOKEN: must start with tok_',
    ]);
  });

  it('treats an empty value as unset: not parsed, so not reported', () => {
    expect(configProblems(settings, { SIZE: '', MODE: '' })).toEqual([]);
  });

  it("lists every value's problems in variable order, then the rules across variables", () => {
    expect(configProblems(settings, { LOGIN_USER: 'al', SIZE: 'x' })).toEqual([
      'SIZE: must be digits (got "x")',
      'LOGIN_USER: must have at least 3 characters (got "al")',
      'LOGIN_TOKEN: LOGIN_USER and LOGIN_TOKEN must be set together',
    ]);
  });

  it('leaves the rules out once a value failed outright, as zod skips refinements then', () => {
    expect(configProblems(settings, { MODE: 'medium', LOGIN_USER: 'ada' })).toEqual([
      'MODE: must be fast or slow (got "medium")',
    ]);
  });
});
