import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  formatUnitPrice,
  invoicePeriod,
  invoiceStatusLook,
  minorUnitDigits,
  usageMeter,
} from './billing.utils.ts';

const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('formatMoney', () => {
  it('reads minor units in the currency exponent', () => {
    expect(formatMoney(1999, 'usd')).toBe('$19.99');
    expect(formatMoney(0, 'USD')).toBe('$0.00');
    expect(formatMoney(250000, 'eur')).toBe('€2,500.00');
    expect(formatMoney(1500, 'jpy')).toBe('¥1,500');
  });

  it('keeps the sign of a credit', () => {
    expect(formatMoney(-500, 'usd')).toBe('-$5.00');
  });

  it('knows currencies whose minor unit is not a cent', () => {
    expect(minorUnitDigits('USD')).toBe(2);
    expect(minorUnitDigits('JPY')).toBe(0);
  });
});

describe('formatUnitPrice', () => {
  it('keeps fractions of a cent that a per-unit price carries', () => {
    expect(formatUnitPrice(0.08, 'usd')).toBe('$0.0008');
    expect(formatUnitPrice(8, 'usd')).toBe('$0.08');
  });
});

describe('invoicePeriod', () => {
  it('is the year-month of the creation time', () => {
    expect(invoicePeriod({ created: seconds('2026-11-01T00:00:00Z'), due_date: null })).toEqual({
      key: '2026-11',
      label: 'Nov 2026',
    });
  });

  it('falls back to the due date when there is no creation time', () => {
    expect(invoicePeriod({ created: null, due_date: seconds('2027-01-15T12:00:00Z') })?.key).toBe(
      '2027-01',
    );
  });

  it('reads the month in UTC, so the last second of a month stays in it', () => {
    expect(invoicePeriod({ created: seconds('2026-12-31T23:59:59Z'), due_date: null })?.key).toBe(
      '2026-12',
    );
  });

  it('is null when the invoice has neither time', () => {
    expect(invoicePeriod({ created: null, due_date: null })).toBeNull();
  });
});

describe('invoiceStatusLook', () => {
  it('paints paid green and uncollectible red', () => {
    expect(invoiceStatusLook('paid')).toEqual({ label: 'Paid', color: 'green' });
    expect(invoiceStatusLook('uncollectible')).toEqual({ label: 'Uncollectible', color: 'red' });
  });
});

describe('usageMeter', () => {
  it('measures bandwidth in base-1000 units against the allowance', () => {
    const meter = usageMeter(50_000_000, 100_000_000, 'bytes');
    expect(meter.text).toBe('50 MB of 100 MB');
    expect(meter.share).toBe(0.5);
    expect(meter.over).toBe(false);
  });

  it('marks usage past the allowance as over and fills the bar', () => {
    const meter = usageMeter(3, 1, 'count');
    expect(meter).toMatchObject({ share: 1, over: true, text: '3 of 1' });
  });

  it('treats a not-a-number allowance as no stated limit', () => {
    expect(usageMeter(12, Number.NaN, 'minutes')).toMatchObject({
      included: null,
      over: false,
      text: '12 min (no limit)',
    });
  });

  it('counts any use of a zero allowance as over', () => {
    expect(usageMeter(0, 0, 'count')).toMatchObject({ share: 0, over: false });
    expect(usageMeter(1, 0, 'count')).toMatchObject({ share: 1, over: true });
  });
});
