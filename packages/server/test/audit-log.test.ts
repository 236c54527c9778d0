import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FREE_AND_PRO_PRICES,
  startStripeStandIn,
  type StripeStandIn,
} from './billing/stripe-stand-in.ts';
import { BACKENDS, PGLITE } from './databases.ts';
import { quadrantsPng, useDataDir } from './delivery/fixtures.ts';
import { startHttpServer, type TestHttpServer } from './origin-servers/http.ts';
import {
  call,
  multipart,
  PASSWORD,
  signIn,
  signInAdmin,
  signUp,
  uniqueEmail,
  type SignedUp,
} from './requests.ts';
import { createSourceThroughApi } from './source-fixtures.ts';
import { useTestApp } from './test-app.ts';

interface AuditAttributes {
  account_id: string | null;
  action: string;
  actor_user_id: string | null;
  actor_api_key_id: string | null;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
  ip: string;
  user_agent: string;
}

/** An account's audit log as `token` reads it (under /admin: every account's), newest first. */
async function auditOf(app: FastifyInstance, token: string, query = '', admin = false) {
  const response = await call(app, 'GET', `/api/v4${admin ? '/admin' : ''}/audit-events${query}`, {
    token,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body.data as { attributes: AuditAttributes }[]).map((row) => row.attributes);
}

/** The log is written once the answer is sent: reads it until `done` holds, or 5 seconds pass. */
async function auditWhen(
  app: FastifyInstance,
  token: string,
  done: (rows: AuditAttributes[]) => boolean,
  query = '?page[size]=100',
): Promise<AuditAttributes[]> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const rows = await auditOf(app, token, query);
    if (done(rows) || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** An order of rows that does not depend on when each was written. */
const byContent = (a: object, b: object) => JSON.stringify(a).localeCompare(JSON.stringify(b));

/** Whether every action of `actions` is in `rows`. */
const holdsAll = (actions: string[]) => (rows: AuditAttributes[]) =>
  actions.every((action) => rows.some((row) => row.action === action));

describe.each(BACKENDS)('audit log on $name', (backend) => {
  // Uploads land in the data directory; the web folder origin below listens on loopback.
  const context = useTestApp(backend, { DATA_DIR: useDataDir(), ALLOW_PRIVATE_ORIGINS: '1' });
  let origin: TestHttpServer;

  beforeAll(async () => {
    const png = await quadrantsPng(40, 30);
    origin = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
      response.end(png);
    });
  });
  afterAll(async () => {
    await origin.close();
  });

  const auditOfApp = (token: string, query = '', admin = false) =>
    auditOf(context.app, token, query, admin);

  /** The log is written once the answer is sent: waits until `action` shows. */
  async function waitFor(token: string, action: string, admin = false, query = '') {
    const deadline = Date.now() + 5000;
    for (;;) {
      const rows = await auditOfApp(token, query, admin);
      const found = rows.filter((row) => row.action === action);
      if (found.length > 0 || Date.now() > deadline) return { rows, found };
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Uploads a file into a Darkroom Storage source as `token` (a session's or a key's). */
  async function upload(token: string, sourceId: string, filePath: string) {
    const { payload, contentType } = multipart([
      { name: 'path', value: filePath },
      { name: 'file', value: await quadrantsPng(40, 30), filename: 'file.png' },
    ]);
    const response = await context.app.inject({
      method: 'POST',
      url: `/api/v4/sources/${sourceId}/files`,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
  }

  async function createKey(owner: SignedUp, name: string, permissions: string[]) {
    const created = await call(context.app, 'POST', '/api/v4/api-keys', {
      token: owner.token,
      body: { data: { type: 'api_keys', attributes: { name, permissions } } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { id: created.body.data.id as string, key: created.body.data.attributes.key as string };
  }

  async function addTeammate(owner: SignedUp, permissions: string[]) {
    const email = uniqueEmail('audited');
    const created = await call(context.app, 'POST', '/api/v4/users', {
      token: owner.token,
      body: {
        data: {
          type: 'users',
          attributes: { name: 'Ada', email, password: PASSWORD, permissions },
        },
      },
    });
    expect(created.status).toBe(201);
    return { id: created.body.data.id as string, email };
  }

  it('records failed sign-ins in the account of the email tried, with where they came from', async () => {
    const owner = await signUp(context.app);
    const failed = await call(context.app, 'POST', '/api/v4/sessions', {
      headers: { 'user-agent': 'curl/8.0' },
      remoteAddress: '203.0.113.7',
      body: {
        data: { type: 'sessions', attributes: { email: owner.email, password: 'wrong password' } },
      },
    });
    expect(failed.status).toBe(401);
    const { found } = await waitFor(owner.token, 'sign_in.failed');
    expect(found[0]).toMatchObject({
      account_id: owner.accountId,
      actor_user_id: null,
      details: { email: owner.email.toLowerCase() },
      user_agent: 'curl/8.0',
    });
    expect(found[0]?.ip).toEqual(expect.any(String));
    expect(JSON.stringify(found)).not.toContain('wrong password');
  });

  it('records teammates, their groups, keys and key use, and never a password or a key', async () => {
    const owner = await signUp(context.app);
    const teammate = await addTeammate(owner, ['purge']);
    await call(context.app, 'PATCH', `/api/v4/users/${teammate.id}`, {
      token: owner.token,
      body: { data: { type: 'users', attributes: { permissions: ['purge', 'analytics'] } } },
    });
    const key = await call(context.app, 'POST', '/api/v4/api-keys', {
      token: owner.token,
      body: {
        data: { type: 'api_keys', attributes: { name: 'Script', permissions: ['sources'] } },
      },
    });
    const keyValue = key.body.data.attributes.key as string;
    await call(context.app, 'GET', '/api/v4/sources', { token: keyValue });
    // Refused requests change nothing and are not recorded.
    await call(context.app, 'POST', '/api/v4/sources', { token: owner.token, body: { data: {} } });

    const { rows } = await waitFor(owner.token, 'api_key.used');
    const byAction = new Map(rows.map((row) => [row.action, row]));
    expect(byAction.get('user.added')).toMatchObject({
      actor_user_id: owner.userId,
      target_type: 'users',
      target_id: teammate.id,
      details: { permissions: ['purge'] },
    });
    expect(byAction.get('user.updated')).toMatchObject({
      target_id: teammate.id,
      details: { permissions: ['purge', 'analytics'] },
    });
    expect(byAction.get('api_key.created')).toMatchObject({
      target_type: 'api_keys',
      target_id: key.body.data.id,
      details: { name: 'Script', permissions: ['sources'] },
    });
    expect(byAction.get('api_key.used')).toMatchObject({
      actor_user_id: owner.userId,
      actor_api_key_id: key.body.data.id,
    });
    expect(byAction.has('source.created')).toBe(false);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(keyValue);
  });

  it('is for Account Admins of the account only, filterable, and every account is seen by install admins', async () => {
    const owner = await signUp(context.app);
    const other = await signUp(context.app);
    const teammate = await addTeammate(owner, ['analytics']);
    const session = await signIn(context.app, teammate.email);
    const memberToken = session.body.data.attributes.token as string;
    const refused = await call(context.app, 'GET', '/api/v4/audit-events', { token: memberToken });
    expect(refused.status).toBe(403);

    const { found } = await waitFor(owner.token, 'sign_in', false, '?filter[action]=sign_in');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((row) => row.account_id === owner.accountId)).toBe(true);
    const unknown = await call(context.app, 'GET', '/api/v4/audit-events?filter[action]=nope', {
      token: owner.token,
    });
    expect(unknown.status).toBe(400);
    const future = await auditOfApp(owner.token, `?filter[since]=${Date.now() + 60_000}`);
    expect(future).toEqual([]);

    const admin = await signInAdmin(context.app, context.database);
    await call(context.app, 'POST', '/api/v4/admin/impersonations', {
      token: admin.token,
      body: { data: { type: 'impersonations', attributes: { user_id: other.userId } } },
    });
    const seen = await waitFor(other.token, 'impersonation.started');
    expect(seen.found[0]).toMatchObject({
      account_id: other.accountId,
      actor_user_id: admin.userId,
      target_id: other.userId,
    });
    const all = await auditOfApp(admin.token, `?filter[account_id]=${owner.accountId}`, true);
    expect(all.some((row) => row.action === 'user.added')).toBe(true);
  });

  it('records the sign-up that created the account, by its first user', async () => {
    const owner = await signUp(context.app);
    const { found } = await waitFor(owner.token, 'account.created');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      account_id: owner.accountId,
      actor_user_id: owner.userId,
      actor_api_key_id: null,
      target_id: null,
    });
  });

  it('records source changes: creation, settings, token, origin authentication, hidden assets and deletion', async () => {
    const owner = await signUp(context.app);
    const managed = await createSourceThroughApi(context.app, owner.token, 'audited');
    const web = await createSourceThroughApi(context.app, owner.token, 'webaudit', {
      type: 'webfolder',
      webfolder_prefix: `${origin.url}/images/`,
    });
    const headerValue = 'origin-handshake-0123456789';
    const answers = [
      await call(context.app, 'PATCH', `/api/v4/sources/${managed.id}`, {
        token: owner.token,
        body: { data: { type: 'sources', id: managed.id, attributes: { name: 'Renamed' } } },
      }),
      await call(context.app, 'POST', `/api/v4/sources/${managed.id}/secure-url-token`, {
        token: owner.token,
      }),
      await call(context.app, 'PUT', `/api/v4/sources/${web.id}/origin-authentication`, {
        token: owner.token,
        body: {
          data: {
            type: 'origin_authentications',
            id: web.id,
            attributes: {
              custom_header: { name: 'X-Origin-Token', value: headerValue },
              test_path: 'cat.png',
            },
          },
        },
      }),
      await call(context.app, 'PATCH', `/api/v4/sources/${managed.id}/hidden-assets`, {
        token: owner.token,
        body: { data: { type: 'hidden_assets', attributes: { stop_delivering: true } } },
      }),
      await call(context.app, 'DELETE', `/api/v4/sources/${web.id}`, { token: owner.token }),
    ];
    expect(
      answers.map((answer) => answer.status),
      JSON.stringify(answers.map((answer) => answer.body)),
    ).toEqual([200, 201, 200, 200, 204]);
    const rotatedToken = answers[1]?.body.data.attributes.token as string;

    const actions = [
      'source.created',
      'source.updated',
      'source.token_rotated',
      'source.origin_auth_changed',
      'source.deleted',
    ];
    const rows = await auditWhen(
      context.app,
      owner.token,
      (found) =>
        holdsAll(actions)(found) &&
        found.filter((row) => row.action === 'source.updated').length === 2,
    );
    const sourceRows = rows.filter((row) => row.action.startsWith('source.'));
    const summary = sourceRows
      .map((row) => ({ action: row.action, target: row.target_id, details: row.details }))
      .sort(byContent);
    expect(summary).toEqual(
      [
        { action: 'source.created', target: managed.id, details: {} },
        { action: 'source.created', target: web.id, details: {} },
        { action: 'source.deleted', target: web.id, details: {} },
        { action: 'source.origin_auth_changed', target: web.id, details: {} },
        { action: 'source.token_rotated', target: managed.id, details: {} },
        { action: 'source.updated', target: managed.id, details: { attributes: ['name'] } },
        { action: 'source.updated', target: managed.id, details: { stop_delivering_hidden: true } },
      ].sort(byContent),
    );
    for (const row of sourceRows) {
      expect(row).toMatchObject({
        account_id: owner.accountId,
        actor_user_id: owner.userId,
        actor_api_key_id: null,
        target_type: 'sources',
      });
    }
    const text = JSON.stringify(rows);
    expect(text).not.toContain(headerValue);
    expect(text).not.toContain(rotatedToken);
  });

  it('records an asset deleted with its source and path, and not a refused deletion', async () => {
    const owner = await signUp(context.app);
    const managed = await createSourceThroughApi(context.app, owner.token, 'assetaudit');
    await upload(owner.token, managed.id, 'shop/boot.png');
    const path = `/api/v4/assets/${managed.id}/shop/boot.png`;
    expect((await call(context.app, 'DELETE', path, { token: owner.token })).status).toBe(204);
    // Gone already: refused, so nothing was deleted and nothing is recorded.
    expect((await call(context.app, 'DELETE', path, { token: owner.token })).status).toBe(404);
    const { found } = await waitFor(owner.token, 'asset.deleted');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      account_id: owner.accountId,
      actor_user_id: owner.userId,
      details: { source_id: managed.id, path: '/shop/boot.png' },
    });
  });

  it('records plan changes, cancellation, the billing portal, and administrators closing a period and settling its invoice', async () => {
    const owner = await signUp(context.app);
    const changed = await call(context.app, 'PATCH', '/api/v4/billing/subscription', {
      token: owner.token,
      body: {
        data: { type: 'subscriptions', attributes: { price_id: 'price_darkroom_starter_monthly' } },
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const portal = await call(context.app, 'POST', '/api/v4/customer-portal-sessions', {
      token: owner.token,
      body: {
        data: { type: 'customer_portal_sessions', attributes: { redirect_page: '/billing' } },
      },
    });
    expect(portal.status).toBe(201);
    const cancelled = await call(context.app, 'DELETE', '/api/v4/billing/subscription', {
      token: owner.token,
    });
    expect(cancelled.status).toBe(200);

    const admin = await signInAdmin(context.app, context.database);
    const closed = await call(context.app, 'POST', '/api/v4/admin/billing/close-period', {
      token: admin.token,
      body: {
        data: {
          type: 'billing_period_closes',
          attributes: {
            account_id: owner.accountId,
            at: new Date(Date.now() + 1000).toISOString(),
          },
        },
      },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const invoice = closed.body.data as { id: string; attributes: { status: string } };
    const next = invoice.attributes.status === 'draft' ? 'open' : 'paid';
    const settled = await call(
      context.app,
      'PATCH',
      `/api/v4/admin/billing/invoices/${invoice.id}`,
      {
        token: admin.token,
        body: { data: { type: 'invoices', id: invoice.id, attributes: { status: next } } },
      },
    );
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);

    const rows = await auditWhen(
      context.app,
      owner.token,
      holdsAll([
        'billing.subscription_changed',
        'billing.portal_opened',
        'billing.subscription_cancelled',
      ]),
    );
    const byAction = new Map(rows.map((row) => [row.action, row]));
    const asOwner = { account_id: owner.accountId, actor_user_id: owner.userId };
    expect(byAction.get('billing.subscription_changed')).toMatchObject({
      ...asOwner,
      details: { price_id: 'price_darkroom_starter_monthly' },
    });
    expect(byAction.get('billing.portal_opened')).toMatchObject(asOwner);
    expect(byAction.get('billing.subscription_cancelled')).toMatchObject(asOwner);

    const adminRows = await auditWhen(
      context.app,
      admin.token,
      (found) => found.filter((row) => row.target_id === invoice.id).length === 2,
      `?filter[actor_user_id]=${admin.userId}`,
    );
    const onInvoice = adminRows.filter((row) => row.target_id === invoice.id);
    expect(onInvoice.map((row) => [row.action, row.target_type, row.details])).toEqual([
      ['billing.invoice_settled', 'invoices', { status: next }],
      ['billing.period_closed', 'invoices', { account_id: owner.accountId }],
    ]);
  });

  it('records the single sign-on requirement changing', async () => {
    const owner = await signUp(context.app);
    // Turning it on needs a sign-in through a provider (test/sso.test.ts); turning it off does not.
    await context.database.db
      .updateTable('accounts')
      .set({ require_sso: true })
      .where('id', '=', owner.accountId)
      .execute();
    const changed = await call(context.app, 'PATCH', '/api/v4/account/sso', {
      token: owner.token,
      body: { data: { type: 'sso_settings', attributes: { require_sso: false } } },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const { found } = await waitFor(owner.token, 'account.sso_changed');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      account_id: owner.accountId,
      actor_user_id: owner.userId,
      details: { require_sso: false },
    });
  });

  it('names the API key on every change it makes, on both APIs, and sums up its reads once a minute', async () => {
    const owner = await signUp(context.app);
    const source = await createSourceThroughApi(context.app, owner.token, 'keyed');
    const { id: keyId, key } = await createKey(owner, 'Deploy script', [
      'sources',
      'asset_manager_edit',
    ]);
    // Reads, a POST that changes nothing among them: one entry for the key's first use.
    for (let read = 0; read < 3; read += 1) {
      expect((await call(context.app, 'GET', '/api/v4/sources', { token: key })).status).toBe(200);
    }
    const signed = await call(context.app, 'POST', `/api/v4/sources/${source.id}/signed-urls`, {
      token: key,
      body: { data: { type: 'signed_urls', attributes: { paths: ['/logo.png'] } } },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    // Changes: an audited route's own entry names the key, on /api/v4 and /api/v1 alike...
    const renamed = await call(context.app, 'PATCH', `/api/v4/sources/${source.id}`, {
      token: key,
      body: { data: { type: 'sources', id: source.id, attributes: { name: 'By key' } } },
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const imgixRenamed = await call(context.app, 'PATCH', `/api/v1/sources/${source.id}`, {
      token: key,
      body: { data: { type: 'sources', id: source.id, attributes: { name: 'By imgix key' } } },
    });
    expect(imgixRenamed.status, JSON.stringify(imgixRenamed.body)).toBe(200);
    // ...and a change no route records has an entry of its own.
    await upload(key, source.id, 'logo.png');
    // Refused: nothing changed, nothing recorded.
    const refused = await call(context.app, 'DELETE', `/api/v4/users/${owner.userId}`, {
      token: key,
    });
    expect(refused.status).toBe(403);

    const rows = await auditWhen(
      context.app,
      owner.token,
      (found) =>
        found.filter((row) => row.action === 'source.updated').length === 2 &&
        found.filter((row) => row.action === 'api_key.used').length >= 2,
    );
    const byKey = rows.filter((row) => row.actor_api_key_id === keyId);
    expect(byKey.every((row) => row.actor_user_id === owner.userId)).toBe(true);
    expect(
      byKey.filter((row) => row.action === 'source.updated').map((row) => row.details),
    ).toEqual([{ attributes: ['name'] }, { attributes: ['name'] }]);
    const used = byKey.filter((row) => row.action === 'api_key.used');
    expect(used.map((row) => row.details)).toEqual([
      {
        name: 'Deploy script',
        request: 'POST /api/v4/sources/:id/files',
        path: `/api/v4/sources/${source.id}/files`,
      },
      { name: 'Deploy script' },
    ]);
    expect(used.every((row) => row.target_id === keyId)).toBe(true);
    expect(byKey).toHaveLength(4);
    // What the owner did with their session names no key.
    expect(rows.find((row) => row.action === 'source.created')?.actor_api_key_id).toBeNull();
    expect(JSON.stringify(rows)).not.toContain(key);
  });
});

describe('subscription changes Stripe reports by webhook, in the audit log', () => {
  const context = useTestApp(PGLITE);
  const secret = 'whsec_test_audit';
  const signer = new Stripe('sk_test_signer');
  const prices = FREE_AND_PRO_PRICES;
  let standIn: StripeStandIn;
  let app: FastifyInstance;

  beforeAll(async () => {
    standIn = await startStripeStandIn(prices);
    app = await context.appWith({
      STRIPE_SECRET_KEY: 'sk_test_standin',
      STRIPE_API_BASE: standIn.url,
      STRIPE_WEBHOOK_SECRET: secret,
    });
  });
  afterAll(async () => {
    await standIn.close();
  });

  async function deliver(event: object) {
    const payload = JSON.stringify(event);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v4/stripe/webhooks',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { duplicate: boolean };
  }

  /** A subscription event of the account's Stripe subscription, on `priceId`. */
  async function subscriptionEvent(
    owner: SignedUp,
    type: string,
    priceId: string,
    extra: { status?: string; previous_attributes?: Record<string, unknown> } = {},
  ) {
    const current = await call(app, 'GET', '/api/v4/billing/subscription', { token: owner.token });
    expect(current.status, JSON.stringify(current.body)).toBe(200);
    const subscriptionId = current.body.data.id as string;
    const start = standIn.subscriptions.get(subscriptionId)?.start_date as number;
    const price = prices.find((candidate) => candidate.id === priceId);
    return {
      id: `evt_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          ...current.body.data.attributes,
          id: subscriptionId,
          object: 'subscription',
          status: extra.status ?? 'active',
          start_date: start,
          metadata: { account_id: owner.accountId },
          items: {
            object: 'list',
            data: [
              {
                id: `si_${subscriptionId}`,
                current_period_start: start,
                current_period_end: start + 30 * 86_400,
                price: {
                  ...current.body.data.attributes.items.data[0].price,
                  ...price,
                  product: price?.product.id,
                },
              },
            ],
          },
        },
        ...(extra.previous_attributes ? { previous_attributes: extra.previous_attributes } : {}),
      },
    };
  }

  it('records a plan change and a cancellation once each, with no actor, and not a renewal', async () => {
    const owner = await signUp(app);
    const upgrade = await subscriptionEvent(
      owner,
      'customer.subscription.updated',
      'price_stripe_pro',
      {
        previous_attributes: { items: { data: [{ price: { id: 'price_stripe_free' } }] } },
      },
    );
    expect(await deliver(upgrade)).toEqual({ received: true, duplicate: false });
    // Stripe delivers an event again until it gets a 2xx: the repeat changes nothing.
    expect(await deliver(upgrade)).toEqual({ received: true, duplicate: true });
    // A renewal moves the period on and keeps the price: nobody changed anything.
    const renewal = await subscriptionEvent(
      owner,
      'customer.subscription.updated',
      'price_stripe_pro',
      {
        previous_attributes: {
          latest_invoice: 'in_previous',
          items: { data: [{ current_period_start: 1, price: { id: 'price_stripe_pro' } }] },
        },
      },
    );
    expect(await deliver(renewal)).toEqual({ received: true, duplicate: false });
    const ended = await subscriptionEvent(
      owner,
      'customer.subscription.deleted',
      'price_stripe_pro',
      {
        status: 'canceled',
      },
    );
    expect(await deliver(ended)).toEqual({ received: true, duplicate: false });

    const rows = await auditWhen(app, owner.token, holdsAll(['billing.subscription_cancelled']));
    const billing = rows.filter((row) => row.action.startsWith('billing.'));
    expect(billing.map((row) => [row.action, row.details])).toEqual([
      [
        'billing.subscription_cancelled',
        {
          via: 'stripe',
          stripe_event: 'customer.subscription.deleted',
          status: 'canceled',
          price_id: 'price_stripe_pro',
        },
      ],
      [
        'billing.subscription_changed',
        {
          via: 'stripe',
          stripe_event: 'customer.subscription.updated',
          status: 'active',
          price_id: 'price_stripe_pro',
        },
      ],
    ]);
    for (const row of billing) {
      expect(row).toMatchObject({
        account_id: owner.accountId,
        actor_user_id: null,
        actor_api_key_id: null,
        target_type: 'subscriptions',
        target_id: upgrade.data.object.id,
      });
    }
  });
});
