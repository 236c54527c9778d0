import { describe, expect, it } from 'vitest';
import { effectiveCapabilities } from './effective.ts';

describe('effectiveCapabilities', () => {
  it('grants a feature that either the account or the source grants', () => {
    expect(effectiveCapabilities(['super_resolution'], ['background_removal'])).toEqual([
      'background_removal',
      'super_resolution',
    ]);
  });

  it('grants what the account grants to a source that grants nothing', () => {
    expect(effectiveCapabilities(['outpainting', 'image_to_video'], [])).toEqual([
      'outpainting',
      'image_to_video',
    ]);
  });

  it('grants what the source grants under an account that grants nothing', () => {
    expect(effectiveCapabilities([], ['object_removal'])).toEqual(['object_removal']);
  });

  it('grants nothing when neither grants anything, and names a shared grant once', () => {
    expect(effectiveCapabilities([], [])).toEqual([]);
    expect(effectiveCapabilities(['outpainting'], ['outpainting'])).toEqual(['outpainting']);
  });
});
