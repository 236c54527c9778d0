import { capabilityList, type CapabilityName } from '@darkroom/core';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';

/**
 * The premium capabilities each account's plan grants: its product's `capabilities` metadata,
 * a comma list of names. Accounts without a subscription are on the free plan, which grants
 * none in the catalogue, so they are simply absent from the map.
 */
export async function planCapabilitiesByAccount(
  db: Kysely<DatabaseSchema>,
  accountIds: readonly string[],
): Promise<Map<string, CapabilityName[]>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('billing_subscriptions')
    .innerJoin('billing_prices', 'billing_prices.id', 'billing_subscriptions.price_id')
    .select(['billing_subscriptions.account_id', 'billing_prices.product_metadata'])
    .where('billing_subscriptions.account_id', 'in', [...new Set(accountIds)])
    .execute();
  return new Map(
    rows.map((row) => [
      row.account_id,
      capabilityList(
        (row.product_metadata.capabilities ?? '').split(',').map((name) => name.trim()),
      ),
    ]),
  );
}
