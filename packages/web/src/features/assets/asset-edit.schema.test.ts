import { describe, expect, it } from 'vitest';
import { assetEditSchema } from './asset-edit.schema.ts';

const valid = {
  name: 'Cat',
  description: '',
  categories: 'pets, animals',
  labels_user_defined: 'cute',
};

describe('assetEditSchema', () => {
  it('reads comma-separated categories and tags, and an empty description as none', () => {
    expect(assetEditSchema.parse(valid)).toEqual({
      name: 'Cat',
      description: null,
      categories: ['pets', 'animals'],
      labels_user_defined: ['cute'],
    });
  });

  it('refuses a tag that is already there, whatever its case', () => {
    const result = assetEditSchema.safeParse({
      ...valid,
      labels_user_defined: 'Cute, fluffy, cute',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Tag "cute" is already on this asset.');
    expect(result.error?.issues[0]?.path).toEqual(['labels_user_defined']);
  });

  it('keeps to the server limits', () => {
    expect(assetEditSchema.safeParse({ ...valid, name: '  ' }).success).toBe(false);
    expect(assetEditSchema.safeParse({ ...valid, name: 'x'.repeat(256) }).success).toBe(false);
    expect(assetEditSchema.safeParse({ ...valid, description: 'x'.repeat(2001) }).success).toBe(
      false,
    );
    expect(assetEditSchema.safeParse({ ...valid, categories: 'x'.repeat(65) }).success).toBe(false);
    const fiftyOne = Array.from({ length: 51 }, (_, index) => `t${index}`).join(',');
    expect(assetEditSchema.safeParse({ ...valid, labels_user_defined: fiftyOne }).success).toBe(
      false,
    );
  });
});
