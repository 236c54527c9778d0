// The plan's sources_included and users_included (spec platform section 3, 'Billing price'),
// enforced when a source is created or a user added. Two requests racing at the limit may both
// pass; the limit is a commercial one, so one extra row is preferable to locking the account on
// every create.
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';
import { apiError, type ApiError } from '../errors.ts';
import { accountPlan } from './plans.ts';

/** The dashboard page where a plan is changed; limit errors link to it. */
const UPGRADE_PATH = '/billing/plans';

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function limitReached(planName: string, included: number, noun: string): ApiError {
  return apiError(
    'plan_limit_reached',
    `Your ${planName} plan includes ${plural(included, noun)}. Upgrade your plan to add more: ${UPGRADE_PATH}`,
    { pointer: '/data' },
  );
}

/** Throws a 403 with an upgrade link when the account has all the sources its plan includes. */
export async function checkSourceAllowance(
  db: Kysely<DatabaseSchema>,
  accountId: string,
): Promise<void> {
  const { plan, price } = await accountPlan(db, accountId);
  if (plan.sourcesIncluded === null) return;
  const { count } = await db
    .selectFrom('sources')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('account_id', '=', accountId)
    .where('is_demo', '=', false)
    .executeTakeFirstOrThrow();
  if (Number(count) >= plan.sourcesIncluded) {
    throw limitReached(price.product_name, plan.sourcesIncluded, 'source');
  }
}

/** Throws a 403 with an upgrade link when the account has all the users its plan includes. */
export async function checkUserAllowance(
  db: Kysely<DatabaseSchema>,
  accountId: string,
): Promise<void> {
  const { plan, price } = await accountPlan(db, accountId);
  if (plan.usersIncluded === null) return;
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  if (Number(count) >= plan.usersIncluded) {
    throw limitReached(price.product_name, plan.usersIncluded, 'user');
  }
}
