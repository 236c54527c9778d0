// Spec platform section 3: the payment-provider-style shapes of billing (Billing price, Invoice,
// Subscription, Plan or contract attributes, Customer portal session). Stripe answers these
// shapes, and the local ledger answers the same ones so the dashboard reads one format.

/** The metadata keys a plan's price carries (spec platform section 3, 'Billing price'). */
export const PLAN_METADATA_KEYS = [
  'bandwidth_included',
  'bandwidth_price',
  'images_price',
  'origin_images_included',
  'overages_enabled',
  'sources_included',
  'users_included',
  'video_encoding_included',
  'video_streaming_included',
] as const;

export type PlanMetadataKey = (typeof PLAN_METADATA_KEYS)[number];

/** Provider metadata: string values, as Stripe stores them. */
export type BillingMetadata = Partial<Record<string, string>>;

export interface BillingProduct {
  id: string;
  name: string;
  metadata: BillingMetadata;
}

export interface BillingRecurring {
  interval: 'day' | 'week' | 'month' | 'year';
  interval_count: number;
  usage_type: 'licensed' | 'metered';
  aggregate_usage: 'sum' | 'last_during_period' | 'last_ever' | 'max' | null;
}

export interface BillingPrice {
  id: string;
  active: boolean;
  billing_scheme: 'per_unit' | 'tiered';
  currency: string;
  /** In minor units (cents). */
  unit_amount: number | null;
  unit_amount_decimal: string | null;
  lookup_key: string | null;
  nickname: string | null;
  recurring: BillingRecurring | null;
  tax_behavior: 'exclusive' | 'inclusive' | 'unspecified' | null;
  tiers_mode: 'graduated' | 'volume' | null;
  /** The product's id, or the product itself when expanded. */
  product: string | BillingProduct;
  metadata: BillingMetadata;
}

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'void', 'uncollectible'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export function isInvoiceStatus(value: string): value is InvoiceStatus {
  return (INVOICE_STATUSES as readonly string[]).includes(value);
}

export interface InvoiceLine {
  description: string;
  /** In minor units. */
  amount: number;
  quantity: number;
}

/** Times are Unix seconds, as the provider sends them. */
export interface Invoice {
  id: string;
  number: string | null;
  customer: string;
  currency: string;
  /** In minor units. */
  amount_due: number;
  created: number;
  description: string | null;
  due_date: number | null;
  finalized_at: number | null;
  hosted_invoice_url: string | null;
  invoice_pdf: string | null;
  metadata: BillingMetadata;
  paid: boolean;
  period_start: number;
  period_end: number;
  plan: { nickname: string | null } | null;
  status: InvoiceStatus;
  price: BillingPrice | null;
  subscription: string | null;
  lines: { data: InvoiceLine[] };
}

export interface SubscriptionItem {
  id: string;
  price: BillingPrice;
  /** The legacy name of the same price, as Stripe still answers it. */
  plan: { id: string; nickname: string | null; amount: number | null; interval: string | null };
}

export interface Subscription {
  id: string;
  customer: string;
  status: 'active' | 'canceled' | 'past_due' | 'trialing' | 'incomplete' | 'unpaid';
  canceled_at: number | null;
  cancel_at_period_end: boolean;
  current_period_start: number;
  current_period_end: number;
  metadata: BillingMetadata;
  items: { data: SubscriptionItem[] };
}

/** Spec platform section 3, 'Plan or contract attributes' (GET account/plan/). */
export interface PlanAttributes {
  account_id: string;
  additional_notes: string | null;
  additional_onetime_price: number | null;
  additional_recurring_price: number | null;
  bandwidth_credit: number | null;
  bandwidth_included: number;
  bandwidth_price: number | null;
  bandwidth_units: string;
  base_credit: number | null;
  base_price: number;
  images_credit: number | null;
  images_included: number | null;
  images_price: number | null;
  images_units: string;
  minimum_price: number | null;
  origin_images_included: number | null;
  plan_type: string;
  renders_credit: number | null;
  renders_included: number | null;
  renders_price: number | null;
  renders_units: string;
  subscription_level: string;
  subscription_schedule: string;
  video_streaming_included: number | null;
}

/** Spec platform section 3, 'Customer portal session'. */
export interface CustomerPortalSessionAttributes {
  /** Unix seconds. */
  created: number;
  redirect_page: string;
  /** Where the customer manages billing: the provider's portal or Darkroom's own page. */
  url: string;
}

/**
 * Spec platform section 3: a portal session expires at 6 o'clock on the day it was created
 * (local time of the clock that reads it), given the creation time in Unix seconds.
 */
export function portalSessionExpiry(createdSeconds: number): Date {
  const expiry = new Date(createdSeconds * 1000);
  expiry.setHours(6, 0, 0, 0);
  return expiry;
}
