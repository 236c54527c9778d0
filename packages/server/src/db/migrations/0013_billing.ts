import { sql } from 'kysely';
import type { Migration } from './migration.ts';

export const billing: Migration = {
  name: '0013_billing',
  async up(db) {
    // The plan catalogue as payment-provider-style prices (spec platform section 3, 'Billing
    // price'): with Stripe configured the same rows mirror Stripe's prices by id.
    await db.schema
      .createTable('billing_prices')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('lookup_key', 'text', (column) => column.notNull().unique())
      .addColumn('product_id', 'text', (column) => column.notNull())
      .addColumn('product_name', 'text', (column) => column.notNull())
      .addColumn('product_metadata', 'jsonb', (column) =>
        column.notNull().defaultTo(sql`'{}'::jsonb`),
      )
      .addColumn('active', 'boolean', (column) => column.notNull().defaultTo(true))
      .addColumn('billing_scheme', 'text', (column) => column.notNull().defaultTo('per_unit'))
      .addColumn('currency', 'text', (column) => column.notNull())
      .addColumn('unit_amount', 'integer', (column) => column.notNull())
      .addColumn('nickname', 'text')
      .addColumn('recurring', 'jsonb')
      .addColumn('tax_behavior', 'text', (column) => column.notNull().defaultTo('exclusive'))
      .addColumn('tiers_mode', 'text')
      .addColumn('metadata', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
      // Plans are listed cheapest first; the catalogue seed sets the order.
      .addColumn('position', 'integer', (column) => column.notNull().defaultTo(0))
      .execute();

    // One subscription per account; an account without a row is on the free plan until its
    // first billing read creates one, so sign-up needs no billing step.
    await db.schema
      .createTable('billing_subscriptions')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('account_id', 'text', (column) =>
        column.notNull().unique().references('accounts.id').onDelete('cascade'),
      )
      .addColumn('price_id', 'text', (column) => column.notNull().references('billing_prices.id'))
      .addColumn('status', 'text', (column) =>
        column.notNull().check(sql`status in ('active', 'canceled', 'past_due', 'unpaid')`),
      )
      .addColumn('current_period_start', 'timestamptz', (column) => column.notNull())
      .addColumn('current_period_end', 'timestamptz', (column) => column.notNull())
      .addColumn('cancel_at_period_end', 'boolean', (column) => column.notNull().defaultTo(false))
      .addColumn('canceled_at', 'timestamptz')
      .addColumn('metadata', 'jsonb', (column) => column.notNull().defaultTo(sql`'{}'::jsonb`))
      .addColumn('provider_customer_id', 'text')
      .addColumn('provider_subscription_id', 'text', (column) => column.unique())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .addColumn('updated_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('billing_subscriptions_period_end_idx')
      .on('billing_subscriptions')
      .column('current_period_end')
      .execute();

    // Invoices of the local ledger. idempotency_key (account and period start) is unique, so a
    // retried or concurrent period close can never bill a period twice.
    await db.schema
      .createTable('billing_invoices')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('account_id', 'text', (column) =>
        column.notNull().references('accounts.id').onDelete('cascade'),
      )
      .addColumn('subscription_id', 'text', (column) => column.notNull())
      .addColumn('idempotency_key', 'text', (column) => column.notNull().unique())
      .addColumn('number', 'text', (column) => column.notNull().unique())
      .addColumn('status', 'text', (column) =>
        column.notNull().check(sql`status in ('draft', 'open', 'paid', 'void', 'uncollectible')`),
      )
      .addColumn('currency', 'text', (column) => column.notNull())
      .addColumn('amount_due', 'integer', (column) => column.notNull())
      .addColumn('lines', 'jsonb', (column) => column.notNull())
      .addColumn('usage', 'jsonb', (column) => column.notNull())
      .addColumn('price_id', 'text', (column) => column.notNull())
      .addColumn('plan_nickname', 'text')
      .addColumn('description', 'text')
      .addColumn('period_start', 'timestamptz', (column) => column.notNull())
      .addColumn('period_end', 'timestamptz', (column) => column.notNull())
      .addColumn('due_date', 'timestamptz')
      .addColumn('finalized_at', 'timestamptz')
      .addColumn('paid_at', 'timestamptz')
      // The secret part of the hosted page and PDF links, as a provider's hosted invoice URL has.
      .addColumn('access_token', 'text', (column) => column.notNull())
      .addColumn('created_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
    await db.schema
      .createIndex('billing_invoices_account_id_created_at_idx')
      .on('billing_invoices')
      .columns(['account_id', 'created_at'])
      .execute();

    // Payment-provider webhook events already handled: the provider retries deliveries.
    await db.schema
      .createTable('billing_webhook_events')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('type', 'text', (column) => column.notNull())
      .addColumn('received_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
      .execute();
  },
};
