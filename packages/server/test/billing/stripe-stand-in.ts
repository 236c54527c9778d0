// A local stand-in of the parts of Stripe's HTTP API Darkroom calls (tests only): prices,
// customers, subscriptions, invoices and billing portal sessions, held in memory. Writes record
// the Idempotency-Key they came with, so tests can check that Darkroom sends one.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type Json = Record<string, unknown>;

export interface StandInPrice {
  id: string;
  lookup_key: string;
  nickname: string;
  unit_amount: number;
  product: { id: string; name: string; metadata: Record<string, string> };
  metadata: Record<string, string>;
}

/** A Free and a Pro plan, as the billing and audit tests sell them. */
export const FREE_AND_PRO_PRICES: StandInPrice[] = [
  {
    id: 'price_stripe_free',
    lookup_key: 'free',
    nickname: 'Free',
    unit_amount: 0,
    product: { id: 'prod_stripe_free', name: 'Free', metadata: {} },
    metadata: { sources_included: '1', users_included: '1', overages_enabled: 'false' },
  },
  {
    id: 'price_stripe_pro',
    lookup_key: 'pro',
    nickname: 'Pro',
    unit_amount: 9900,
    product: { id: 'prod_stripe_pro', name: 'Pro', metadata: { capabilities: 'outpainting' } },
    metadata: { sources_included: '5', users_included: '5', overages_enabled: 'true' },
  },
];

export interface StripeStandIn {
  url: string;
  prices: StandInPrice[];
  customers: Map<string, Json>;
  subscriptions: Map<string, Json>;
  /** Invoices as Stripe answers them; tests add them directly. */
  invoices: Json[];
  /** Idempotency keys of the writes received, by path. */
  idempotencyKeys: { path: string; key: string | undefined }[];
  /** Statuses whose invoice list answers 400, as a Stripe error. */
  failingStatuses: Set<string>;
  /** Subscriptions whose retrieval answers 400, as a Stripe error. */
  failingSubscriptions: Set<string>;
  close(): Promise<void>;
}

let counter = 0;
const nextId = (prefix: string) => `${prefix}_standin${(counter += 1)}`;

/** Stripe's form encoding (`items[0][price]=x`) into nested objects and arrays. */
function parseForm(body: string): Json {
  const result: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let target: Record<string, unknown> = result;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        target[part] = value;
        return;
      }
      target[part] ??= {};
      target = target[part] as Record<string, unknown>;
    });
  }
  return result;
}

function priceObject(price: StandInPrice, expandProduct: boolean): Json {
  return {
    id: price.id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    currency: 'usd',
    unit_amount: price.unit_amount,
    unit_amount_decimal: String(price.unit_amount),
    lookup_key: price.lookup_key,
    nickname: price.nickname,
    recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
    tax_behavior: 'exclusive',
    tiers_mode: null,
    product: expandProduct ? { object: 'product', ...price.product } : price.product.id,
    metadata: price.metadata,
  };
}

export async function startStripeStandIn(prices: StandInPrice[]): Promise<StripeStandIn> {
  const standIn: Omit<StripeStandIn, 'url' | 'close'> = {
    prices,
    customers: new Map(),
    subscriptions: new Map(),
    invoices: [],
    idempotencyKeys: [],
    failingStatuses: new Set(),
    failingSubscriptions: new Set(),
  };

  function subscriptionView(subscription: Json, expand: string[]): Json {
    const expandProduct = expand.some((path) => path.endsWith('price.product'));
    const priceId = subscription.price_id as string;
    const price = prices.find((candidate) => candidate.id === priceId);
    if (price === undefined) throw new Error(`stand-in: unknown price ${priceId}`);
    const { price_id: _priceId, ...rest } = subscription;
    return {
      ...rest,
      items: {
        object: 'list',
        data: [
          {
            id: `si_${String(subscription.id)}`,
            price: priceObject(price, expandProduct),
            current_period_start: subscription.start_date,
            current_period_end: (subscription.start_date as number) + 30 * 86_400,
          },
        ],
      },
    };
  }

  // As Stripe does, a write retried with its idempotency key gets the first answer again.
  const replies = new Map<string, { status: number; body: string }>();

  function send(response: ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    const key = (response.req.headers['idempotency-key'] as string | undefined) ?? '';
    if (response.req.method === 'POST' && key !== '') replies.set(key, { status, body: text });
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(text);
  }

  function stripeError(response: ServerResponse, status: number, message: string): void {
    send(response, status, { error: { type: 'invalid_request_error', message } });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const form = parseForm(Buffer.concat(chunks).toString());
    const query = parseForm(url.search.slice(1));
    const expand = Object.values((form.expand ?? query.expand ?? {}) as Record<string, string>);
    if (request.method === 'POST') {
      const key = request.headers['idempotency-key'];
      standIn.idempotencyKeys.push({
        path: url.pathname,
        key: typeof key === 'string' ? key : undefined,
      });
    }
    const replay = replies.get(String(request.headers['idempotency-key'] ?? ''));
    if (request.method === 'POST' && replay !== undefined) {
      response.writeHead(replay.status, { 'content-type': 'application/json' });
      response.end(replay.body);
      return;
    }
    const now = Math.floor(Date.now() / 1000);
    const route = `${request.method} ${url.pathname}`;

    if (route === 'GET /v1/prices') {
      const data = prices.map((price) => priceObject(price, true));
      send(response, 200, { object: 'list', data, has_more: false, url: '/v1/prices' });
      return;
    }
    if (route === 'POST /v1/customers') {
      const customer = { id: nextId('cus'), object: 'customer', metadata: form.metadata ?? {} };
      standIn.customers.set(customer.id, customer);
      send(response, 200, customer);
      return;
    }
    if (route === 'POST /v1/subscriptions') {
      const items = form.items as Record<string, { price: string }>;
      const subscription: Json = {
        id: nextId('sub'),
        object: 'subscription',
        customer: form.customer,
        status: 'active',
        cancel_at_period_end: false,
        canceled_at: null,
        start_date: now,
        metadata: form.metadata ?? {},
        price_id: items['0']?.price,
      };
      standIn.subscriptions.set(subscription.id as string, subscription);
      send(response, 200, subscriptionView(subscription, expand));
      return;
    }
    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (subscriptionMatch) {
      const subscription = standIn.subscriptions.get(subscriptionMatch[1] ?? '');
      if (
        subscription === undefined ||
        standIn.failingSubscriptions.has(subscriptionMatch[1] ?? '')
      ) {
        stripeError(response, 404, 'No such subscription');
        return;
      }
      if (request.method === 'POST') {
        const items = form.items as Record<string, { price?: string }> | undefined;
        if (items?.['0']?.price) subscription.price_id = items['0'].price;
        if (form.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = form.cancel_at_period_end === 'true';
          subscription.canceled_at = subscription.cancel_at_period_end ? now : null;
        }
      }
      send(response, 200, subscriptionView(subscription, expand));
      return;
    }
    if (route === 'GET /v1/invoices') {
      const status = query.status as string | undefined;
      if (status !== undefined && standIn.failingStatuses.has(status)) {
        stripeError(response, 400, `Listing ${status} invoices failed`);
        return;
      }
      const data = standIn.invoices
        .filter((invoice) => invoice.customer === query.customer)
        .filter((invoice) => status === undefined || invoice.status === status)
        .slice(0, Number(query.limit ?? 10));
      send(response, 200, { object: 'list', data, has_more: false, url: '/v1/invoices' });
      return;
    }
    if (route === 'POST /v1/billing_portal/sessions') {
      send(response, 200, {
        id: nextId('bps'),
        object: 'billing_portal.session',
        customer: form.customer,
        return_url: form.return_url,
        url: `https://billing.stripe.test/p/session/${String(form.customer)}`,
        created: now,
      });
      return;
    }
    stripeError(response, 404, `stand-in has no ${route}`);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      stripeError(response, 500, error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...standIn,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An invoice as Stripe's API (2025 versions) answers it. */
export function standInInvoice(fields: {
  id: string;
  customer: string;
  status: string;
  created: number;
  amount: number;
}): Json {
  return {
    id: fields.id,
    object: 'invoice',
    number: `STANDIN-${fields.id}`,
    customer: fields.customer,
    currency: 'usd',
    amount_due: fields.amount,
    created: fields.created,
    description: null,
    due_date: null,
    status_transitions: { finalized_at: fields.created },
    hosted_invoice_url: `https://invoice.stripe.test/${fields.id}`,
    invoice_pdf: `https://invoice.stripe.test/${fields.id}.pdf`,
    metadata: {},
    period_start: fields.created - 30 * 86_400,
    period_end: fields.created,
    status: fields.status,
    parent: { subscription_details: { subscription: 'sub_x' } },
    lines: {
      object: 'list',
      data: [{ description: 'Growth', amount: fields.amount, quantity: 1 }],
    },
  };
}
