import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hasBracketsOrHtml, NAME_RULE_MESSAGE, nameRule } from './names.ts';

describe('the name rule (spec platform section 5)', () => {
  it('finds brackets of every kind and HTML tags', () => {
    for (const name of ['Rocket <b>x</b>', 'Acme [EU]', 'Acme {x}', '<script>', 'a > b']) {
      expect(hasBracketsOrHtml(name), name).toBe(true);
    }
  });

  it('lets punctuation, parentheses and other scripts through', () => {
    for (const name of ["Ada's photos & prints (2024)", 'Café – Zürich', '東京', 'x/y: #1']) {
      expect(hasBracketsOrHtml(name), name).toBe(false);
    }
  });

  it('refuses a name with the spec message as a zod check, at the path of a list entry', () => {
    const tags = z.array(z.string().check(nameRule()));
    const result = tags.safeParse(['beach', 'Rocket <b>x</b> [1]']);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: [1], message: NAME_RULE_MESSAGE }),
    ]);
    expect(NAME_RULE_MESSAGE).toBe('Names cannot include brackets or HTML.');
  });
});
