import type { Invoice, Subscription } from '@darkroom/core';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';
import { findPrice, listPrices, priceObject } from './catalogue.ts';
import { closeDuePeriods, currentLocalSubscription, listInvoices } from './invoices.ts';
import { invoiceObject, subscriptionObject } from './objects.ts';
import { BillingNotFoundError, type BillingProvider } from './provider.ts';
import { cancelSubscription, changeSubscriptionPrice, localCustomerId } from './subscriptions.ts';
import type { BillingSubscriptionRow } from '../db/schema.ts';

/** The dashboard page that stands in for a provider's customer portal. */
const LOCAL_PORTAL_PATH = '/billing/portal';

/** The books kept in Darkroom's own database, used when STRIPE_SECRET_KEY is not set. */
export function localBillingProvider(db: Kysely<DatabaseSchema>): BillingProvider {
  async function subscriptionOf(
    row: BillingSubscriptionRow,
    expandProduct: boolean,
  ): Promise<Subscription> {
    const price = await findPrice(db, row.price_id);
    if (price === undefined) throw new Error(`Unknown price ${row.price_id}.`);
    return subscriptionObject(row, price, expandProduct);
  }

  return {
    name: 'local',
    prorates: false,
    async listPrices() {
      return (await listPrices(db)).map(priceObject);
    },
    async currentSubscription(accountId) {
      return subscriptionOf(await currentLocalSubscription(db, accountId), true);
    },
    async findSubscription(accountId, subscriptionId, expandProduct) {
      const row = await currentLocalSubscription(db, accountId);
      return row.id === subscriptionId ? subscriptionOf(row, expandProduct) : null;
    },
    async listInvoices(accountId, query, origin): Promise<Invoice[]> {
      if (query.customer !== undefined && query.customer !== localCustomerId(accountId)) return [];
      // Periods that ended while no job ran are billed before anyone reads the list.
      await closeDuePeriods(db, new Date(), accountId);
      const rows = await listInvoices(db, {
        accountId,
        limit: query.limit,
        ...(query.status !== undefined && { status: query.status }),
        ...(query.subscription !== undefined && { subscriptionId: query.subscription }),
      });
      const prices = new Map((await listPrices(db)).map((price) => [price.id, price]));
      return rows.map((row) => invoiceObject(row, prices.get(row.price_id), origin));
    },
    async changePlan(accountId, change) {
      const price = await findPrice(db, change.priceId);
      if (price === undefined || !price.active) {
        throw new BillingNotFoundError(`No plan has the price ${change.priceId}.`);
      }
      return subscriptionOf(await changeSubscriptionPrice(db, accountId, price.id), true);
    },
    async cancel(accountId) {
      return subscriptionOf(await cancelSubscription(db, accountId), true);
    },
    async portalUrl(_accountId, returnUrl) {
      const origin = new URL(returnUrl).origin;
      return `${origin}${LOCAL_PORTAL_PATH}?return_to=${encodeURIComponent(returnUrl)}`;
    },
  };
}
