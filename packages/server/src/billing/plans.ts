import { parsePlan, type BillingPrice, type ParsedPlan, type PlanAttributes } from '@darkroom/core';
import type { Kysely } from 'kysely';
import type { BillingPriceRow, BillingSubscriptionRow, DatabaseSchema } from '../db/schema.ts';
import { findPrice, priceObject } from './catalogue.ts';
import { ensureSubscription } from './subscriptions.ts';

/** An account's subscription, its price and the plan parsed from it. */
export interface AccountPlan {
  subscription: BillingSubscriptionRow;
  price: BillingPriceRow;
  plan: ParsedPlan;
}

/** The plan the account is on now (the free plan for an account that never chose one). */
export async function accountPlan(
  db: Kysely<DatabaseSchema>,
  accountId: string,
): Promise<AccountPlan> {
  const subscription = await ensureSubscription(db, accountId);
  const price = await findPrice(db, subscription.price_id);
  if (price === undefined) throw new Error(`Unknown price ${subscription.price_id}.`);
  return {
    subscription,
    price,
    plan: parsePlan({ price: priceObject(price), metadata: subscription.metadata }),
  };
}

const finiteOrNull = (value: number | null | undefined): number | null =>
  value !== null && value !== undefined && Number.isFinite(value) ? value : null;

/**
 * Spec platform section 3, 'Plan or contract attributes', for a plan sold from the catalogue:
 * the contract fields a self-serve plan does not have (credits, renders, one-off prices) are
 * null. Bandwidth is in bytes and priced per GB; origin images are priced per thousand.
 */
export function planAttributes(
  accountId: string,
  plan: ParsedPlan,
  price: Pick<BillingPrice, 'lookup_key' | 'id' | 'recurring'>,
): PlanAttributes {
  return {
    account_id: accountId,
    additional_notes: null,
    additional_onetime_price: null,
    additional_recurring_price: null,
    bandwidth_credit: null,
    bandwidth_included: plan.bandwidthIncluded,
    bandwidth_price: plan.bandwidthOveragePrice ?? null,
    bandwidth_units: 'GB',
    base_credit: null,
    base_price: plan.billingAmount,
    images_credit: null,
    images_included: plan.originImagesIncluded,
    images_price: plan.originImagesOveragePrice ?? null,
    images_units: '1000 origin images',
    minimum_price: plan.billingAmount,
    origin_images_included: plan.originImagesIncluded,
    plan_type: plan.planType,
    renders_credit: null,
    renders_included: null,
    renders_price: null,
    renders_units: 'renders',
    subscription_level: price.lookup_key ?? price.id,
    subscription_schedule: price.recurring?.interval === 'year' ? 'yearly' : 'monthly',
    video_streaming_included: finiteOrNull(plan.videoStreamingIncluded),
  };
}
