// Billing through Stripe, when STRIPE_SECRET_KEY is set. Every account is a Stripe customer with
// one subscription, created on the free price the first time the account's billing is read. The
// local billing_subscriptions row mirrors it (kept current by webhooks, stripe-webhooks.ts) so plan
// limits never wait on Stripe.
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Config } from '../config.ts';
import type { BillingSubscriptionRow, DatabaseSchema } from '../db/schema.ts';
import { FREE_PLAN_LOOKUP_KEY, findPrice, listPrices, priceObject } from './catalogue.ts';
import { BillingNotFoundError, type BillingProvider } from './provider.ts';
import { createStripeClient } from './stripe-client.ts';
import { syncStripePrices } from './stripe-catalogue.ts';
import { stripeInvoice, stripeSubscription } from './stripe-objects.ts';
import { recordStripeSubscription } from './stripe-subscriptions.ts';

type Db = Kysely<DatabaseSchema>;

/** How long the mirrored catalogue is trusted before Stripe is asked again. */
const CATALOGUE_TTL_MS = 10 * 60_000;

const EXPAND_PRODUCT = ['items.data.price.product'];

export function stripeBillingProvider(
  db: Db,
  config: NonNullable<Config['stripe']>,
  stripe: Stripe = createStripeClient(config),
): BillingProvider {
  let catalogue: { at: number; loaded: Promise<void> } | null = null;

  function syncCatalogue(): Promise<void> {
    if (catalogue === null || Date.now() - catalogue.at > CATALOGUE_TTL_MS) {
      const loaded = syncStripePrices(db, stripe).catch((error: unknown) => {
        catalogue = null;
        throw error;
      });
      catalogue = { at: Date.now(), loaded };
    }
    return catalogue.loaded;
  }

  /** The account's Stripe subscription id, creating the customer and a free subscription once. */
  async function subscriptionIdOf(accountId: string): Promise<string> {
    const row = await db
      .selectFrom('billing_subscriptions')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    if (row?.provider_subscription_id) return row.provider_subscription_id;
    await syncCatalogue();
    const free = await db
      .selectFrom('billing_prices')
      .select('id')
      .where('lookup_key', '=', FREE_PLAN_LOOKUP_KEY)
      .executeTakeFirst();
    if (free === undefined) throw new Error('Stripe has no active price with lookup_key "free".');
    // Idempotency keys make two first reads at once one customer and one subscription.
    const customer = await stripe.customers.create(
      { metadata: { account_id: accountId } },
      { idempotencyKey: `darkroom-customer-${accountId}` },
    );
    const subscription = await stripe.subscriptions.create(
      {
        customer: customer.id,
        items: [{ price: free.id }],
        metadata: { account_id: accountId },
        expand: EXPAND_PRODUCT,
      },
      { idempotencyKey: `darkroom-free-subscription-${accountId}` },
    );
    await recordStripeSubscription(db, accountId, subscription);
    return subscription.id;
  }

  async function retrieve(accountId: string, expandProduct: boolean) {
    const id = await subscriptionIdOf(accountId);
    return stripe.subscriptions.retrieve(id, {
      expand: expandProduct ? EXPAND_PRODUCT : ['items.data.price'],
    });
  }

  async function localRow(accountId: string): Promise<BillingSubscriptionRow> {
    await subscriptionIdOf(accountId);
    return db
      .selectFrom('billing_subscriptions')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
  }

  return {
    name: 'stripe',
    prorates: true,
    async listPrices() {
      await syncCatalogue();
      return (await listPrices(db)).map(priceObject);
    },
    async currentSubscription(accountId) {
      return stripeSubscription(await retrieve(accountId, true));
    },
    async findSubscription(accountId, subscriptionId, expandProduct) {
      const own = await subscriptionIdOf(accountId);
      if (own !== subscriptionId) return null;
      return stripeSubscription(await retrieve(accountId, expandProduct));
    },
    async listInvoices(accountId, query) {
      const row = await localRow(accountId);
      const customer = row.provider_customer_id;
      if (customer === null || (query.customer !== undefined && query.customer !== customer)) {
        return [];
      }
      const list = await stripe.invoices.list({
        customer,
        limit: query.limit,
        ...(query.status !== undefined && { status: query.status }),
        ...(query.subscription !== undefined && { subscription: query.subscription }),
      });
      return list.data.map(stripeInvoice);
    },
    async changePlan(accountId, change) {
      await syncCatalogue();
      const price = await findPrice(db, change.priceId);
      if (price === undefined || !price.active) {
        throw new BillingNotFoundError(`No plan has the price ${change.priceId}.`);
      }
      const current = await retrieve(accountId, false);
      const item = current.items.data[0];
      const updated = await stripe.subscriptions.update(
        current.id,
        {
          items: [{ ...(item && { id: item.id }), price: price.id }],
          proration_behavior: 'create_prorations',
          cancel_at_period_end: false,
          expand: EXPAND_PRODUCT,
        },
        { idempotencyKey: change.idempotencyKey },
      );
      await recordStripeSubscription(db, accountId, updated);
      return stripeSubscription(updated);
    },
    async cancel(accountId, idempotencyKey) {
      const id = await subscriptionIdOf(accountId);
      const updated = await stripe.subscriptions.update(
        id,
        { cancel_at_period_end: true, expand: EXPAND_PRODUCT },
        { idempotencyKey },
      );
      await recordStripeSubscription(db, accountId, updated);
      return stripeSubscription(updated);
    },
    async portalUrl(accountId, returnUrl) {
      const row = await localRow(accountId);
      if (row.provider_customer_id === null) throw new Error('No Stripe customer yet.');
      const session = await stripe.billingPortal.sessions.create({
        customer: row.provider_customer_id,
        return_url: returnUrl,
      });
      return session.url;
    },
  };
}
