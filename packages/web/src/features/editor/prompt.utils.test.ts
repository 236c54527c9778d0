import { describe, expect, it } from 'vitest';
import { isFillSeed, promptError, randomFillSeed } from './prompt.utils.ts';

describe('generative fill prompt and seed', () => {
  it('requires a prompt', () => {
    expect(promptError('', undefined)).toBe('Prompt is required');
    expect(promptError('   ', 'sea')).toBe('Prompt is required');
  });

  it('takes at most 1024 characters', () => {
    expect(promptError('a'.repeat(1024), undefined)).toBeNull();
    expect(promptError('a'.repeat(1025), undefined)).toBe('Prompt must be at most 1024 characters');
  });

  it('must differ from the prompt the image has', () => {
    expect(promptError('a calm sea', 'a calm sea')).toBe('Prompt must be changed');
    expect(promptError(' a calm sea ', 'a calm sea')).toBe('Prompt must be changed');
    expect(promptError('a stormy sea', 'a calm sea')).toBeNull();
  });

  it('accepts whole seeds from 1 to 1500', () => {
    expect([0, 1, 1500, 1501, 2.5].map(isFillSeed)).toEqual([false, true, true, false, false]);
  });

  it('draws random seeds from 1 to 1500', () => {
    expect(randomFillSeed(() => 0)).toBe(1);
    expect(randomFillSeed(() => 0.999999)).toBe(1500);
    expect(randomFillSeed(() => 0.5)).toBe(751);
  });
});
