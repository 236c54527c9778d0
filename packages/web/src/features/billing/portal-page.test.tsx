import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setSession } from '../../app/session.ts';
import { documentOf, mockApi } from '../../test/fetch-mock.ts';
import { ids, userResource, userSession } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { invoiceOf, listOf, starterPrice, subscriptionOn } from './billing.test-fixtures.ts';
import { returnPathOf } from './portal-page.tsx';

// The billing chunk loads on first use; loading it here keeps that out of the first test's time.
beforeAll(async () => {
  await import('./billing-routes.tsx');
}, 30000);

function subscriptionDocument(
  extra: Parameters<typeof subscriptionOn>[1] = {},
  provider = 'local',
) {
  const { id, ...attributes } = subscriptionOn(starterPrice, extra);
  return documentOf({
    type: 'subscriptions',
    id,
    attributes: { ...attributes, provider, prorates: provider === 'stripe' },
  });
}

function mockPortalApi() {
  setSession(userSession);
  return mockApi({
    [`GET /api/v4/users/${ids.user}`]: {
      body: documentOf(userResource(ids.user, 'Ada', 'ada@example.com')),
    },
    'GET /api/v4/billing/subscription': { body: subscriptionDocument() },
    'GET /api/v4/stripe/passthrough/v1/invoices': {
      body: listOf([
        invoiceOf('in_a', 'open', 1900, '2026-10-01T00:00:00Z'),
        invoiceOf('in_b', 'open', 250, '2026-11-01T00:00:00Z'),
      ]),
    },
    'DELETE /api/v4/billing/subscription': {
      body: subscriptionDocument({ cancel_at_period_end: true }),
    },
    'POST /api/v4/events': { status: 202 },
  });
}

describe('PortalPage', () => {
  it('shows the subscription and its payment details, with the way back', async () => {
    mockPortalApi();
    renderApp('/billing/portal?return_to=%2Fsources%3Fpage%3D2');

    const subscription = await screen.findByRole('region', { name: 'Subscription' });
    expect(subscription).toHaveTextContent('PlanStarter');
    expect(subscription).toHaveTextContent('Price$19.00 / month');
    expect(subscription).toHaveTextContent('StatusRenews on Dec 1, 2026');
    const payment = screen.getByRole('region', { name: 'Payment details' });
    expect(payment).toHaveTextContent('Customer IDcus_local_1');
    expect(payment).toHaveTextContent('Billing currencyUSD');
    await waitFor(() => expect(payment).toHaveTextContent('Open balance$21.50'));
    expect(screen.getByRole('link', { name: /Back to where you were/ })).toHaveAttribute(
      'href',
      '/sources?page=2',
    );
  });

  it('cancels the plan at the end of the period after confirmation', async () => {
    const api = mockPortalApi();
    const { user } = renderApp('/billing/portal');

    await user.click(await screen.findByRole('button', { name: 'Cancel plan' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel the Starter plan?' });
    expect(confirm).toHaveTextContent('It stays active until Dec 1, 2026');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel plan' }));

    expect(await screen.findByText('Your plan is canceled')).toBeInTheDocument();
    expect(api.requestsTo('DELETE /api/v4/billing/subscription')).toHaveLength(1);
    // The subscription is fetched again after the change; its section comes back with the news.
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Subscription' })).toHaveTextContent(
        'StatusEnds on Dec 1, 2026',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Cancel plan' })).toBeNull();
  });

  it('leads to the provider’s portal when Stripe keeps the books', async () => {
    const api = mockPortalApi();
    api.on('GET /api/v4/billing/subscription', { body: subscriptionDocument({}, 'stripe') });
    renderApp('/billing/portal');

    expect(await screen.findByRole('button', { name: 'Open the billing portal' })).toBeEnabled();
    expect(screen.queryByRole('region', { name: 'Payment details' })).toBeNull();
  });
});

describe('returnPathOf', () => {
  it('follows only paths of this site', () => {
    const origin = 'https://dash.example';
    expect(returnPathOf('https://dash.example/billing?x=1', origin)).toBe('/billing?x=1');
    expect(returnPathOf('/users', origin)).toBe('/users');
    expect(returnPathOf('https://evil.example/billing', origin)).toBeNull();
    expect(returnPathOf('//evil.example/x', origin)).toBeNull();
    expect(returnPathOf(null, origin)).toBeNull();
  });
});
