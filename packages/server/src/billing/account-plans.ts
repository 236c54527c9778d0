// The plan each account is on and what it grants, for the install administrator's list of
// accounts, and which plans include each premium capability, for the editor's paywall (editor
// spec section 2: "Upgrade your plan").
import { capabilityList, type AccountPlanSummary, type CapabilityName } from '@darkroom/core';
import type { Kysely } from 'kysely';
import type { BillingPriceRow, DatabaseSchema } from '../db/schema.ts';
import { FREE_PLAN_LOOKUP_KEY, listPrices } from './catalogue.ts';

type Db = Kysely<DatabaseSchema>;

/** A product's `capabilities` metadata, a comma list of names, as capabilities. */
function planCapabilitiesOf(price: Pick<BillingPriceRow, 'product_metadata'>): CapabilityName[] {
  return capabilityList(
    (price.product_metadata.capabilities ?? '').split(',').map((name) => name.trim()),
  );
}

function summaryOf(price: Pick<BillingPriceRow, 'product_name' | 'product_metadata'>) {
  return { name: price.product_name, capabilities: planCapabilitiesOf(price) };
}

/**
 * The plan of each account by id. An account without a subscription row has not been billed
 * yet and is on the free plan (billing/subscriptions.ts creates its row on first read); reading
 * a list must not write, so the free plan is named here instead.
 */
export async function accountPlanSummaries(
  db: Db,
  accountIds: readonly string[],
): Promise<Map<string, AccountPlanSummary>> {
  if (accountIds.length === 0) return new Map();
  const [rows, free] = await Promise.all([
    db
      .selectFrom('billing_subscriptions')
      .innerJoin('billing_prices', 'billing_prices.id', 'billing_subscriptions.price_id')
      .select([
        'billing_subscriptions.account_id',
        'billing_prices.product_name',
        'billing_prices.product_metadata',
      ])
      .where('billing_subscriptions.account_id', 'in', [...new Set(accountIds)])
      .execute(),
    db
      .selectFrom('billing_prices')
      .select(['product_name', 'product_metadata'])
      .where('lookup_key', '=', FREE_PLAN_LOOKUP_KEY)
      .executeTakeFirst(),
  ]);
  const plans = new Map(rows.map((row) => [row.account_id, summaryOf(row)]));
  const freePlan = free === undefined ? { name: 'Free', capabilities: [] } : summaryOf(free);
  for (const id of accountIds) if (!plans.has(id)) plans.set(id, freePlan);
  return plans;
}

/**
 * The names of the active plans that grant each capability, cheapest first: what the paywall
 * names when the account's plan lacks it.
 */
export async function plansIncludingCapabilities(db: Db): Promise<Map<CapabilityName, string[]>> {
  const including = new Map<CapabilityName, string[]>();
  for (const price of await listPrices(db)) {
    for (const name of planCapabilitiesOf(price)) {
      const plans = including.get(name) ?? [];
      if (!plans.includes(price.product_name)) plans.push(price.product_name);
      including.set(name, plans);
    }
  }
  return including;
}
