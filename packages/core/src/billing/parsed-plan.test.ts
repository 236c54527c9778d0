import { describe, expect, it } from 'vitest';
import type { BillingPrice, BillingProduct } from './billing-price.ts';
import { DEFAULT_BANDWIDTH_INCLUDED, parsePlan } from './parsed-plan.ts';

const product: BillingProduct = { id: 'prod_1', name: 'Growth', metadata: {} };

function price(overrides: Partial<BillingPrice> = {}): BillingPrice {
  return {
    id: 'price_1',
    active: true,
    billing_scheme: 'per_unit',
    currency: 'usd',
    unit_amount: 4900,
    unit_amount_decimal: '4900',
    lookup_key: 'growth',
    nickname: 'Growth monthly',
    recurring: {
      interval: 'month',
      interval_count: 1,
      usage_type: 'licensed',
      aggregate_usage: null,
    },
    tax_behavior: 'exclusive',
    tiers_mode: null,
    product,
    metadata: {},
    ...overrides,
  };
}

describe('parsePlan', () => {
  it('takes the plan type from the nickname', () => {
    expect(parsePlan({ price: price() }).planType).toBe('Growth monthly');
  });

  it('takes the plan type from the product name when the price has no nickname', () => {
    expect(parsePlan({ price: price({ nickname: null }) }).planType).toBe('Growth');
    expect(parsePlan({ price: price({ nickname: ' ' }) }).planType).toBe('Growth');
  });

  it('reads the product from the answer when the price names it by id', () => {
    const parsed = parsePlan({
      price: price({ nickname: null, product: 'prod_2' }),
      product: { id: 'prod_2', name: 'Scale', metadata: { sources_included: '7' } },
    });
    expect(parsed.planType).toBe('Scale');
    expect(parsed.sourcesIncluded).toBe(7);
  });

  it('uses the unit amount as the billing amount', () => {
    expect(parsePlan({ price: price({ unit_amount: 1234 }) }).billingAmount).toBe(1234);
  });

  it('defaults the bandwidth included to 100000000', () => {
    expect(parsePlan({ price: price() }).bandwidthIncluded).toBe(DEFAULT_BANDWIDTH_INCLUDED);
    expect(DEFAULT_BANDWIDTH_INCLUDED).toBe(100000000);
    const stated = parsePlan({ price: price({ metadata: { bandwidth_included: '5000' } }) });
    expect(stated.bandwidthIncluded).toBe(5000);
  });

  it('leaves the overage prices out unless overages are enabled', () => {
    const metadata = { bandwidth_price: '8', images_price: '300' };
    const off = parsePlan({
      price: price({ metadata: { ...metadata, overages_enabled: 'false' } }),
    });
    expect(off).not.toHaveProperty('bandwidthOveragePrice');
    expect(off).not.toHaveProperty('originImagesOveragePrice');
    expect(parsePlan({ price: price({ metadata }) })).not.toHaveProperty('bandwidthOveragePrice');
    const on = parsePlan({ price: price({ metadata: { ...metadata, overages_enabled: 'true' } }) });
    expect(on.overagesEnabled).toBe(true);
    expect(on.bandwidthOveragePrice).toBe(8);
    expect(on.originImagesOveragePrice).toBe(300);
  });

  it('gives not-a-number for video values that are absent', () => {
    const absent = parsePlan({ price: price() });
    expect(absent.videoStreamingIncluded).toBeNaN();
    expect(absent.videoEncodingIncluded).toBeNaN();
    const present = parsePlan({
      price: price({ metadata: { video_streaming_included: '60', video_encoding_included: '0' } }),
    });
    expect(present.videoStreamingIncluded).toBe(60);
    expect(present.videoEncodingIncluded).toBe(0);
  });

  it('reads the origin images, sources and users included, or null when unstated', () => {
    const stated = parsePlan({
      price: price({
        metadata: { origin_images_included: '1000', sources_included: '3', users_included: '5' },
      }),
    });
    expect(stated).toMatchObject({
      originImagesIncluded: 1000,
      sourcesIncluded: 3,
      usersIncluded: 5,
    });
    const unstated = parsePlan({ price: price() });
    expect(unstated).toMatchObject({
      originImagesIncluded: null,
      sourcesIncluded: null,
      usersIncluded: null,
    });
  });

  it('merges metadata from the product, then the price, then the answer', () => {
    const parsed = parsePlan({
      price: price({
        product: {
          ...product,
          metadata: { sources_included: '1', users_included: '1', origin_images_included: '10' },
        },
        metadata: { users_included: '2', origin_images_included: '20' },
      }),
      metadata: { origin_images_included: '30' },
    });
    expect(parsed.sourcesIncluded).toBe(1);
    expect(parsed.usersIncluded).toBe(2);
    expect(parsed.originImagesIncluded).toBe(30);
  });
});
