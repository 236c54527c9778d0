import { describe, expect, it } from 'vitest';
import { isInvoiceStatus, portalSessionExpiry } from './billing-price.ts';

describe('portalSessionExpiry', () => {
  it('is 6 o clock on the day the session was created', () => {
    const created = new Date(2026, 2, 14, 15, 42, 7);
    const expiry = portalSessionExpiry(Math.floor(created.getTime() / 1000));
    expect(expiry).toEqual(new Date(2026, 2, 14, 6, 0, 0, 0));
  });
});

describe('isInvoiceStatus', () => {
  it('knows the five statuses and nothing else', () => {
    for (const status of ['draft', 'open', 'paid', 'void', 'uncollectible']) {
      expect(isInvoiceStatus(status)).toBe(true);
    }
    expect(isInvoiceStatus('pending')).toBe(false);
  });
});
