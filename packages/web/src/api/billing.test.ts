import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../app/session.ts';
import { invoiceOf, listOf } from '../features/billing/billing.test-fixtures.ts';
import { documentOf, errorReply, mockApi } from '../test/fetch-mock.ts';
import { userSession } from '../test/fixtures.ts';
import { getInvoices, portalSessionQuery, UnexpectedInvoiceStatusError } from './billing.ts';

const INVOICES = 'GET /api/v4/stripe/passthrough/v1/invoices';

function statusOf(url: string): string | null {
  return new URL(url, 'http://localhost').searchParams.get('status');
}

describe('getInvoices', () => {
  it('fetches each status in parallel and merges the answers, newest first', async () => {
    setSession(userSession);
    const paid = invoiceOf('in_paid', 'paid', 1900, '2026-10-01T00:00:00Z');
    const open = invoiceOf('in_open', 'open', 4900, '2026-11-01T00:00:00Z');
    const api = mockApi({
      [INVOICES]: (request) => ({
        body: listOf(statusOf(request.url) === 'paid' ? [paid] : [open]),
      }),
    });

    const invoices = await getInvoices({ limit: 10, statuses: ['paid', 'open'] });

    expect(invoices.map((invoice) => invoice.id)).toEqual(['in_open', 'in_paid']);
    const asked = api.requestsTo(INVOICES).map((request) => statusOf(request.url));
    expect(asked.sort()).toEqual(['open', 'paid']);
    expect(api.requestsTo(INVOICES)[0]?.url).toContain('limit=10');
  });

  it('answers with the first failure when a status request fails', async () => {
    setSession(userSession);
    mockApi({
      [INVOICES]: (request) =>
        statusOf(request.url) === 'open'
          ? errorReply(502, [{ code: 'bad_gateway', detail: 'The provider did not answer' }])
          : { body: listOf([]) },
    });

    await expect(getInvoices({ statuses: ['paid', 'open'] })).rejects.toThrow(
      'The provider did not answer',
    );
  });

  it('rejects an answer holding a status that was not asked for', async () => {
    setSession(userSession);
    mockApi({
      [INVOICES]: { body: listOf([invoiceOf('in_void', 'void', 0, '2026-11-01T00:00:00Z')]) },
    });

    await expect(getInvoices({ statuses: ['paid'] })).rejects.toBeInstanceOf(
      UnexpectedInvoiceStatusError,
    );
  });

  it('rejects a status outside the provider set even when all were asked for', async () => {
    setSession(userSession);
    const odd = { ...invoiceOf('in_x', 'paid', 0, '2026-11-01T00:00:00Z'), status: 'refunded' };
    mockApi({ [INVOICES]: { body: listOf([odd]) } });

    await expect(getInvoices({})).rejects.toThrow('unexpected status "refunded"');
  });
});

describe('portalSessionQuery', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reuses a portal session for 10 s, then asks for a new one', async () => {
    setSession(userSession);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T08:00:00Z'));
    const api = mockApi({
      'POST /api/v4/customer-portal-sessions': {
        status: 201,
        body: documentOf({
          type: 'customer_portal_sessions',
          id: 'p1',
          attributes: { created: 1795334400, redirect_page: '/billing', url: '/billing/portal' },
        }),
      },
    });
    const queryClient = new QueryClient();
    const sessionsMade = () => api.requestsTo('POST /api/v4/customer-portal-sessions').length;

    const first = await queryClient.fetchQuery(portalSessionQuery('/billing'));
    expect(first).toEqual({
      id: 'p1',
      created: 1795334400,
      redirect_page: '/billing',
      url: '/billing/portal',
    });
    vi.setSystemTime(new Date('2026-11-22T08:00:09Z'));
    await queryClient.fetchQuery(portalSessionQuery('/billing'));
    expect(sessionsMade()).toBe(1);

    vi.setSystemTime(new Date('2026-11-22T08:00:11Z'));
    await queryClient.fetchQuery(portalSessionQuery('/billing'));
    expect(sessionsMade()).toBe(2);
  });
});
