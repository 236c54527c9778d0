import { describe, expect, it } from 'vitest';
import { capabilityRows, effectiveGrants, toggledCapability } from './admin-accounts.utils.ts';

describe('capabilityRows', () => {
  it("sets each capability's own grant beside its plan's and what the install lacks", () => {
    const rows = capabilityRows(
      ['super_resolution'],
      ['background_removal'],
      [
        { name: 'background_removal', available: true, unavailable_reason: null, plans: [] },
        {
          name: 'outpainting',
          available: false,
          unavailable_reason: 'Needs a generative image provider (GENERATIVE_API_URL).',
          plans: ['Growth'],
        },
      ],
    );
    expect(rows.map((row) => row.name)).toEqual([
      'background_removal',
      'background_replacement',
      'super_resolution',
      'outpainting',
      'object_removal',
      'image_to_video',
    ]);
    expect(rows[0]).toMatchObject({ granted: false, fromPlan: true, unavailableReason: null });
    expect(rows[2]).toMatchObject({ granted: true, fromPlan: false });
    expect(rows[3]?.unavailableReason).toBe(
      'Needs a generative image provider (GENERATIVE_API_URL).',
    );
  });

  it('says nothing of the install before its answer arrives', () => {
    expect(capabilityRows([], [], undefined).every((row) => row.unavailableReason === null)).toBe(
      true,
    );
  });
});

describe('effectiveGrants', () => {
  it('joins the own and plan grants once each, in the order of the spec', () => {
    expect(
      effectiveGrants(['image_to_video', 'outpainting'], ['outpainting', 'background_removal']),
    ).toEqual(['background_removal', 'outpainting', 'image_to_video']);
  });
});

describe('toggledCapability', () => {
  it('adds and removes one capability, keeping the order of the spec', () => {
    expect(toggledCapability(['image_to_video'], 'background_removal', true)).toEqual([
      'background_removal',
      'image_to_video',
    ]);
    expect(
      toggledCapability(['background_removal', 'image_to_video'], 'image_to_video', false),
    ).toEqual(['background_removal']);
  });
});
