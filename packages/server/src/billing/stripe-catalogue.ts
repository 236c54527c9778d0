import { sql, type Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { DatabaseSchema } from '../db/schema.ts';
import { recurringOf, stripePrice } from './stripe-objects.ts';

type Db = Kysely<DatabaseSchema>;

/**
 * Mirrors Stripe's active recurring prices into billing_prices, so plan limits and invoices read
 * the catalogue from the database as they do without Stripe. The free plan is the price whose
 * lookup_key is `free`; a price without a lookup key is keyed by its id.
 */
export async function syncStripePrices(db: Db, stripe: Stripe): Promise<void> {
  const prices: Stripe.Price[] = [];
  for await (const price of stripe.prices.list({
    active: true,
    limit: 100,
    expand: ['data.product'],
  })) {
    if (price.recurring !== null) prices.push(price);
  }
  for (const [position, price] of prices.entries()) await upsertStripePrice(db, price, position);
  // Plans Stripe no longer sells (or the local catalogue's) stay for the invoices and
  // subscriptions that name them, but are not offered.
  let retired = db.updateTable('billing_prices').set({ active: false });
  if (prices.length > 0)
    retired = retired.where(
      'id',
      'not in',
      prices.map((price) => price.id),
    );
  await retired.execute();
}

/** Writes one Stripe price (its product expanded or not) into the local catalogue. */
export async function upsertStripePrice(db: Db, price: Stripe.Price, position = 0): Promise<void> {
  const product =
    typeof price.product === 'string' || ('deleted' in price.product && price.product.deleted)
      ? null
      : (price.product as Stripe.Product);
  const spec = stripePrice(price);
  const row = {
    lookup_key: price.lookup_key ?? price.id,
    product_id: typeof price.product === 'string' ? price.product : price.product.id,
    product_name: product?.name ?? price.nickname ?? price.id,
    product_metadata: JSON.stringify({ ...product?.metadata }),
    active: price.active,
    currency: price.currency,
    unit_amount: price.unit_amount ?? 0,
    nickname: price.nickname,
    recurring: JSON.stringify(recurringOf(price.recurring)),
    tax_behavior: spec.tax_behavior ?? 'unspecified',
    tiers_mode: spec.tiers_mode,
    metadata: JSON.stringify({ ...price.metadata }),
    position,
  };
  // A lookup key moves to the price that now carries it at Stripe (or from the local catalogue
  // of a database that kept its own books before Stripe was configured).
  await db
    .updateTable('billing_prices')
    .set({ lookup_key: sql<string>`id`, active: false })
    .where('lookup_key', '=', row.lookup_key)
    .where('id', '!=', price.id)
    .execute();
  await db
    .insertInto('billing_prices')
    .values({ id: price.id, ...row })
    .onConflict((conflict) => conflict.column('id').doUpdateSet(row))
    .execute();
}
