import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { group, optionalVariable, readSettings, variable } from './setting.ts';

const doubled = z
  .string()
  .regex(/^\d+$/, 'must be digits')
  .transform((text) => Number(text) * 2);

describe('variable', () => {
  const count = variable({ name: 'COUNT', default: '7', parse: doubled, description: 'A count.' });

  it('reads its default text through its parser when unset or empty', () => {
    expect(count.read({})).toBe(14);
    expect(count.read({ COUNT: '' })).toBe(14);
    expect(count.read({ COUNT: '3' })).toBe(6);
  });

  it('lists its name, default text, description and parser for the table and validation', () => {
    expect(count.variables).toEqual([
      { name: 'COUNT', default: '7', description: 'A count.', parse: doubled, secret: false },
    ]);
  });

  it('works out a computed default only when unset, and documents it as declared', () => {
    const value = vi.fn(() => 99);
    const workers = variable({
      name: 'WORKERS',
      default: { documented: 'CPU count', value },
      parse: doubled,
      description: 'Workers.',
    });
    expect(workers.read({ WORKERS: '2' })).toBe(4);
    expect(value).not.toHaveBeenCalled();
    expect(workers.read({})).toBe(99);
    expect(workers.variables[0]?.default).toBe('CPU count');
  });
});

describe('optionalVariable', () => {
  it('reads null when unset and documents its default as (unset)', () => {
    const limit = optionalVariable({ name: 'LIMIT', parse: doubled, description: 'A limit.' });
    expect(limit.read({})).toBeNull();
    expect(limit.read({ LIMIT: '' })).toBeNull();
    expect(limit.read({ LIMIT: '5' })).toBe(10);
    expect(limit.variables[0]?.default).toBe('(unset)');
  });
});

describe('group', () => {
  const text = z.string();
  const login = group(
    {
      user: optionalVariable({ name: 'LOGIN_USER', parse: text, description: 'User.' }),
      pass: optionalVariable({ name: 'LOGIN_PASS', parse: text, description: 'Pass.' }),
    },
    ({ user, pass }) => (user === null || pass === null ? null : `${user}:${pass}`),
    { setTogether: true },
  );

  it("assembles its members' values", () => {
    expect(login.read({ LOGIN_USER: 'ada', LOGIN_PASS: 'pw' })).toBe('ada:pw');
    expect(login.read({ LOGIN_USER: 'ada' })).toBeNull();
  });

  it("lists its members' variables in declaration order", () => {
    expect(login.variables.map((row) => row.name)).toEqual(['LOGIN_USER', 'LOGIN_PASS']);
  });

  it('names the first unset variable when only some are set, and nothing otherwise', () => {
    const [rule] = login.rules;
    expect(rule?.({ LOGIN_PASS: 'pw' })).toEqual([
      { name: 'LOGIN_USER', message: 'LOGIN_USER and LOGIN_PASS must be set together' },
    ]);
    expect(rule?.({ LOGIN_USER: 'ada' })).toEqual([
      { name: 'LOGIN_PASS', message: 'LOGIN_USER and LOGIN_PASS must be set together' },
    ]);
    expect(rule?.({})).toEqual([]);
    expect(rule?.({ LOGIN_USER: 'ada', LOGIN_PASS: 'pw' })).toEqual([]);
  });

  it('names the first of several unset variables', () => {
    const optional = (name: string) => optionalVariable({ name, parse: text, description: name });
    const triple = group({ a: optional('A'), b: optional('B'), c: optional('C') }, (abc) => abc, {
      setTogether: true,
    });
    expect(triple.rules[0]?.({ C: 'set' })).toEqual([
      { name: 'A', message: 'A and B and C must be set together' },
    ]);
  });

  it('has no rule unless its variables must be set together', () => {
    const pair = group(
      { user: optionalVariable({ name: 'U', parse: text, description: 'U.' }) },
      (values) => values,
    );
    expect(pair.rules).toEqual([]);
  });
});

describe('readSettings', () => {
  it('reads one property per setting, nesting groups', () => {
    const settings = {
      count: variable({ name: 'COUNT', default: '1', parse: doubled, description: 'C.' }),
      sizes: group(
        {
          small: variable({ name: 'SMALL', default: '2', parse: doubled, description: 'S.' }),
          large: variable({ name: 'LARGE', default: '3', parse: doubled, description: 'L.' }),
        },
        (sizes) => sizes,
      ),
    };
    expect(readSettings(settings, { LARGE: '10' })).toEqual({
      count: 2,
      sizes: { small: 4, large: 20 },
    });
  });
});
