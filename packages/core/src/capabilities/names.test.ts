import { describe, expect, it } from 'vitest';
import { capabilityList, capabilitySetSchema, isCapabilityName } from './names.ts';

describe('capabilitySetSchema', () => {
  it('accepts known names, collapses duplicates and puts them in the spec order', () => {
    expect(
      capabilitySetSchema.parse(['image_to_video', 'background_removal', 'image_to_video']),
    ).toEqual(['background_removal', 'image_to_video']);
    expect(capabilitySetSchema.parse([])).toEqual([]);
  });

  it('refuses an unknown name at its index, naming the known ones', () => {
    const result = capabilitySetSchema.safeParse(['super_resolution', 'teleportation']);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]?.path).toEqual([1]);
    expect(result.error?.issues[0]?.message).toBe(
      '"teleportation" is not a capability; use background_removal, background_replacement, super_resolution, outpainting, object_removal, image_to_video.',
    );
  });

  it('refuses something other than a list of strings', () => {
    expect(capabilitySetSchema.safeParse('super_resolution').success).toBe(false);
    expect(capabilitySetSchema.safeParse([42]).success).toBe(false);
  });
});

describe('capability names', () => {
  it('tells capability names from other words', () => {
    expect(isCapabilityName('outpainting')).toBe(true);
    expect(isCapabilityName('Outpainting')).toBe(false);
    expect(isCapabilityName('multiframe')).toBe(false);
  });

  it('keeps only capability names from a stored list', () => {
    expect(capabilityList(['object_removal', 'retired_feature', 'outpainting'])).toEqual([
      'outpainting',
      'object_removal',
    ]);
  });
});
