// The local billing ledger: prices, subscriptions, invoices and webhook events seen (billing/).
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, Json, NullableJson, NullableTimestamp, Timestamp } from './columns.ts';

/** The plan catalogue, as payment-provider-style prices (migration 0013). */
export interface BillingPricesTable {
  id: string;
  lookup_key: string;
  product_id: string;
  product_name: string;
  product_metadata: Json<Record<string, string>>;
  active: Generated<boolean>;
  billing_scheme: Generated<'per_unit' | 'tiered'>;
  currency: string;
  /** Minor units. */
  unit_amount: number;
  nickname: string | null;
  recurring: NullableJson<{
    interval: 'day' | 'week' | 'month' | 'year';
    interval_count: number;
    usage_type: 'licensed' | 'metered';
    aggregate_usage: 'sum' | 'last_during_period' | 'last_ever' | 'max' | null;
  }>;
  tax_behavior: Generated<'exclusive' | 'inclusive' | 'unspecified'>;
  tiers_mode: 'graduated' | 'volume' | null;
  metadata: Json<Record<string, string>>;
  position: Generated<number>;
}

/** An account's plan and its current billing period (migration 0013). */
export interface BillingSubscriptionsTable {
  id: string;
  account_id: string;
  price_id: string;
  status: 'active' | 'canceled' | 'past_due' | 'unpaid';
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: Generated<boolean>;
  canceled_at: NullableTimestamp;
  metadata: ColumnType<Record<string, string>, string | undefined, string>;
  provider_customer_id: string | null;
  provider_subscription_id: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** One invoice of the local ledger (migration 0013). */
export interface BillingInvoicesTable {
  id: string;
  account_id: string;
  subscription_id: string;
  /** Account and period start: unique, so no period is billed twice. */
  idempotency_key: string;
  number: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  currency: string;
  amount_due: number;
  lines: Json<{ description: string; amount: number; quantity: number }[]>;
  usage: Json<{ bandwidthBytes: number; originImages: number }>;
  price_id: string;
  plan_nickname: string | null;
  description: string | null;
  period_start: Date;
  period_end: Date;
  due_date: Date | null;
  finalized_at: Date | null;
  paid_at: NullableTimestamp;
  access_token: string;
  created_at: CreatedAt;
}

/** Payment-provider webhook events already handled (migration 0013). */
export interface BillingWebhookEventsTable {
  id: string;
  type: string;
  received_at: CreatedAt;
}

export type BillingPriceRow = Selectable<BillingPricesTable>;
export type BillingSubscriptionRow = Selectable<BillingSubscriptionsTable>;
export type BillingInvoiceRow = Selectable<BillingInvoicesTable>;
