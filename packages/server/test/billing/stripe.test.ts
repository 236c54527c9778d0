import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE } from '../databases.ts';
import { call, signUp } from '../requests.ts';
import { createSourceThroughApi } from '../source-fixtures.ts';
import { useTestApp } from '../test-app.ts';
import {
  FREE_AND_PRO_PRICES,
  standInInvoice,
  startStripeStandIn,
  type StripeStandIn,
} from './stripe-stand-in.ts';

const WEBHOOK_SECRET = 'whsec_test_darkroom';
const INVOICES = '/api/v4/stripe/passthrough/v1/invoices';

describe('billing through Stripe', () => {
  const context = useTestApp(PGLITE);
  let standIn: StripeStandIn;
  let app: FastifyInstance;
  const signer = new Stripe('sk_test_signer');

  beforeAll(async () => {
    standIn = await startStripeStandIn(FREE_AND_PRO_PRICES);
    app = await context.appWith({
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_API_BASE: standIn.url,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PLAN_LIMITS: 'true',
    });
  });
  afterAll(async () => {
    await standIn.close();
  });

  function webhook(event: object, secret = WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    return app.inject({
      method: 'POST',
      url: '/api/v4/stripe/webhooks',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });
  }

  async function stripeSubscriptionOf(token: string) {
    const response = await call(app, 'GET', '/api/v4/billing/subscription', { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  }

  it('makes each account a Stripe customer on the free price, once', async () => {
    const user = await signUp(app);
    const [first, second] = await Promise.all([
      stripeSubscriptionOf(user.token),
      stripeSubscriptionOf(user.token),
    ]);
    expect(first.attributes).toMatchObject({ provider: 'stripe', prorates: true });
    expect(first.attributes.items.data[0].price.id).toBe('price_stripe_free');
    expect(second.id).toBe(first.id);
    const customers = [...standIn.customers.values()].filter(
      (customer) => (customer.metadata as { account_id?: string }).account_id === user.accountId,
    );
    expect(customers).toHaveLength(1);
    const keys = standIn.idempotencyKeys
      .filter((entry) => entry.path === '/v1/customers')
      .map((entry) => entry.key);
    expect(keys).toContain(`darkroom-customer-${user.accountId}`);
  });

  it('changes the plan at Stripe with the caller idempotency key and prorates', async () => {
    const user = await signUp(app);
    const current = await stripeSubscriptionOf(user.token);
    const changed = await call(app, 'PATCH', '/api/v4/billing/subscription', {
      token: user.token,
      headers: { 'idempotency-key': 'change-to-pro-1' },
      body: { data: { type: 'subscriptions', attributes: { price_id: 'price_stripe_pro' } } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data.attributes.items.data[0].price.id).toBe('price_stripe_pro');
    expect(standIn.subscriptions.get(current.id)?.price_id).toBe('price_stripe_pro');
    expect(standIn.idempotencyKeys).toContainEqual({
      path: `/v1/subscriptions/${current.id}`,
      key: 'change-to-pro-1',
    });
    // The local record follows, so limits and capabilities use the new plan at once.
    await createSourceThroughApi(app, user.token, 'one');
    await createSourceThroughApi(app, user.token, 'two');
  });

  it('merges invoices of several statuses from Stripe, newest first', async () => {
    const user = await signUp(app);
    await stripeSubscriptionOf(user.token);
    const customer = [...standIn.customers.values()].find(
      (candidate) => (candidate.metadata as { account_id?: string }).account_id === user.accountId,
    )?.id as string;
    standIn.invoices.push(
      standInInvoice({ id: 'in_a', customer, status: 'paid', created: 1000, amount: 9900 }),
      standInInvoice({ id: 'in_b', customer, status: 'open', created: 2000, amount: 9900 }),
      standInInvoice({ id: 'in_c', customer, status: 'void', created: 3000, amount: 100 }),
      standInInvoice({
        id: 'in_other',
        customer: 'cus_else',
        status: 'open',
        created: 4000,
        amount: 1,
      }),
    );
    const merged = await call(app, 'GET', `${INVOICES}?status=paid,open`, { token: user.token });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.data.map((invoice: { id: string }) => invoice.id)).toEqual(['in_b', 'in_a']);
    expect(merged.body.data[0]).toMatchObject({
      customer,
      amount_due: 9900,
      status: 'open',
      paid: false,
      subscription: 'sub_x',
      hosted_invoice_url: 'https://invoice.stripe.test/in_b',
      invoice_pdf: 'https://invoice.stripe.test/in_b.pdf',
    });

    // The first failing status is the answer, even when the others succeed.
    standIn.failingStatuses.add('void');
    const failed = await call(app, 'GET', `${INVOICES}?status=paid,void`, { token: user.token });
    expect(failed.status).toBe(502);
    expect(failed.body.errors[0].detail).toContain('Listing void invoices failed');
    standIn.failingStatuses.clear();

    // A status the spec does not know is an error, not an invoice.
    standIn.invoices.push(
      standInInvoice({ id: 'in_odd', customer, status: 'pending', created: 5000, amount: 1 }),
    );
    const odd = await call(app, 'GET', INVOICES, { token: user.token });
    expect(odd.status).toBe(502);
    expect(odd.body.errors[0].detail).toContain('unexpected status "pending"');
  });

  it('opens the Stripe customer portal', async () => {
    const user = await signUp(app);
    await stripeSubscriptionOf(user.token);
    const response = await call(app, 'POST', '/api/v4/customer-portal-sessions', {
      token: user.token,
      body: {
        data: { type: 'customer_portal_sessions', attributes: { redirect_page: '/billing' } },
      },
    });
    expect(response.status).toBe(201);
    expect(response.body.data.attributes.url).toMatch(
      /^https:\/\/billing\.stripe\.test\/p\/session\/cus_/,
    );
  });

  it('applies a signed webhook once and refuses a bad signature', async () => {
    const user = await signUp(app);
    const current = await stripeSubscriptionOf(user.token);
    const stored = standIn.subscriptions.get(current.id);
    if (stored === undefined) throw new Error('no subscription at the stand-in');
    const event = {
      id: `evt_${current.id}`,
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          ...current.attributes,
          id: current.id,
          object: 'subscription',
          status: 'active',
          start_date: stored.start_date,
          metadata: { account_id: user.accountId },
          items: {
            object: 'list',
            data: [
              {
                id: `si_${current.id}`,
                current_period_start: stored.start_date,
                current_period_end: (stored.start_date as number) + 30 * 86_400,
                price: {
                  ...current.attributes.items.data[0].price,
                  id: 'price_stripe_pro',
                  lookup_key: 'pro',
                  nickname: 'Pro',
                  unit_amount: 9900,
                  product: 'prod_stripe_pro',
                  metadata: FREE_AND_PRO_PRICES[1]?.metadata,
                },
              },
            ],
          },
        },
      },
    };

    const forged = await webhook(event, 'whsec_wrong');
    expect(forged.statusCode).toBe(400);

    const first = await webhook(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const again = await webhook(event);
    expect(again.json()).toEqual({ received: true, duplicate: true });

    const recorded = await context.database.db
      .selectFrom('billing_webhook_events')
      .selectAll()
      .where('id', '=', event.id)
      .execute();
    expect(recorded).toHaveLength(1);
    const local = await context.database.db
      .selectFrom('billing_subscriptions')
      .selectAll()
      .where('account_id', '=', user.accountId)
      .executeTakeFirstOrThrow();
    expect(local.price_id).toBe('price_stripe_pro');
  });

  it('answers the passthrough subscription for its own account only', async () => {
    const user = await signUp(app);
    const current = await stripeSubscriptionOf(user.token);
    const own = await call(
      app,
      'GET',
      `/api/v4/stripe/passthrough/v1/subscriptions/${current.id}?expand[]=items.data.price.product`,
      { token: user.token },
    );
    expect(own.status).toBe(200);
    expect(own.body.items.data[0].price.product).toMatchObject({ id: 'prod_stripe_free' });
    const stranger = await signUp(app);
    const theirs = await call(
      app,
      'GET',
      `/api/v4/stripe/passthrough/v1/subscriptions/${current.id}`,
      { token: stranger.token },
    );
    expect(theirs.status).toBe(404);
  });

  it('logs a subscription lookup that fails', async () => {
    const user = await signUp(app);
    const current = await stripeSubscriptionOf(user.token);
    standIn.failingSubscriptions.add(current.id);
    const failed = await call(app, 'GET', '/api/v4/account/plan/', { token: user.token });
    standIn.failingSubscriptions.clear();
    expect(failed.status).toBe(502);
    const events = await context.database.db
      .selectFrom('events')
      .selectAll()
      .where('account_id', '=', user.accountId)
      .where('name', '=', 'Subscription Lookup Failed')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]?.user_id).toBe(user.userId);
    expect(String(events[0]?.properties.error)).toContain('No such subscription');
  });

  it('offers the plans Stripe sells, and only those', async () => {
    const user = await signUp(app);
    const prices = await call(app, 'GET', '/api/v4/billing/prices', { token: user.token });
    expect(prices.body.data.map((price: { id: string }) => price.id)).toEqual([
      'price_stripe_free',
      'price_stripe_pro',
    ]);
    expect(prices.body.data[1].attributes.product).toMatchObject({ name: 'Pro' });
  });
});
