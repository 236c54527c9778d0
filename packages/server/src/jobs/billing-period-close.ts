import type { Kysely } from 'kysely';
import { closeDuePeriods } from '../billing/invoices.ts';
import type { DatabaseSchema, JobRow } from '../db/schema.ts';
import { enqueueJob } from './queue.ts';
import type { JobHandler } from './runner.ts';

export const BILLING_PERIOD_CLOSE_JOB = 'billing-period-close';

/** The longest wait between two runs, so a period another process opened is not missed long. */
const MAX_WAIT_MS = 60 * 60_000;

type Db = Kysely<DatabaseSchema>;

/** When the next period ends, capped at an hour from `now`. */
async function nextRunAt(db: Db, now: Date): Promise<Date> {
  const next = await db
    .selectFrom('billing_subscriptions')
    .select((eb) => eb.fn.min('current_period_end').as('at'))
    .executeTakeFirst();
  const latest = new Date(now.getTime() + MAX_WAIT_MS);
  const at = next?.at ? new Date(next.at) : latest;
  return at < latest ? at : latest;
}

/** Queues the period close unless one is already waiting (another process's, or this one's). */
export async function requestBillingPeriodClose(db: Db, exceptJobId?: string): Promise<void> {
  let pending = db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', BILLING_PERIOD_CLOSE_JOB)
    .where('failed_at', 'is', null);
  if (exceptJobId !== undefined) pending = pending.where('id', '!=', exceptJobId);
  if ((await pending.executeTakeFirst()) !== undefined) return;
  await enqueueJob(db, {
    kind: BILLING_PERIOD_CLOSE_JOB,
    payload: {},
    runAt: await nextRunAt(db, new Date()),
  });
}

/**
 * Issue 9 item 1: bills every billing period of the local ledger that has ended, then queues
 * itself for the next period end. Closing is idempotent per account and period
 * (billing/invoices.ts), so a retried or doubled run bills nothing twice.
 */
export function billingPeriodCloseHandler(db: Db): JobHandler {
  return async (job: JobRow) => {
    await closeDuePeriods(db, new Date());
    await requestBillingPeriodClose(db, job.id);
  };
}
