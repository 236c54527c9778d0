import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setSession } from '../../app/session.ts';
import { documentOf, errorReply, mockApi } from '../../test/fetch-mock.ts';
import { ids, sessionWith, userResource, userSession } from '../../test/fixtures.ts';
import { pathOf, renderApp } from '../../test/render-app.tsx';
import { freePrice, seconds, starterPrice, subscriptionOn } from './billing.test-fixtures.ts';

// The billing chunk loads on first use; loading it here keeps that out of the first test's time.
beforeAll(async () => {
  await import('./billing-routes.tsx');
}, 30000);

function subscriptionDocument(subscription = subscriptionOn(starterPrice)) {
  const { id, ...attributes } = subscription;
  return documentOf({
    type: 'subscriptions',
    id,
    attributes: { ...attributes, provider: 'local', prorates: false },
  });
}

function usageDocument(usage: Partial<Record<string, number>> = {}) {
  return documentOf({
    type: 'billing_usage',
    id: ids.account,
    attributes: {
      period_start: seconds('2026-11-01T00:00:00Z'),
      period_end: seconds('2026-12-01T00:00:00Z'),
      bandwidth_bytes: 25_000_000_000,
      origin_images: 6000,
      sources: 2,
      users: 1,
      ...usage,
    },
  });
}

function mockOverviewApi() {
  setSession(userSession);
  return mockApi({
    [`GET /api/v4/users/${ids.user}`]: {
      body: documentOf(userResource(ids.user, 'Ada Lovelace', 'ada@example.com')),
    },
    'GET /api/v4/billing/subscription': { body: subscriptionDocument() },
    'GET /api/v4/billing/usage': { body: usageDocument() },
    'POST /api/v4/events': { status: 202 },
  });
}

describe('BillingOverviewPage', () => {
  it('shows the plan, its renewal and each allowance against this period’s usage', async () => {
    mockOverviewApi();
    renderApp('/billing');

    const plan = await screen.findByRole('region', { name: 'Current plan' });
    expect(plan).toHaveTextContent('Starter');
    expect(plan).toHaveTextContent('$19.00 / month · Renews on Dec 1, 2026');
    expect(within(plan).getByText('Active')).toBeInTheDocument();

    const usage = screen.getByRole('region', { name: 'Usage this period' });
    expect(usage).toHaveTextContent('Nov 1, 2026 – Dec 1, 2026');
    const bandwidth = await within(usage).findByRole('meter', { name: 'Bandwidth' });
    expect(bandwidth).toHaveAttribute('aria-valuenow', '25');
    expect(bandwidth).toHaveAttribute('aria-valuetext', '25 GB of 100 GB');
    const images = within(usage).getByRole('meter', { name: 'Origin images' });
    expect(images).toHaveAttribute('aria-valuetext', '6,000 of 5,000');
    expect(usage).toHaveTextContent('6,000 of 5,000(over the plan)');
    expect(within(usage).getByRole('meter', { name: 'Sources' })).toHaveAttribute(
      'aria-valuetext',
      '2 of 3',
    );
    expect(within(usage).getByRole('meter', { name: 'Users' })).toHaveAttribute(
      'aria-valuetext',
      '1 of 3',
    );
  });

  it('says when a canceled plan ends', async () => {
    const api = mockOverviewApi();
    api.on('GET /api/v4/billing/subscription', {
      body: subscriptionDocument(subscriptionOn(starterPrice, { cancel_at_period_end: true })),
    });
    renderApp('/billing');

    const plan = await screen.findByRole('region', { name: 'Current plan' });
    expect(plan).toHaveTextContent('Ends on Dec 1, 2026');
    expect(within(plan).getByText('Ending')).toBeInTheDocument();
  });

  it('opens Darkroom’s own portal when no payment provider is configured', async () => {
    const api = mockOverviewApi();
    api.on('GET /api/v4/billing/subscription', {
      body: subscriptionDocument(subscriptionOn(freePrice)),
    });
    api.on('POST /api/v4/customer-portal-sessions', (request) => ({
      status: 201,
      body: documentOf({
        type: 'customer_portal_sessions',
        id: 'p1',
        attributes: {
          created: seconds('2026-11-22T08:00:00Z'),
          redirect_page: (request.body as { data: { attributes: { redirect_page: string } } }).data
            .attributes.redirect_page,
          url: `${window.location.origin}/billing/portal?return_to=%2Fbilling`,
        },
      }),
    }));
    const { router, user } = renderApp('/billing');

    await user.click(await screen.findByRole('button', { name: 'Manage billing' }));

    await waitFor(() => expect(pathOf(router)).toBe('/billing/portal?return_to=%2Fbilling'));
    expect(api.requestsTo('POST /api/v4/customer-portal-sessions')[0]?.body).toEqual({
      data: {
        type: 'customer_portal_sessions',
        attributes: { redirect_page: window.location.href },
      },
    });
  });

  it('shows a failed subscription lookup with a retry', async () => {
    const api = mockOverviewApi();
    api.on(
      'GET /api/v4/billing/subscription',
      errorReply(502, [{ code: 'origin_error', detail: 'The billing provider failed to answer' }]),
    );
    const { user } = renderApp('/billing');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The billing provider failed to answer',
    );
    api.on('GET /api/v4/billing/subscription', { body: subscriptionDocument() });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Current plan' })).toBeInTheDocument();
  });

  it('explains the Billing group on every billing screen to a user without it', async () => {
    const api = mockOverviewApi();
    setSession(sessionWith(userSession, ['sources']));
    renderApp('/billing/invoices');

    const state = await screen.findByRole('region', {
      name: 'This page needs the Billing permission group',
    });
    expect(state).toHaveTextContent('Ask an Account Admin of your account to grant it');
    expect(screen.getByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Billing' })).toBeNull();
    expect(within(state).getByRole('link', { name: 'Go to Sources' })).toHaveAttribute(
      'href',
      '/sources',
    );
    expect(
      api.requests.filter((request) => /billing|stripe/.test(request.path)).map((r) => r.path),
    ).toEqual([]);
  });
});
