// Stripe's objects in the shapes of spec platform section 3 (core billing-price.ts). Stripe's
// newer API versions moved some fields (an invoice's subscription under `parent`, the period
// onto subscription items); these readers take them from where this API version has them.
import type {
  BillingPrice,
  BillingRecurring,
  Invoice,
  InvoiceStatus,
  Subscription,
} from '@darkroom/core';
import type Stripe from 'stripe';

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : value.id;
}

/** A Stripe enum value this code knows, or `fallback` for one added after it was written. */
function known<const T extends string>(value: string, allowed: readonly T[], fallback: T): T {
  return (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Stripe's recurring price settings in the spec's shape. */
export function recurringOf(recurring: Stripe.Price.Recurring | null): BillingRecurring | null {
  return (
    recurring && {
      interval: known(recurring.interval, ['day', 'week', 'month', 'year'], 'month'),
      interval_count: recurring.interval_count,
      usage_type: known(recurring.usage_type, ['licensed', 'metered'], 'licensed'),
      aggregate_usage: null,
    }
  );
}

function metadataOf(metadata: Stripe.Metadata | null | undefined): Record<string, string> {
  return { ...metadata };
}

export function stripePrice(price: Stripe.Price): BillingPrice {
  const product = price.product;
  return {
    id: price.id,
    active: price.active,
    billing_scheme: known(price.billing_scheme, ['per_unit', 'tiered'], 'per_unit'),
    currency: price.currency,
    unit_amount: price.unit_amount,
    unit_amount_decimal:
      price.unit_amount_decimal === null ? null : String(price.unit_amount_decimal),
    lookup_key: price.lookup_key,
    nickname: price.nickname,
    recurring: recurringOf(price.recurring),
    tax_behavior:
      price.tax_behavior === null
        ? null
        : known(price.tax_behavior, ['exclusive', 'inclusive', 'unspecified'], 'unspecified'),
    tiers_mode:
      price.tiers_mode === null
        ? null
        : known(price.tiers_mode, ['graduated', 'volume'], 'graduated'),
    product:
      typeof product === 'string'
        ? product
        : 'deleted' in product && product.deleted
          ? product.id
          : {
              id: product.id,
              name: (product as Stripe.Product).name,
              metadata: metadataOf((product as Stripe.Product).metadata),
            },
    metadata: metadataOf(price.metadata),
  };
}

/**
 * An invoice as the spec shapes it. The status is passed through as Stripe sent it: the
 * passthrough route refuses statuses the spec does not know (invoice-merge.ts).
 */
export function stripeInvoice(invoice: Stripe.Invoice): Invoice {
  const firstLine = invoice.lines.data[0];
  const linePrice = firstLine?.pricing?.price_details?.price;
  return {
    id: invoice.id,
    number: invoice.number,
    customer: idOf(invoice.customer) ?? '',
    currency: invoice.currency,
    amount_due: invoice.amount_due,
    created: invoice.created,
    description: invoice.description,
    due_date: invoice.due_date,
    finalized_at: invoice.status_transitions.finalized_at ?? null,
    hosted_invoice_url: invoice.hosted_invoice_url ?? null,
    invoice_pdf: invoice.invoice_pdf ?? null,
    metadata: metadataOf(invoice.metadata),
    paid: invoice.status === 'paid',
    period_start: invoice.period_start,
    period_end: invoice.period_end,
    plan: { nickname: firstLine?.description ?? null },
    status: invoice.status as InvoiceStatus,
    price: null,
    subscription: idOf(invoice.parent?.subscription_details?.subscription),
    lines: {
      data: invoice.lines.data.map((line) => ({
        description: line.description ?? (typeof linePrice === 'string' ? linePrice : ''),
        amount: line.amount,
        quantity: line.quantity ?? 1,
      })),
    },
  };
}

const STATUSES: Partial<Record<string, Subscription['status']>> = {
  active: 'active',
  canceled: 'canceled',
  incomplete: 'incomplete',
  incomplete_expired: 'canceled',
  past_due: 'past_due',
  paused: 'past_due',
  trialing: 'trialing',
  unpaid: 'unpaid',
};

export function stripeSubscription(subscription: Stripe.Subscription): Subscription {
  const items = subscription.items.data;
  const first = items[0];
  return {
    id: subscription.id,
    customer: idOf(subscription.customer) ?? '',
    status: STATUSES[subscription.status] ?? 'past_due',
    canceled_at: subscription.canceled_at,
    cancel_at_period_end: subscription.cancel_at_period_end,
    current_period_start: first?.current_period_start ?? subscription.start_date,
    current_period_end: first?.current_period_end ?? subscription.start_date,
    metadata: metadataOf(subscription.metadata),
    items: {
      data: items.map((item) => ({
        id: item.id,
        price: stripePrice(item.price),
        plan: {
          id: item.price.id,
          nickname: item.price.nickname,
          amount: item.price.unit_amount,
          interval: item.price.recurring?.interval ?? null,
        },
      })),
    },
  };
}
