// Secure URLs are a plan-gated setting (spec platform sections 2 and 6: the source page shows an
// upgrade call-to-action for them): paid plans include them, the free plan does not. The
// dashboard draws the same line from the plan's price (`base_price` above 0), so the switch it
// offers and what the server accepts agree.
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import { listPrices } from './catalogue.ts';
import { accountPlan } from './plans.ts';

/** The dashboard page where a plan is changed; the refusal ends with it, as limits.ts's do. */
const UPGRADE_PATH = '/billing/plans';

/** Whether a plan whose price is `unitAmount` (minor units) includes secure URLs. */
export function planIncludesSecureUrls(unitAmount: number | null): boolean {
  return (unitAmount ?? 0) > 0;
}

/**
 * Throws 403 `plan_limit_reached` when the account's plan does not include secure URLs, naming
 * the cheapest plan that does and the upgrade page. `pointer` is where the request set them.
 */
export async function checkSecureUrlsIncluded(
  db: Kysely<DatabaseSchema>,
  accountId: string,
  pointer: string,
): Promise<void> {
  const { price } = await accountPlan(db, accountId);
  if (planIncludesSecureUrls(price.unit_amount)) return;
  const cheapest = (await listPrices(db)).find((offer) =>
    planIncludesSecureUrls(offer.unit_amount),
  );
  const from = cheapest ? ` from the ${cheapest.product_name} plan up` : '';
  throw apiError(
    'plan_limit_reached',
    `Secure URLs are part of paid plans${from}; your ${price.product_name} plan does not include them. Upgrade your plan to turn them on: ${UPGRADE_PATH}`,
    { pointer },
  );
}
