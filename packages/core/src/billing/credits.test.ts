import { describe, expect, it } from 'vitest';
import { creditsFor } from './credits.ts';

const NONE = {
  standardRenders: 0,
  premiumRenders: 0,
  videoEncodedMs: 0,
  bytesOut: 0,
  originImages: 0,
};

describe('creditsFor', () => {
  it('charges 2 credits per premium transformation and 1/500 per standard one', () => {
    const credits = creditsFor({ ...NONE, standardRenders: 1000, premiumRenders: 3 });
    expect(credits.standardRender).toBeCloseTo(2, 12);
    expect(credits.premiumRender).toBe(6);
    expect(credits.total).toBeCloseTo(8, 12);
  });

  it('charges delivery per gigabyte in base 1000', () => {
    expect(creditsFor({ ...NONE, bytesOut: 2_500_000_000 }).mediaDelivery).toBeCloseTo(2.5, 12);
  });

  it('charges management per thousand origin images and advanced renders per encoded minute', () => {
    const credits = creditsFor({ ...NONE, originImages: 500, videoEncodedMs: 90_000 });
    expect(credits.management).toBeCloseTo(0.5, 12);
    expect(credits.advancedRender).toBeCloseTo(1.5, 12);
    expect(credits.total).toBeCloseTo(2, 12);
  });

  it('costs nothing without usage', () => {
    expect(creditsFor(NONE).total).toBe(0);
  });
});
