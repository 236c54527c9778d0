import { describe, expect, it } from 'vitest';
import { assetEditSchema } from './asset-edit.schema.ts';

const schema = assetEditSchema('scan [2].jpg');

const valid = {
  name: 'Cat',
  description: '',
  categories: 'pets, animals',
  labels_user_defined: 'cute',
};

describe('assetEditSchema', () => {
  it('reads comma-separated categories and tags, and an empty description as none', () => {
    expect(schema.parse(valid)).toEqual({
      name: 'Cat',
      description: null,
      categories: ['pets', 'animals'],
      labels_user_defined: ['cute'],
    });
  });

  it('refuses a tag that is already there, whatever its case', () => {
    const result = schema.safeParse({
      ...valid,
      labels_user_defined: 'Cute, fluffy, cute',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Tag "cute" is already on this asset.');
    expect(result.error?.issues[0]?.path).toEqual(['labels_user_defined']);
  });

  it('keeps to the server limits', () => {
    expect(schema.safeParse({ ...valid, name: '  ' }).success).toBe(false);
    expect(schema.safeParse({ ...valid, name: 'x'.repeat(256) }).success).toBe(false);
    expect(schema.safeParse({ ...valid, description: 'x'.repeat(2001) }).success).toBe(false);
    expect(schema.safeParse({ ...valid, categories: 'x'.repeat(65) }).success).toBe(false);
    const fiftyOne = Array.from({ length: 51 }, (_, index) => `t${index}`).join(',');
    expect(schema.safeParse({ ...valid, labels_user_defined: fiftyOne }).success).toBe(false);
  });

  it('refuses brackets or HTML in a new name, a category or a tag, with the spec message', () => {
    for (const changed of [
      { name: 'Rocket <b>x</b> [1]' },
      { categories: 'Space, <i>Rockets</i>' },
      { labels_user_defined: '[launch]' },
    ]) {
      const result = schema.safeParse({ ...valid, ...changed });
      expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
        { path: Object.keys(changed), message: 'Names cannot include brackets or HTML.' },
      ]);
    }
  });

  it('takes back the name the asset shows, brackets and all', () => {
    expect(schema.safeParse({ ...valid, name: ' scan [2].jpg ' }).success).toBe(true);
    expect(schema.safeParse({ ...valid, name: "Ada's scan & notes (2)" }).success).toBe(true);
  });
});
