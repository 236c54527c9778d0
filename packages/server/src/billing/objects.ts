// Local ledger rows in the payment provider's shapes (spec platform section 3), so the API
// answers the same documents with or without Stripe.
import type { Invoice, Subscription } from '@darkroom/core';
import type { BillingInvoiceRow, BillingPriceRow, BillingSubscriptionRow } from '../db/schema.ts';
import { priceObject } from './catalogue.ts';
import { unixSeconds } from './periods.ts';
import { localCustomerId } from './subscriptions.ts';

/** Where the hosted page and the PDF of an invoice are, under the API of `origin`. */
export function invoiceLinks(
  origin: string,
  row: Pick<BillingInvoiceRow, 'id' | 'access_token'>,
): { hosted: string; pdf: string } {
  const base = `${origin}/api/v4/billing/invoices/${row.id}`;
  const token = encodeURIComponent(row.access_token);
  return { hosted: `${base}/hosted?token=${token}`, pdf: `${base}/pdf?token=${token}` };
}

export function invoiceObject(
  row: BillingInvoiceRow,
  price: BillingPriceRow | undefined,
  origin: string,
): Invoice {
  const links = invoiceLinks(origin, row);
  return {
    id: row.id,
    number: row.number,
    customer: localCustomerId(row.account_id),
    currency: row.currency,
    amount_due: row.amount_due,
    created: unixSeconds(row.created_at),
    description: row.description,
    due_date: row.due_date && unixSeconds(row.due_date),
    finalized_at: row.finalized_at && unixSeconds(row.finalized_at),
    hosted_invoice_url: links.hosted,
    invoice_pdf: links.pdf,
    metadata: {
      bandwidth_bytes: String(row.usage.bandwidthBytes),
      origin_images: String(row.usage.originImages),
    },
    paid: row.status === 'paid',
    period_start: unixSeconds(row.period_start),
    period_end: unixSeconds(row.period_end),
    plan: { nickname: row.plan_nickname },
    status: row.status,
    price: price ? priceObject(price) : null,
    subscription: row.subscription_id,
    lines: { data: row.lines },
  };
}

/** A subscription; `expand` price (and its product) as the spec's expand allows. */
export function subscriptionObject(
  row: BillingSubscriptionRow,
  price: BillingPriceRow,
  expandProduct: boolean,
): Subscription {
  const expanded = priceObject(price);
  const itemPrice = expandProduct ? expanded : { ...expanded, product: price.product_id };
  return {
    id: row.id,
    customer: localCustomerId(row.account_id),
    status: row.status,
    canceled_at: row.canceled_at && unixSeconds(row.canceled_at),
    cancel_at_period_end: row.cancel_at_period_end,
    current_period_start: unixSeconds(row.current_period_start),
    current_period_end: unixSeconds(row.current_period_end),
    metadata: row.metadata,
    items: {
      data: [
        {
          id: `si_${row.id.replace(/^sub_/, '')}`,
          price: itemPrice,
          plan: {
            id: price.id,
            nickname: price.nickname,
            amount: price.unit_amount,
            interval: price.recurring?.interval ?? null,
          },
        },
      ],
    },
  };
}
