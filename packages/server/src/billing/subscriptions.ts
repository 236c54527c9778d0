import { newId } from '../db/ids.ts';
import type { Kysely } from 'kysely';
import type { BillingSubscriptionRow, DatabaseSchema } from '../db/schema.ts';
import { FREE_PLAN_LOOKUP_KEY } from './catalogue.ts';
import { addBillingMonth } from './periods.ts';

type Db = Kysely<DatabaseSchema>;

/** A customer id in the provider's style for an account of the local ledger. */
export function localCustomerId(accountId: string): string {
  return `cus_${accountId}`;
}

async function findSubscription(
  db: Db,
  accountId: string,
): Promise<BillingSubscriptionRow | undefined> {
  return db
    .selectFrom('billing_subscriptions')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/**
 * The account's subscription. An account that has none yet (every new account) is put on the
 * free plan from when it was created (or `start`), so sign-up needs no billing step, usage from
 * the first day falls in a billed period, and concurrent first reads agree on one row.
 */
export async function ensureSubscription(
  db: Db,
  accountId: string,
  start?: Date,
): Promise<BillingSubscriptionRow> {
  const existing = await findSubscription(db, accountId);
  if (existing !== undefined) return existing;
  const [free, account] = await Promise.all([
    db
      .selectFrom('billing_prices')
      .select('id')
      .where('lookup_key', '=', FREE_PLAN_LOOKUP_KEY)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('accounts')
      .select('created_at')
      .where('id', '=', accountId)
      .executeTakeFirstOrThrow(),
  ]);
  const periodStart = start ?? account.created_at;
  await db
    .insertInto('billing_subscriptions')
    .values({
      id: `sub_${newId()}`,
      account_id: accountId,
      price_id: free.id,
      status: 'active',
      current_period_start: periodStart,
      current_period_end: addBillingMonth(periodStart),
    })
    .onConflict((conflict) => conflict.column('account_id').doNothing())
    .execute();
  const created = await findSubscription(db, accountId);
  if (created === undefined) throw new Error(`No subscription for account ${accountId}.`);
  return created;
}

/**
 * Moves the account to another price from now on. The local ledger bills the plan in effect
 * when the period closes, without proration; a plan change also undoes a pending cancellation.
 */
export async function changeSubscriptionPrice(
  db: Db,
  accountId: string,
  priceId: string,
): Promise<BillingSubscriptionRow> {
  const subscription = await ensureSubscription(db, accountId);
  return db
    .updateTable('billing_subscriptions')
    .set({
      price_id: priceId,
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      updated_at: new Date(),
    })
    .where('id', '=', subscription.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Cancels at the end of the period: the plan stays until then, then the account is on free. */
export async function cancelSubscription(
  db: Db,
  accountId: string,
  now = new Date(),
): Promise<BillingSubscriptionRow> {
  const subscription = await ensureSubscription(db, accountId);
  return db
    .updateTable('billing_subscriptions')
    .set({ cancel_at_period_end: true, canceled_at: now, updated_at: now })
    .where('id', '=', subscription.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
