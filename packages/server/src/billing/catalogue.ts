// The plans Darkroom sells when no payment provider is configured, written as the provider would
// hold them (spec platform section 3, 'Billing price'): metadata values are strings. Bandwidth is
// in bytes, prices in minor units (cents) per GB of bandwidth and per thousand origin images
// (core billing/invoice.ts), video in minutes. A product's `capabilities` metadata lists the
// premium capabilities the plan grants (store/capabilities.ts adds them to the account's own).
import type { BillingPrice } from '@darkroom/core';
import type { Kysely } from 'kysely';
import type { BillingPriceRow, DatabaseSchema } from '../db/schema.ts';

type Db = Kysely<DatabaseSchema>;

export const FREE_PLAN_LOOKUP_KEY = 'free';

interface CataloguePlan {
  id: string;
  lookupKey: string;
  productId: string;
  productName: string;
  capabilities: string;
  unitAmount: number;
  metadata: Record<string, string>;
}

const MONTHLY = {
  interval: 'month',
  interval_count: 1,
  usage_type: 'licensed',
  aggregate_usage: null,
} as const;

const PLAN_CATALOGUE: readonly CataloguePlan[] = [
  {
    id: 'price_darkroom_free',
    lookupKey: FREE_PLAN_LOOKUP_KEY,
    productId: 'prod_darkroom_free',
    productName: 'Free',
    capabilities: '',
    unitAmount: 0,
    metadata: {
      bandwidth_included: '100000000',
      bandwidth_price: '0',
      images_price: '0',
      origin_images_included: '1000',
      overages_enabled: 'false',
      sources_included: '1',
      users_included: '3',
      video_encoding_included: '0',
      video_streaming_included: '0',
    },
  },
  {
    id: 'price_darkroom_starter_monthly',
    lookupKey: 'starter',
    productId: 'prod_darkroom_starter',
    productName: 'Starter',
    capabilities: 'background_removal',
    unitAmount: 1900,
    metadata: {
      bandwidth_included: '100000000000',
      bandwidth_price: '8',
      images_price: '300',
      origin_images_included: '5000',
      overages_enabled: 'false',
      sources_included: '3',
      users_included: '5',
      video_encoding_included: '60',
      video_streaming_included: '600',
    },
  },
  {
    id: 'price_darkroom_growth_monthly',
    lookupKey: 'growth',
    productId: 'prod_darkroom_growth',
    productName: 'Growth',
    capabilities:
      'background_removal,background_replacement,super_resolution,outpainting,object_removal,image_to_video',
    unitAmount: 4900,
    metadata: {
      bandwidth_included: '500000000000',
      bandwidth_price: '8',
      images_price: '300',
      origin_images_included: '25000',
      overages_enabled: 'true',
      sources_included: '10',
      users_included: '10',
      video_encoding_included: '600',
      video_streaming_included: '6000',
    },
  },
];

/** Writes the catalogue's prices; existing rows are left as an operator may have edited them. */
export async function ensureCatalogue(db: Db): Promise<void> {
  await db
    .insertInto('billing_prices')
    .values(
      PLAN_CATALOGUE.map((plan, position) => ({
        id: plan.id,
        lookup_key: plan.lookupKey,
        product_id: plan.productId,
        product_name: plan.productName,
        product_metadata: JSON.stringify({ capabilities: plan.capabilities }),
        currency: 'usd',
        unit_amount: plan.unitAmount,
        nickname: plan.productName,
        recurring: JSON.stringify(MONTHLY),
        metadata: JSON.stringify(plan.metadata),
        position,
      })),
    )
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/** The active prices, cheapest first. */
export async function listPrices(db: Db): Promise<BillingPriceRow[]> {
  return db
    .selectFrom('billing_prices')
    .selectAll()
    .where('active', '=', true)
    .orderBy('position')
    .orderBy('unit_amount')
    .execute();
}

export async function findPrice(db: Db, id: string): Promise<BillingPriceRow | undefined> {
  return db.selectFrom('billing_prices').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A price row in the provider's shape, with its product expanded. */
export function priceObject(row: BillingPriceRow): BillingPrice {
  return {
    id: row.id,
    active: row.active,
    billing_scheme: row.billing_scheme,
    currency: row.currency,
    unit_amount: row.unit_amount,
    unit_amount_decimal: String(row.unit_amount),
    lookup_key: row.lookup_key,
    nickname: row.nickname,
    recurring: row.recurring,
    tax_behavior: row.tax_behavior,
    tiers_mode: row.tiers_mode,
    product: { id: row.product_id, name: row.product_name, metadata: row.product_metadata },
    metadata: row.metadata,
  };
}
