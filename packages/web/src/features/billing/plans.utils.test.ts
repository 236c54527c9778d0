import { parsePlan } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import { freePrice, growthPrice, starterPrice } from './billing.test-fixtures.ts';
import { allowanceRows, overageText, planChange, priceLabel } from './plans.utils.ts';

const MONTHLY = {
  interval: 'month',
  interval_count: 1,
  usage_type: 'licensed',
  aggregate_usage: null,
} as const;

describe('priceLabel', () => {
  it('says what a price costs per interval', () => {
    expect(priceLabel(starterPrice)).toBe('$19.00 / month');
    expect(priceLabel(freePrice)).toBe('$0.00 / month');
    expect(
      priceLabel({
        ...starterPrice,
        recurring: { ...(starterPrice.recurring ?? MONTHLY), interval_count: 3 },
      }),
    ).toBe('$19.00 / 3 months');
    expect(priceLabel({ ...starterPrice, recurring: null })).toBe('$19.00');
  });
});

describe('allowanceRows', () => {
  it('shows sizes in base-1000 units and video only when the plan includes some', () => {
    const rows = Object.fromEntries(
      allowanceRows(parsePlan({ price: starterPrice }), 'usd').map((row) => [row.key, row.value]),
    );
    expect(rows).toEqual({
      bandwidth: '100 GB',
      origin_images: '5,000 images',
      sources: '3 sources',
      users: '3 users',
      video_streaming: '600 min',
      video_encoding: '60 min',
      overages: 'Stops at the plan limits',
    });
    const free = allowanceRows(parsePlan({ price: freePrice }), 'usd');
    expect(free.find((row) => row.key === 'video_streaming')?.value).toBe('Not included');
    expect(free.find((row) => row.key === 'sources')?.value).toBe('1 source');
  });

  it('calls a plan without a limit unlimited', () => {
    const unlimited = parsePlan({ price: { ...growthPrice, metadata: {} } });
    const rows = allowanceRows(unlimited, 'usd');
    expect(rows.find((row) => row.key === 'sources')?.value).toBe('Unlimited');
    // Spec section 9: a plan that names no bandwidth includes 100000000 bytes.
    expect(rows.find((row) => row.key === 'bandwidth')?.value).toBe('100 MB');
  });
});

describe('overageText', () => {
  it('prices usage beyond the plan only when overages are enabled', () => {
    expect(overageText(parsePlan({ price: growthPrice }), 'usd')).toBe(
      '$0.08 per GB, $3.00 per 1,000 images',
    );
    expect(overageText(parsePlan({ price: starterPrice }), 'usd')).toBe('Stops at the plan limits');
  });
});

describe('planChange', () => {
  it('compares by price: dearer is an upgrade, cheaper a downgrade', () => {
    const free = parsePlan({ price: freePrice });
    const growth = parsePlan({ price: growthPrice });
    expect(planChange(free, freePrice.id, { plan: growth, priceId: growthPrice.id })).toBe(
      'upgrade',
    );
    expect(planChange(growth, growthPrice.id, { plan: free, priceId: freePrice.id })).toBe(
      'downgrade',
    );
    expect(planChange(free, freePrice.id, { plan: free, priceId: freePrice.id })).toBe('current');
    expect(planChange(null, null, { plan: free, priceId: freePrice.id })).toBe('upgrade');
  });
});
