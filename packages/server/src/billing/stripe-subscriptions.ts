import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { BillingSubscriptionRow, DatabaseSchema } from '../db/schema.ts';
import { FREE_PLAN_LOOKUP_KEY } from './catalogue.ts';
import { upsertStripePrice } from './stripe-catalogue.ts';

type Db = Kysely<DatabaseSchema>;

function localStatus(status: Stripe.Subscription.Status): BillingSubscriptionRow['status'] {
  if (status === 'active' || status === 'trialing') return 'active';
  if (status === 'canceled' || status === 'incomplete_expired') return 'canceled';
  if (status === 'unpaid') return 'unpaid';
  return 'past_due';
}

const fromSeconds = (seconds: number): Date => new Date(seconds * 1000);

/**
 * Writes what Stripe says of an account's subscription into billing_subscriptions. A canceled
 * subscription puts the account back on the free price and forgets the Stripe subscription,
 * so the next billing read starts a new free one.
 */
export async function recordStripeSubscription(
  db: Db,
  accountId: string,
  subscription: Stripe.Subscription,
): Promise<void> {
  const item = subscription.items.data[0];
  if (item === undefined) return;
  await upsertStripePrice(db, item.price);
  const canceled =
    subscription.status === 'canceled' || subscription.status === 'incomplete_expired';
  const free = canceled
    ? await db
        .selectFrom('billing_prices')
        .select('id')
        .where('lookup_key', '=', FREE_PLAN_LOOKUP_KEY)
        .executeTakeFirst()
    : undefined;
  const values = {
    price_id: free?.id ?? item.price.id,
    status: localStatus(subscription.status),
    current_period_start: fromSeconds(item.current_period_start),
    current_period_end: fromSeconds(item.current_period_end),
    cancel_at_period_end: subscription.cancel_at_period_end,
    canceled_at: subscription.canceled_at === null ? null : fromSeconds(subscription.canceled_at),
    metadata: JSON.stringify({ ...subscription.metadata }),
    provider_customer_id:
      typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
    provider_subscription_id: canceled ? null : subscription.id,
    updated_at: new Date(),
  };
  await db
    .insertInto('billing_subscriptions')
    .values({ id: subscription.id, account_id: accountId, ...values })
    .onConflict((conflict) => conflict.column('account_id').doUpdateSet(values))
    .execute();
}
