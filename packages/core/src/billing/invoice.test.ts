import { describe, expect, it } from 'vitest';
import { invoiceLines, invoiceTotal } from './invoice.ts';
import type { ParsedPlan } from './parsed-plan.ts';

const flat: ParsedPlan = {
  planType: 'Starter',
  billingAmount: 1900,
  overagesEnabled: false,
  originImagesIncluded: 1000,
  bandwidthIncluded: 1_000_000_000,
  videoStreamingIncluded: Number.NaN,
  videoEncodingIncluded: Number.NaN,
  sourcesIncluded: 3,
  usersIncluded: 3,
};
const metered: ParsedPlan = {
  ...flat,
  planType: 'Growth',
  billingAmount: 4900,
  overagesEnabled: true,
  bandwidthOveragePrice: 8,
  originImagesOveragePrice: 300,
};

describe('invoiceLines', () => {
  it('bills only the base price when the plan has no overages, whatever the usage', () => {
    const lines = invoiceLines(flat, { bandwidthBytes: 9e12, originImages: 1e6 });
    expect(lines).toEqual([{ description: 'Starter plan', amount: 1900, quantity: 1 }]);
    expect(invoiceTotal(lines)).toBe(1900);
  });

  it('bills nothing extra for usage within what the plan includes', () => {
    const lines = invoiceLines(metered, { bandwidthBytes: 1_000_000_000, originImages: 1000 });
    expect(invoiceTotal(lines)).toBe(4900);
  });

  it('prices bandwidth above the plan per GB and origin images per thousand', () => {
    // 2.5 GB above at 8 per GB = 20; 1500 images above at 300 per thousand = 450.
    const lines = invoiceLines(metered, { bandwidthBytes: 3_500_000_000, originImages: 2500 });
    expect(lines).toEqual([
      { description: 'Growth plan', amount: 4900, quantity: 1 },
      { description: 'Bandwidth above the plan (bytes)', amount: 20, quantity: 2_500_000_000 },
      { description: 'Origin images above the plan', amount: 450, quantity: 1500 },
    ]);
    expect(invoiceTotal(lines)).toBe(5370);
  });

  it('rounds each overage line up to the next minor unit', () => {
    // One byte above costs 8e-9 of a cent: the line still bills one.
    const lines = invoiceLines(metered, { bandwidthBytes: 1_000_000_001, originImages: 1001 });
    expect(lines.map((line) => line.amount)).toEqual([4900, 1, 1]);
  });

  it('sums fractional prices exactly over large usage', () => {
    const plan = { ...metered, bandwidthOveragePrice: 0.1, bandwidthIncluded: 0 };
    // 3 PB at 0.1 per GB = 300000 exactly (floating point would give 300000.00000000006).
    const lines = invoiceLines(plan, { bandwidthBytes: 3e15, originImages: 0 });
    expect(lines[1]?.amount).toBe(300_000);
  });

  it('bills no origin image overage when the plan sets no origin image limit', () => {
    const plan = { ...metered, originImagesIncluded: null };
    expect(invoiceLines(plan, { bandwidthBytes: 0, originImages: 1e6 })).toHaveLength(1);
  });
});
