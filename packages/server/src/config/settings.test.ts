import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from './settings.ts';

describe('CONFIG_VARIABLES', () => {
  it('declares each variable once', () => {
    const names = CONFIG_VARIABLES.map((variable) => variable.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });

  it('marks every password, key and secret as secret, so errors never echo it', () => {
    const secretLooking = CONFIG_VARIABLES.filter((variable) =>
      /PASSWORD|SECRET|_KEY$/.test(variable.name),
    );
    expect(secretLooking.map((variable) => variable.name)).toContain('ADMIN_PASSWORD');
    for (const variable of secretLooking)
      expect(variable, variable.name).toMatchObject({ secret: true });
  });
});
