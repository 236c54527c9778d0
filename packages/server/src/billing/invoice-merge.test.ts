import type { Invoice, InvoiceStatus } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import {
  fetchInvoicesByStatus,
  statusList,
  UnexpectedInvoiceStatusError,
} from './invoice-merge.ts';

function invoice(id: string, status: string, created: number): Invoice {
  return {
    id,
    number: id,
    customer: 'cus_1',
    currency: 'usd',
    amount_due: 100,
    created,
    description: null,
    due_date: null,
    finalized_at: created,
    hosted_invoice_url: null,
    invoice_pdf: null,
    metadata: {},
    paid: status === 'paid',
    period_start: created,
    period_end: created,
    plan: null,
    status: status as InvoiceStatus,
    price: null,
    subscription: null,
    lines: { data: [] },
  };
}

describe('statusList', () => {
  it('reads repeated and comma-separated statuses once each', () => {
    expect(statusList(['open,paid', 'paid', ' void '])).toEqual(['open', 'paid', 'void']);
    expect(statusList(undefined)).toEqual([]);
    expect(statusList('')).toEqual([]);
  });
});

describe('fetchInvoicesByStatus', () => {
  it('fetches every status at once and merges them newest first, up to the limit', async () => {
    const started: (InvoiceStatus | undefined)[] = [];
    const pending: (() => void)[] = [];
    const result = fetchInvoicesByStatus(['paid', 'open'], 3, async (status) => {
      started.push(status);
      // Each answer waits until both requests have started: they run in parallel.
      await new Promise<void>((resolve) => pending.push(resolve));
      return status === 'paid'
        ? [invoice('a', 'paid', 10), invoice('c', 'paid', 30)]
        : [invoice('b', 'open', 20), invoice('d', 'open', 40)];
    });
    await Promise.resolve();
    expect(started).toEqual(['paid', 'open']);
    for (const resolve of pending) resolve();
    expect((await result).map((item) => item.id)).toEqual(['d', 'c', 'b']);
  });

  it('asks once without a status when none is given', async () => {
    const asked: (InvoiceStatus | undefined)[] = [];
    await fetchInvoicesByStatus([], 10, async (status) => {
      asked.push(status);
      return [];
    });
    expect(asked).toEqual([undefined]);
  });

  it('answers with the first failure in the order asked, not the first to fail', async () => {
    const result = fetchInvoicesByStatus(['open', 'paid', 'void'], 10, async (status) => {
      if (status === 'open') return [];
      if (status === 'paid') {
        await new Promise((resolve) => setTimeout(resolve, 5));
        throw new Error('paid failed');
      }
      throw new Error('void failed');
    });
    await expect(result).rejects.toThrow('paid failed');
  });

  it('refuses an invoice whose status is unknown or not the one asked for', async () => {
    await expect(
      fetchInvoicesByStatus([], 10, async () => [invoice('x', 'pending', 1)]),
    ).rejects.toBeInstanceOf(UnexpectedInvoiceStatusError);
    await expect(
      fetchInvoicesByStatus(['open'], 10, async () => [invoice('y', 'paid', 1)]),
    ).rejects.toThrow('unexpected status "paid"');
  });
});
