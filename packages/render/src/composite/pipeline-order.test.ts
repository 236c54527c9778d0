import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { canCompositeNow, canExtendNow } from './pipeline-order.ts';

const rgb = { sourceChannels: 3, coloured: true };

describe('canExtendNow', () => {
  it('allows an extend after a plain resize, which sharp runs first anyway', () => {
    expect(canExtendNow(sharp().resize(10, 10), rgb)).toBe(true);
  });

  it('refuses when an adjustment sharp would run after the extend is pending', () => {
    expect(canExtendNow(sharp().modulate({ brightness: 1.2 }), rgb)).toBe(false);
    expect(canExtendNow(sharp().blur(3), rgb)).toBe(false);
    expect(canExtendNow(sharp().negate(), rgb)).toBe(false);
  });

  it('refuses a second extend, which would replace the first', () => {
    expect(canExtendNow(sharp().extend(4), rgb)).toBe(false);
  });

  it('refuses a coloured extend on a grey pipeline, where sharp would grey the colour', () => {
    expect(canExtendNow(sharp(), { sourceChannels: 1, coloured: true })).toBe(false);
    expect(canExtendNow(sharp(), { sourceChannels: 1, coloured: false })).toBe(true);
    expect(canExtendNow(sharp().greyscale(), rgb)).toBe(false);
  });

  it('trusts the band count of a raw pipeline over the source', () => {
    const raw = sharp(Buffer.alloc(12), { raw: { width: 2, height: 2, channels: 3 } });
    expect(canExtendNow(raw, { sourceChannels: 1, coloured: true })).toBe(true);
  });
});

describe('canCompositeNow', () => {
  it('allows a composite after operations sharp runs before it', () => {
    expect(canCompositeNow(sharp().resize(10).extend(2).blur(2).modulate({ hue: 30 }))).toBe(true);
  });

  it('refuses after a composite or an operation sharp runs later', () => {
    expect(
      canCompositeNow(
        sharp().composite([{ input: Buffer.alloc(4), raw: { width: 1, height: 1, channels: 4 } }]),
      ),
    ).toBe(false);
    expect(canCompositeNow(sharp().linear(1.2, 0))).toBe(false);
    expect(canCompositeNow(sharp().tint('#f00'))).toBe(false);
  });
});
