import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../databases.ts';
import { call, PASSWORD, signInAdmin, signUp, uniqueEmail, type SignedUp } from '../requests.ts';
import { createSourceThroughApi } from '../source-fixtures.ts';
import { useTestApp } from '../test-app.ts';
import { insertUsage } from './ledger-fixtures.ts';

const INVOICES = '/api/v4/stripe/passthrough/v1/invoices';

describe.each(BACKENDS)('the billing API on $name', (backend) => {
  const context = useTestApp(backend, { PLAN_LIMITS: 'true', DEFAULT_CAPABILITIES: 'none' });

  async function changePlan(user: SignedUp, priceId: string) {
    return call(context.app, 'PATCH', '/api/v4/billing/subscription', {
      token: user.token,
      body: { data: { type: 'subscriptions', attributes: { price_id: priceId } } },
    });
  }

  async function closePeriod(accountId: string, at?: string) {
    const admin = await signInAdmin(context.app, context.database);
    return call(context.app, 'POST', '/api/v4/admin/billing/close-period', {
      token: admin.token,
      body: {
        data: { type: 'billing_period_closes', attributes: { account_id: accountId, at } },
      },
    });
  }

  async function addUser(owner: SignedUp) {
    return call(context.app, 'POST', '/api/v4/users', {
      token: owner.token,
      body: {
        data: {
          type: 'users',
          attributes: { name: 'Teammate', email: uniqueEmail(), password: PASSWORD },
        },
      },
    });
  }

  it('starts a new account on the free plan', async () => {
    const user = await signUp(context.app);
    const subscription = await call(context.app, 'GET', '/api/v4/billing/subscription', {
      token: user.token,
    });
    expect(subscription.status).toBe(200);
    expect(subscription.body.data.type).toBe('subscriptions');
    expect(subscription.body.data.attributes).toMatchObject({
      provider: 'local',
      prorates: false,
      status: 'active',
      customer: `cus_${user.accountId}`,
    });
    expect(subscription.body.data.attributes.items.data[0].price.id).toBe('price_darkroom_free');

    const plan = await call(context.app, 'GET', '/api/v4/account/plan/', { token: user.token });
    expect(plan.status).toBe(200);
    expect(plan.body.data).toMatchObject({
      type: 'account_plans',
      id: user.accountId,
      attributes: {
        account_id: user.accountId,
        plan_type: 'Free',
        base_price: 0,
        bandwidth_included: 100000000,
        bandwidth_price: null,
        origin_images_included: 1000,
        subscription_level: 'free',
        video_streaming_included: 0,
      },
    });
  });

  it('lists the plans as prices with every field and metadata key', async () => {
    const user = await signUp(context.app);
    const prices = await call(context.app, 'GET', '/api/v4/billing/prices', { token: user.token });
    expect(prices.status).toBe(200);
    expect(prices.body.data.map((price: { id: string }) => price.id)).toEqual([
      'price_darkroom_free',
      'price_darkroom_starter_monthly',
      'price_darkroom_growth_monthly',
    ]);
    const growth = prices.body.data[2].attributes;
    expect(Object.keys(growth).sort()).toEqual(
      [
        'active',
        'billing_scheme',
        'currency',
        'unit_amount',
        'unit_amount_decimal',
        'lookup_key',
        'nickname',
        'recurring',
        'tax_behavior',
        'tiers_mode',
        'product',
        'metadata',
      ].sort(),
    );
    expect(Object.keys(growth.metadata).sort()).toEqual([
      'bandwidth_included',
      'bandwidth_price',
      'images_price',
      'origin_images_included',
      'overages_enabled',
      'sources_included',
      'users_included',
      'video_encoding_included',
      'video_streaming_included',
    ]);
    expect(growth).toMatchObject({ unit_amount: 4900, unit_amount_decimal: '4900' });
    expect(growth.recurring).toMatchObject({ interval: 'month', interval_count: 1 });
  });

  it('refuses a source beyond the plan with an upgrade link, and takes it after an upgrade', async () => {
    const user = await signUp(context.app);
    await createSourceThroughApi(context.app, user.token, 'first');
    const subdomain = `second${Math.random().toString(36).slice(2, 8)}`;
    const refused = await call(context.app, 'POST', '/api/v4/sources', {
      token: user.token,
      body: {
        data: {
          type: 'sources',
          attributes: {
            name: subdomain,
            production: { type: 'darkroom_storage', darkroom_subdomains: [subdomain] },
          },
        },
      },
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.errors[0]).toMatchObject({
      code: 'plan_limit_reached',
      detail: 'Your Free plan includes 1 source. Upgrade your plan to add more: /billing/plans',
    });

    const upgraded = await changePlan(user, 'price_darkroom_starter_monthly');
    expect(upgraded.status).toBe(200);
    expect(upgraded.body.data.attributes.items.data[0].price.id).toBe(
      'price_darkroom_starter_monthly',
    );
    await createSourceThroughApi(context.app, user.token, 'second');
  });

  it('refuses a user beyond the plan with an upgrade link', async () => {
    const owner = await signUp(context.app);
    expect((await addUser(owner)).status).toBe(201);
    expect((await addUser(owner)).status).toBe(201);
    const refused = await addUser(owner);
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe('plan_limit_reached');
    expect(refused.body.errors[0].detail).toBe(
      'Your Free plan includes 3 users. Upgrade your plan to add more: /billing/plans',
    );
  });

  it('refuses a plan that is not sold', async () => {
    const user = await signUp(context.app);
    const response = await changePlan(user, 'price_unknown');
    expect(response.status).toBe(422);
    expect(response.body.errors[0].source.pointer).toBe('/data/attributes/price_id');
  });

  it('grants the premium capabilities of the plan to the account sources', async () => {
    const user = await signUp(context.app);
    const { id } = await createSourceThroughApi(context.app, user.token, 'caps');
    const before = await call(context.app, 'GET', `/api/v4/sources/${id}`, { token: user.token });
    expect(before.body.data.attributes.premium_capabilities).toEqual([]);
    await changePlan(user, 'price_darkroom_starter_monthly');
    const after = await call(context.app, 'GET', `/api/v4/sources/${id}`, { token: user.token });
    expect(after.body.data.attributes.premium_capabilities).toEqual(['background_removal']);
  });

  it('bills a simulated period end and serves the invoice to its account only', async () => {
    const user = await signUp(context.app);
    await changePlan(user, 'price_darkroom_growth_monthly');
    await insertUsage(context.database.db, [
      { accountId: user.accountId, path: '/a.jpg', bytes: 1000, at: new Date() },
    ]);
    const closed = await closePeriod(user.accountId, new Date(Date.now() + 1000).toISOString());
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({
      type: 'invoices',
      attributes: { amount_due: 4900, status: 'open', plan: { nickname: 'Growth' } },
    });

    const list = await call(context.app, 'GET', INVOICES, { token: user.token });
    expect(list.status).toBe(200);
    expect(list.body.object).toBe('list');
    expect(list.body.data).toHaveLength(1);
    const [invoice] = list.body.data;
    expect(invoice).toMatchObject({
      id: closed.body.data.id,
      customer: `cus_${user.accountId}`,
      amount_due: 4900,
      currency: 'usd',
      paid: false,
      status: 'open',
    });
    expect(invoice.created).toBeLessThan(Date.now() / 1000 + 5);
    expect(invoice.metadata).toEqual({ bandwidth_bytes: '1000', origin_images: '1' });

    const hostedUrl = new URL(invoice.hosted_invoice_url);
    const pdfUrl = new URL(invoice.invoice_pdf);
    const page = await call(context.app, 'GET', hostedUrl.pathname + hostedUrl.search);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('$49.00');
    expect(page.body).toContain('Growth plan');

    const pdf = await context.app.inject({ method: 'GET', url: pdfUrl.pathname + pdfUrl.search });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const document = await PDFDocument.load(pdf.rawPayload);
    expect(document.getSubject()).toBe('Total $49.00');
    expect(document.getTitle()).toBe(`Invoice ${invoice.number}`);

    // The account's own session opens it without the link's token; nobody else does.
    const byOwner = await call(context.app, 'GET', pdfUrl.pathname, { token: user.token });
    expect(byOwner.status).toBe(200);
    const stranger = await signUp(context.app);
    const byStranger = await call(context.app, 'GET', pdfUrl.pathname, { token: stranger.token });
    expect(byStranger.status).toBe(404);
    expect((await call(context.app, 'GET', hostedUrl.pathname)).status).toBe(404);
    expect((await call(context.app, 'GET', `${hostedUrl.pathname}?token=guess`)).status).toBe(404);
    const strangerList = await call(context.app, 'GET', INVOICES, { token: stranger.token });
    expect(strangerList.body.data).toEqual([]);
  });

  it('merges invoices of several statuses and refuses an unknown status', async () => {
    const user = await signUp(context.app);
    // A free period closes paid, a growth period closes open.
    await closePeriod(user.accountId, new Date(Date.now() + 1000).toISOString());
    await changePlan(user, 'price_darkroom_growth_monthly');
    await closePeriod(user.accountId, new Date(Date.now() + 2000).toISOString());

    const both = await call(context.app, 'GET', `${INVOICES}?status=open,paid&limit=10`, {
      token: user.token,
    });
    expect(both.status).toBe(200);
    expect(both.body.data.map((invoice: { status: string }) => invoice.status)).toEqual([
      'open',
      'paid',
    ]);
    const repeated = await call(context.app, 'GET', `${INVOICES}?status=paid&status=void`, {
      token: user.token,
    });
    expect(repeated.body.data.map((invoice: { amount_due: number }) => invoice.amount_due)).toEqual(
      [0],
    );
    const limited = await call(context.app, 'GET', `${INVOICES}?status=open,paid&limit=1`, {
      token: user.token,
    });
    expect(limited.body.data).toHaveLength(1);

    const unknown = await call(context.app, 'GET', `${INVOICES}?status=open,pending`, {
      token: user.token,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({
      code: 'invalid_parameter',
      source: { parameter: 'status' },
    });
    const badLimit = await call(context.app, 'GET', `${INVOICES}?limit=0`, { token: user.token });
    expect(badLimit.status).toBe(400);
    expect((await call(context.app, 'GET', INVOICES)).status).toBe(401);
  });

  it('answers the subscription by id, with the product expanded on request', async () => {
    const user = await signUp(context.app);
    const current = await call(context.app, 'GET', '/api/v4/billing/subscription', {
      token: user.token,
    });
    const id = current.body.data.id as string;
    const plain = await call(
      context.app,
      'GET',
      `/api/v4/stripe/passthrough/v1/subscriptions/${id}`,
      {
        token: user.token,
      },
    );
    expect(plain.status).toBe(200);
    expect(plain.body.id).toBe(id);
    expect(plain.body.items.data[0].price.product).toBe('prod_darkroom_free');
    const expanded = await call(
      context.app,
      'GET',
      `/api/v4/stripe/passthrough/v1/subscriptions/${id}?expand[]=items.data.price.product`,
      { token: user.token },
    );
    expect(expanded.body.items.data[0].price.product).toMatchObject({
      id: 'prod_darkroom_free',
      name: 'Free',
    });
    const stranger = await signUp(context.app);
    const theirs = await call(
      context.app,
      'GET',
      `/api/v4/stripe/passthrough/v1/subscriptions/${id}`,
      {
        token: stranger.token,
      },
    );
    expect(theirs.status).toBe(404);
  });

  it('creates a customer portal session with its creation time in seconds', async () => {
    const user = await signUp(context.app);
    const before = Math.floor(Date.now() / 1000);
    const response = await call(context.app, 'POST', '/api/v4/customer-portal-sessions', {
      token: user.token,
      body: {
        data: { type: 'customer_portal_sessions', attributes: { redirect_page: '/billing' } },
      },
    });
    expect(response.status).toBe(201);
    const { attributes } = response.body.data;
    expect(response.body.data.type).toBe('customer_portal_sessions');
    expect(attributes.redirect_page).toBe('/billing');
    expect(attributes.created).toBeGreaterThanOrEqual(before);
    expect(attributes.created).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));
    expect(attributes.url).toBe(
      `http://localhost/billing/portal?return_to=${encodeURIComponent('http://localhost/billing')}`,
    );
    const elsewhere = await call(context.app, 'POST', '/api/v4/customer-portal-sessions', {
      token: user.token,
      body: {
        data: {
          type: 'customer_portal_sessions',
          attributes: { redirect_page: 'https://evil.example/' },
        },
      },
    });
    expect(elsewhere.status).toBe(422);
  });

  it('cancels at the end of the period', async () => {
    const user = await signUp(context.app);
    await changePlan(user, 'price_darkroom_starter_monthly');
    const canceled = await call(context.app, 'DELETE', '/api/v4/billing/subscription', {
      token: user.token,
    });
    expect(canceled.status).toBe(200);
    expect(canceled.body.data.attributes.cancel_at_period_end).toBe(true);
    expect(canceled.body.data.attributes.canceled_at).toEqual(expect.any(Number));
    await closePeriod(user.accountId, new Date(Date.now() + 1000).toISOString());
    const after = await call(context.app, 'GET', '/api/v4/billing/subscription', {
      token: user.token,
    });
    expect(after.body.data.attributes.items.data[0].price.id).toBe('price_darkroom_free');
  });

  it('reports usage of the current period against the plan', async () => {
    const user = await signUp(context.app);
    // Usage from before the first billing read counts: the period starts at sign-up.
    await insertUsage(context.database.db, [
      { accountId: user.accountId, path: '/x.jpg', bytes: 300, requests: 2, at: new Date() },
    ]);
    const usage = await call(context.app, 'GET', '/api/v4/billing/usage', { token: user.token });
    expect(usage.status).toBe(200);
    expect(usage.body.data.attributes).toMatchObject({
      bandwidth_bytes: 600,
      origin_images: 1,
      sources: 0,
      users: 1,
    });
  });

  it('keeps the period close to administrators', async () => {
    const user = await signUp(context.app);
    const response = await call(context.app, 'POST', '/api/v4/admin/billing/close-period', {
      token: user.token,
      body: {
        data: { type: 'billing_period_closes', attributes: { account_id: user.accountId } },
      },
    });
    expect(response.status).toBe(404);
  });
});
