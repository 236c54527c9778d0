// Billing: the calls of spec platform section 7 (invoice and subscription passthrough under
// stripe/passthrough/v1, account/plan/, customer-portal-sessions) and what the billing screens need
// besides: plans, the current subscription, plan changes, cancellation, usage. The same routes
// answer from the local ledger or from Stripe (billing/service.ts).
import { randomUUID } from 'node:crypto';
import {
  INVOICE_STATUSES,
  isInvoiceStatus,
  parsePlan,
  type InvoiceStatus,
  type Subscription,
} from '@darkroom/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { newId } from '../db/ids.ts';
import { fetchInvoicesByStatus, statusList } from '../billing/invoice-merge.ts';
import { planAttributes } from '../billing/plans.ts';
import { unixSeconds } from '../billing/periods.ts';
import { BillingNotFoundError, type BillingProvider } from '../billing/provider.ts';
import { billingProviderOf, prepareBilling } from '../billing/service.ts';
import { accountPlan } from '../billing/plans.ts';
import { currentLocalSubscription } from '../billing/invoices.ts';
import { periodUsage } from '../billing/usage.ts';
import { isDatabaseError } from '../store/errors.ts';
import { insertEvent } from '../store/events.ts';
import { requireAuth } from './authentication.ts';
import type { SessionAuth } from './context.ts';
import { sendData } from './documents.ts';
import { ApiError, apiError } from '../errors.ts';
import { refuseListParameters } from './list-query.ts';
import { requestAttributes } from './request-document.ts';
import { issueErrors } from './field-errors.ts';
import type { OperationDocs } from './openapi/operation-doc.ts';
import { describeRoutes } from './openapi/registry.ts';

const PASSTHROUGH = '/stripe/passthrough/v1';
const DEFAULT_INVOICE_LIMIT = 10;
const MAX_INVOICE_LIMIT = 100;
const MAX_PRICE_ID_LENGTH = 255;
const REQUIRED = 'This field is required';

const portalSessionAttributes = z.object({ redirect_page: z.string() });

const planChangeAttributes = z.object({
  price_id: z
    .string({ error: REQUIRED })
    .min(1, REQUIRED)
    // Stripe's ids are far shorter; the refusal repeats the id, so it stays short too.
    .max(
      MAX_PRICE_ID_LENGTH,
      `A price id is at most ${MAX_PRICE_ID_LENGTH} characters, such as price_darkroom_growth_monthly.`,
    ),
});

/** The scheme and host the caller used, for links back to this server. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function queryValue(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    throw apiError('invalid_parameter', `${name} must be given once.`, { parameter: name });
  }
  return value;
}

function invoiceLimit(query: Record<string, unknown>): number {
  const text = queryValue(query, 'limit');
  if (text === undefined) return DEFAULT_INVOICE_LIMIT;
  const limit = Number(text);
  if (!/^\d+$/.test(text) || limit < 1 || limit > MAX_INVOICE_LIMIT) {
    throw apiError(
      'invalid_parameter',
      `limit must be a whole number from 1 to ${MAX_INVOICE_LIMIT}.`,
      {
        parameter: 'limit',
      },
    );
  }
  return limit;
}

function invoiceStatuses(query: Record<string, unknown>): InvoiceStatus[] {
  const statuses = statusList(query.status);
  for (const status of statuses) {
    if (!isInvoiceStatus(status)) {
      throw apiError(
        'invalid_parameter',
        `"${status}" is not an invoice status; use draft, open, paid, void or uncollectible.`,
        { parameter: 'status' },
      );
    }
  }
  return statuses as InvoiceStatus[];
}

/** An idempotency key for a write to the provider: the caller's, or a new one. */
function idempotencyKey(request: FastifyRequest): string {
  const given = request.headers['idempotency-key'];
  if (typeof given === 'string' && given.length > 0 && given.length <= 255) return given;
  return randomUUID();
}

/**
 * A provider failure as the API answers it. ApiErrors (ours) pass through unchanged, and so does
 * a database error: it is no answer of the provider, and its text must not reach the client (the
 * error handler answers it without its text).
 */
function providerError(error: unknown): Error {
  if (error instanceof ApiError || isDatabaseError(error)) return error;
  if (error instanceof BillingNotFoundError) return apiError('not_found', error.message);
  const message = error instanceof Error ? error.message : String(error);
  return apiError('origin_error', `The billing provider failed to answer: ${message}`);
}

const IDEMPOTENCY =
  'An `Idempotency-Key` header (up to 255 characters) makes a retry change nothing twice.';

const BILLING_DOCS: OperationDocs = {
  [`GET ${PASSTHROUGH}/invoices`]: {
    summary: "The account's invoices, as Stripe lists them",
    description:
      "Stripe's list object (`object: 'list'`), whether Stripe or the local ledger bills.",
    tag: 'Billing',
    query: [
      {
        name: 'limit',
        description: `How many invoices, 1 to ${MAX_INVOICE_LIMIT}.`,
        schema: z.int().min(1).max(MAX_INVOICE_LIMIT).default(DEFAULT_INVOICE_LIMIT),
      },
      {
        name: 'status',
        description: `Only invoices of these statuses, comma-separated: ${INVOICE_STATUSES.join(', ')}.`,
        schema: z.string(),
      },
      {
        name: 'subscription',
        description: 'Only the invoices of this subscription.',
        schema: z.string(),
      },
      { name: 'customer', description: 'Only the invoices of this customer.', schema: z.string() },
    ],
    answer: {
      status: 200,
      mediaType: 'application/json',
      description: "Stripe's list of invoices.",
    },
    errors: [502],
  },
  [`GET ${PASSTHROUGH}/subscriptions/:id`]: {
    summary: 'A subscription, as Stripe answers it',
    tag: 'Billing',
    query: [
      {
        name: 'expand[]',
        description:
          'Stripe expansions; a path ending in `product` expands the price\u2019s product.',
        schema: z.string(),
      },
    ],
    answer: {
      status: 200,
      mediaType: 'application/json',
      description: "Stripe's subscription object.",
    },
    errors: [502],
  },
  'GET /account/plan': {
    summary: "The account's plan",
    description: 'What the plan includes decides what the dashboard offers.',
    tag: 'Billing',
    answer: { status: 200, resource: 'account_plans' },
    errors: [404, 502],
  },
  'POST /customer-portal-sessions': {
    summary: "Open the billing provider's customer portal",
    description:
      'Answers the portal `url`; the portal sends the customer back to `redirect_page`, a path of the dashboard such as /billing.',
    tag: 'Billing',
    body: { resource: 'customer_portal_sessions', attributes: portalSessionAttributes },
    answer: { status: 201, resource: 'customer_portal_sessions' },
    errors: [502],
  },
  'GET /billing/prices': {
    summary: 'The plans on offer, with their prices',
    tag: 'Billing',
    answer: { status: 200, resource: 'billing_prices', many: true },
    errors: [502],
  },
  'GET /billing/subscription': {
    summary: "The account's subscription",
    tag: 'Billing',
    answer: { status: 200, resource: 'subscriptions' },
    errors: [404, 502],
  },
  'PATCH /billing/subscription': {
    summary: 'Change plan',
    description: IDEMPOTENCY,
    tag: 'Billing',
    body: { resource: 'subscriptions', attributes: planChangeAttributes },
    answer: { status: 200, resource: 'subscriptions' },
    errors: [502],
  },
  'DELETE /billing/subscription': {
    summary: 'Cancel the subscription',
    description: IDEMPOTENCY,
    tag: 'Billing',
    answer: { status: 200, resource: 'subscriptions' },
    errors: [502],
  },
  'GET /billing/usage': {
    summary: "The current period's usage",
    description: 'Bandwidth, origin images, sources and users of the current billing period.',
    tag: 'Billing',
    answer: { status: 200, resource: 'billing_usage' },
  },
};

export async function billingRoutes(app: FastifyInstance): Promise<void> {
  await prepareBilling(app.darkroom, app.log);
  const provider = (): BillingProvider => billingProviderOf(app.darkroom);
  const { db } = app.darkroom.database;
  describeRoutes(app, BILLING_DOCS);

  /** Spec section 7: a subscription that cannot be read is logged as an analytics event. */
  async function lookUpSubscription(
    auth: SessionAuth,
    lookup: () => Promise<Subscription | null>,
    subscriptionId: string | null,
  ): Promise<Subscription | null> {
    try {
      return await lookup();
    } catch (error) {
      const failure = providerError(error);
      // The event log is read through the admin API: a database's text stays in the server log.
      const message = failure instanceof ApiError ? failure.message : 'An internal error.';
      await insertEvent(db, {
        accountId: auth.user.accountId,
        userId: auth.user.id,
        name: 'Subscription Lookup Failed',
        properties: { subscription_id: subscriptionId, error: message.slice(0, 500) },
      });
      throw failure;
    }
  }

  app.get(`${PASSTHROUGH}/invoices`, async (request, reply) => {
    const auth = requireAuth(request);
    const query = request.query as Record<string, unknown>;
    refuseListParameters(query, []);
    const limit = invoiceLimit(query);
    const statuses = invoiceStatuses(query);
    const subscription = queryValue(query, 'subscription');
    const customer = queryValue(query, 'customer');
    const origin = requestOrigin(request);
    let invoices;
    try {
      invoices = await fetchInvoicesByStatus(statuses, limit, (status) =>
        provider().listInvoices(
          auth.user.accountId,
          {
            limit,
            ...(status !== undefined && { status }),
            ...(subscription !== undefined && { subscription }),
            ...(customer !== undefined && { customer }),
          },
          origin,
        ),
      );
    } catch (error) {
      throw providerError(error);
    }
    return reply.send({
      object: 'list',
      data: invoices,
      has_more: false,
      url: '/v1/invoices',
    });
  });

  app.get<{ Params: { id: string } }>(
    `${PASSTHROUGH}/subscriptions/:id`,
    async (request, reply) => {
      const auth = requireAuth(request);
      const query = request.query as Record<string, unknown>;
      const expand = [...statusList(query.expand), ...statusList(query['expand[]'])];
      const expandProduct = expand.some((path) => path.endsWith('product'));
      const { id } = request.params;
      const subscription = await lookUpSubscription(
        auth,
        () => provider().findSubscription(auth.user.accountId, id, expandProduct),
        id,
      );
      if (subscription === null) throw apiError('not_found', 'No subscription has this id.');
      return reply.send(subscription);
    },
  );

  const planRoute = async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    const subscription = await lookUpSubscription(
      auth,
      () => provider().currentSubscription(auth.user.accountId),
      null,
    );
    const price = subscription?.items.data[0]?.price;
    if (price === undefined) throw apiError('not_found', 'The account has no plan.');
    const plan = parsePlan({ price, metadata: subscription?.metadata ?? {} });
    return { id: auth.user.accountId, plan, price, subscription };
  };

  for (const path of ['/account/plan', '/account/plan/']) {
    app.get(path, async (request, reply) => {
      const { id, plan, price } = await planRoute(request);
      return sendData(reply, 200, {
        type: 'account_plans',
        id,
        attributes: planAttributes(id, plan, price),
      });
    });
  }

  app.post('/customer-portal-sessions', async (request, reply) => {
    const auth = requireAuth(request);
    const parsed = portalSessionAttributes.safeParse(
      requestAttributes(request.body, 'customer_portal_sessions'),
    );
    const origin = requestOrigin(request);
    if (!parsed.success || !isOwnPage(parsed.data.redirect_page, origin)) {
      throw apiError(
        'validation_failed',
        'redirect_page must be a path of the dashboard, such as /billing.',
        { pointer: '/data/attributes/redirect_page' },
      );
    }
    const redirectPage = parsed.data.redirect_page;
    const created = unixSeconds(new Date());
    const returnUrl = new URL(redirectPage, origin).toString();
    let url: string;
    try {
      url = await provider().portalUrl(auth.user.accountId, returnUrl);
    } catch (error) {
      throw providerError(error);
    }
    return sendData(reply, 201, {
      type: 'customer_portal_sessions',
      id: newId(),
      attributes: { created, redirect_page: redirectPage, url },
    });
  });

  app.get('/billing/prices', async (request, reply) => {
    requireAuth(request);
    let prices;
    try {
      prices = await provider().listPrices();
    } catch (error) {
      throw providerError(error);
    }
    return sendData(
      reply,
      200,
      prices.map(({ id, ...attributes }) => ({ type: 'billing_prices', id, attributes })),
    );
  });

  const subscriptionResource = (subscription: Subscription) => {
    const { id, ...attributes } = subscription;
    return {
      type: 'subscriptions',
      id,
      attributes: { ...attributes, provider: provider().name, prorates: provider().prorates },
    };
  };

  app.get('/billing/subscription', async (request, reply) => {
    const auth = requireAuth(request);
    const subscription = await lookUpSubscription(
      auth,
      () => provider().currentSubscription(auth.user.accountId),
      null,
    );
    if (subscription === null) throw apiError('not_found', 'The account has no subscription.');
    return sendData(reply, 200, subscriptionResource(subscription));
  });

  app.patch('/billing/subscription', async (request, reply) => {
    const auth = requireAuth(request);
    const parsed = planChangeAttributes.safeParse(requestAttributes(request.body, 'subscriptions'));
    if (!parsed.success) throw issueErrors(parsed.error.issues);
    const priceId = parsed.data.price_id;
    let subscription;
    try {
      subscription = await provider().changePlan(auth.user.accountId, {
        priceId,
        idempotencyKey: idempotencyKey(request),
      });
    } catch (error) {
      if (error instanceof BillingNotFoundError) {
        throw apiError('validation_failed', error.message, {
          pointer: '/data/attributes/price_id',
        });
      }
      throw providerError(error);
    }
    return sendData(reply, 200, subscriptionResource(subscription));
  });

  app.delete('/billing/subscription', async (request, reply) => {
    const auth = requireAuth(request);
    let subscription;
    try {
      subscription = await provider().cancel(auth.user.accountId, idempotencyKey(request));
    } catch (error) {
      throw providerError(error);
    }
    return sendData(reply, 200, subscriptionResource(subscription));
  });

  app.get('/billing/usage', async (request, reply) => {
    const auth = requireAuth(request);
    const accountId = auth.user.accountId;
    // The local ledger bills ended periods first; Stripe's webhooks move the period on.
    const { subscription } =
      app.darkroom.config.stripe === null
        ? { subscription: await currentLocalSubscription(db, accountId) }
        : await accountPlan(db, accountId);
    const start = subscription.current_period_start;
    const end = subscription.current_period_end;
    const [usage, sources, users] = await Promise.all([
      periodUsage(db, accountId, start, end),
      db
        .selectFrom('sources')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('account_id', '=', accountId)
        .where('is_demo', '=', false)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow(),
    ]);
    return sendData(reply, 200, {
      type: 'billing_usage',
      id: accountId,
      attributes: {
        period_start: unixSeconds(start),
        period_end: unixSeconds(end),
        bandwidth_bytes: usage.bandwidthBytes,
        origin_images: usage.originImages,
        sources: Number(sources.count),
        users: Number(users.count),
      },
    });
  });
}

/** A dashboard path (`/billing`) or a URL on the API's own origin; never another site. */
function isOwnPage(page: string, origin: string): boolean {
  if (page.startsWith('/') && !page.startsWith('//') && !page.startsWith('/\\')) return true;
  try {
    return new URL(page).origin === origin;
  } catch {
    return false;
  }
}
