import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { setSession } from '../../app/session.ts';
import { documentOf, errorReply, mockApi } from '../../test/fetch-mock.ts';
import { ids, userResource, userSession } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { freePrice, growthPrice, starterPrice, subscriptionOn } from './billing.test-fixtures.ts';
import type { BillingPrice } from '@darkroom/core';

// The billing chunk loads on first use; loading it here keeps that out of the first test's time.
beforeAll(async () => {
  await import('./billing-routes.tsx');
}, 30000);

function subscriptionDocument(price: BillingPrice, prorates = false) {
  const { id, ...attributes } = subscriptionOn(price);
  return documentOf({
    type: 'subscriptions',
    id,
    attributes: { ...attributes, provider: prorates ? 'stripe' : 'local', prorates },
  });
}

const pricesDocument = documentOf(
  [freePrice, starterPrice, growthPrice].map(({ id, ...attributes }) => ({
    type: 'billing_prices',
    id,
    attributes,
  })),
);

function mockPlansApi({ prorates = false } = {}) {
  setSession(userSession);
  return mockApi({
    [`GET /api/v4/users/${ids.user}`]: {
      body: documentOf(userResource(ids.user, 'Ada', 'ada@example.com')),
    },
    'GET /api/v4/billing/prices': { body: pricesDocument },
    'GET /api/v4/billing/subscription': { body: subscriptionDocument(freePrice, prorates) },
    'PATCH /api/v4/billing/subscription': { body: subscriptionDocument(starterPrice, prorates) },
    'POST /api/v4/events': { status: 202 },
  });
}

function planCard(name: string) {
  return screen.getByRole('region', { name });
}

describe('PlansPage', () => {
  it('compares every plan’s price and allowances and marks the current one', async () => {
    mockPlansApi();
    renderApp('/billing/plans');

    const free = await screen.findByRole('region', { name: 'Free' });
    expect(within(free).getByText('Current plan')).toBeInTheDocument();
    expect(within(free).queryByRole('button')).toBeNull();
    expect(free).toHaveTextContent('$0.00 / month');
    expect(free).toHaveTextContent('Bandwidth100 MB');
    expect(free).toHaveTextContent('Sources1 source');
    expect(free).toHaveTextContent('Video streamingNot included');

    const starter = planCard('Starter');
    expect(starter).toHaveTextContent('$19.00 / month');
    expect(starter).toHaveTextContent('Sources3 sources');
    expect(starter).toHaveTextContent('Beyond the planStops at the plan limits');
    const growth = planCard('Growth');
    expect(growth).toHaveTextContent('Beyond the plan$0.08 per GB, $3.00 per 1,000 images');
    // The parsed plan leaves absent video allowances not-a-number: shown as not included.
    expect(growth).toHaveTextContent('Video streamingNot included');
    expect(within(growth).getByRole('button', { name: 'Upgrade to Growth' })).toBeEnabled();
  });

  it('upgrades after confirmation and shows the new plan as current', async () => {
    const api = mockPlansApi();
    const { user } = renderApp('/billing/plans');

    await user.click(await screen.findByRole('button', { name: 'Upgrade to Starter' }));
    const confirm = await screen.findByRole('dialog', { name: 'Upgrade to Starter?' });
    expect(confirm).toHaveTextContent('Starter costs $19.00 / month.');
    expect(confirm).not.toHaveTextContent('prorated');
    await user.click(within(confirm).getByRole('button', { name: 'Switch to Starter' }));

    expect(await screen.findByText('You are on the Starter plan')).toBeInTheDocument();
    expect(api.requestsTo('PATCH /api/v4/billing/subscription')[0]?.body).toEqual({
      data: { type: 'subscriptions', attributes: { price_id: 'price_starter' } },
    });
    await waitFor(() =>
      expect(within(planCard('Starter')).getByText('Current plan')).toBeInTheDocument(),
    );
    expect(
      within(planCard('Free')).getByRole('button', { name: 'Downgrade to Free' }),
    ).toBeEnabled();
  });

  it('says the change is prorated when the provider prorates', async () => {
    mockPlansApi({ prorates: true });
    const { user } = renderApp('/billing/plans');

    await user.click(await screen.findByRole('button', { name: 'Upgrade to Growth' }));
    const confirm = await screen.findByRole('dialog', { name: 'Upgrade to Growth?' });
    expect(confirm).toHaveTextContent('the rest of this period is prorated on your next invoice');
  });

  it('changes nothing when the confirmation is dismissed', async () => {
    const api = mockPlansApi();
    const { user } = renderApp('/billing/plans');

    await user.click(await screen.findByRole('button', { name: 'Upgrade to Starter' }));
    const confirm = await screen.findByRole('dialog', { name: 'Upgrade to Starter?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requestsTo('PATCH /api/v4/billing/subscription')).toHaveLength(0);
  });

  it('tells why a change failed', async () => {
    const api = mockPlansApi();
    api.on(
      'PATCH /api/v4/billing/subscription',
      errorReply(422, [
        { code: 'validation_failed', detail: 'No plan has the price price_starter.' },
      ]),
    );
    const { user } = renderApp('/billing/plans');

    await user.click(await screen.findByRole('button', { name: 'Upgrade to Starter' }));
    const confirm = await screen.findByRole('dialog', { name: 'Upgrade to Starter?' });
    await user.click(within(confirm).getByRole('button', { name: 'Switch to Starter' }));

    expect(await screen.findByText('Could not change the plan')).toBeInTheDocument();
    expect(screen.getByText('No plan has the price price_starter.')).toBeInTheDocument();
  });
});
