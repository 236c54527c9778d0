import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setSession } from '../../app/session.ts';
import { documentOf, errorReply, mockApi } from '../../test/fetch-mock.ts';
import { ids, userResource, userSession } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { invoiceOf, listOf } from './billing.test-fixtures.ts';

// The billing chunk loads on first use; loading it here keeps that out of the first test's time.
beforeAll(async () => {
  await import('./billing-routes.tsx');
}, 30000);

const INVOICES = 'GET /api/v4/stripe/passthrough/v1/invoices';

function statusOf(url: string): string | null {
  return new URL(url, 'http://localhost').searchParams.get('status');
}

function mockBillingApi(
  invoices = [
    invoiceOf('in_nov', 'open', 1900, '2026-11-01T00:00:00Z'),
    invoiceOf('in_oct', 'paid', 4912, '2026-10-01T00:00:00Z'),
  ],
) {
  setSession(userSession);
  return mockApi({
    [`GET /api/v4/users/${ids.user}`]: {
      body: documentOf(userResource(ids.user, 'Ada Lovelace', 'ada@example.com')),
    },
    [INVOICES]: (request) => ({
      body: listOf(invoices.filter((invoice) => invoice.status === statusOf(request.url))),
    }),
    'POST /api/v4/events': { status: 202 },
  });
}

describe('InvoicesPage', () => {
  it('lists invoices by year-month with amount, status and links to the page and the PDF', async () => {
    const api = mockBillingApi();
    renderApp('/billing/invoices');

    const table = await screen.findByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Nov 2026');
    expect(rows[1]).toHaveTextContent('$19.00');
    expect(rows[1]).toHaveTextContent('Open');
    expect(rows[2]).toHaveTextContent('Oct 2026');
    expect(rows[2]).toHaveTextContent('$49.12');
    expect(rows[2]).toHaveTextContent('Paid');
    expect(within(rows[1] as HTMLElement).getByText('Nov 2026')).toHaveAttribute(
      'datetime',
      '2026-11',
    );
    expect(
      within(rows[1] as HTMLElement).getByRole('link', { name: /View invoice DR-IN_NOV/ }),
    ).toHaveAttribute('href', 'https://billing.example/invoices/in_nov');
    expect(
      within(rows[1] as HTMLElement).getByRole('link', { name: /invoice DR-IN_NOV as PDF/ }),
    ).toHaveAttribute('href', 'https://billing.example/invoices/in_nov.pdf');
    // Drafts are not the customer's yet: every other status is asked for, each on its own.
    const asked = api.requestsTo(INVOICES).map((request) => statusOf(request.url));
    expect(asked.sort()).toEqual(['open', 'paid', 'uncollectible', 'void']);
  });

  it('says so when there is no invoice yet', async () => {
    mockBillingApi([]);
    renderApp('/billing/invoices');

    expect(await screen.findByText('No invoices yet')).toBeInTheDocument();
  });

  it('shows the first failure with a retry', async () => {
    const api = mockBillingApi();
    api.on(INVOICES, errorReply(503, [{ code: 'service_unavailable', detail: 'Stripe is down' }]));
    const { user } = renderApp('/billing/invoices');

    expect(await screen.findByRole('alert')).toHaveTextContent('Stripe is down');
    const november = invoiceOf('in_nov', 'open', 1900, '2026-11-01T00:00:00Z');
    api.on(INVOICES, (request) => ({
      body: listOf(statusOf(request.url) === 'open' ? [november] : []),
    }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Invoices' })).toBeInTheDocument();
  });
});
