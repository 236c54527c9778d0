import type { BillingPrice, Invoice, Subscription } from '@darkroom/core';

const MONTHLY = {
  interval: 'month',
  interval_count: 1,
  usage_type: 'licensed',
  aggregate_usage: null,
} as const;

export const seconds = (iso: string) => Date.parse(iso) / 1000;

function priceOf(
  id: string,
  name: string,
  unitAmount: number,
  metadata: Record<string, string>,
): BillingPrice {
  return {
    id,
    active: true,
    billing_scheme: 'per_unit',
    currency: 'usd',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
    lookup_key: name.toLowerCase(),
    nickname: name,
    recurring: MONTHLY,
    tax_behavior: 'exclusive',
    tiers_mode: null,
    product: { id: `prod_${name.toLowerCase()}`, name, metadata: {} },
    metadata,
  };
}

export const freePrice = priceOf('price_free', 'Free', 0, {
  bandwidth_included: '100000000',
  origin_images_included: '1000',
  overages_enabled: 'false',
  sources_included: '1',
  users_included: '1',
  video_encoding_included: '0',
  video_streaming_included: '0',
});

export const starterPrice = priceOf('price_starter', 'Starter', 1900, {
  bandwidth_included: '100000000000',
  bandwidth_price: '8',
  images_price: '300',
  origin_images_included: '5000',
  overages_enabled: 'false',
  sources_included: '3',
  users_included: '3',
  video_encoding_included: '60',
  video_streaming_included: '600',
});

export const growthPrice = priceOf('price_growth', 'Growth', 4900, {
  bandwidth_included: '500000000000',
  bandwidth_price: '8',
  images_price: '300',
  origin_images_included: '25000',
  overages_enabled: 'true',
  sources_included: '10',
  users_included: '10',
});

export function subscriptionOn(
  price: BillingPrice,
  extra: Partial<Subscription> = {},
): Subscription {
  return {
    id: 'sub_1',
    customer: 'cus_local_1',
    status: 'active',
    canceled_at: null,
    cancel_at_period_end: false,
    current_period_start: seconds('2026-11-01T00:00:00Z'),
    current_period_end: seconds('2026-12-01T00:00:00Z'),
    metadata: {},
    items: {
      data: [
        {
          id: 'si_1',
          price,
          plan: {
            id: price.id,
            nickname: price.nickname,
            amount: price.unit_amount,
            interval: 'month',
          },
        },
      ],
    },
    ...extra,
  };
}

export function invoiceOf(
  id: string,
  status: Invoice['status'],
  amountDue: number,
  created: string,
): Invoice {
  return {
    id,
    number: `DR-${id.toUpperCase()}`,
    customer: 'cus_local_1',
    currency: 'usd',
    amount_due: amountDue,
    created: seconds(created),
    description: null,
    due_date: null,
    finalized_at: seconds(created),
    hosted_invoice_url: `https://billing.example/invoices/${id}`,
    invoice_pdf: `https://billing.example/invoices/${id}.pdf`,
    metadata: {},
    paid: status === 'paid',
    period_start: seconds(created) - 30 * 86400,
    period_end: seconds(created),
    plan: { nickname: 'Starter' },
    status,
    price: null,
    subscription: 'sub_1',
    lines: { data: [] },
  };
}

/** A provider list answer, as the passthrough forwards it. */
export function listOf<T>(data: T[]) {
  return { object: 'list', data, has_more: false, url: '/v1/invoices' };
}
