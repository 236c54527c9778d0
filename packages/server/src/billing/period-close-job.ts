import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';
import { BILLING_PERIOD_CLOSE_JOB } from '../jobs/kinds.ts';
import { enqueueUnlessPending } from '../jobs/queue.ts';
import { handleJob, type JobHandler } from '../jobs/runner.ts';
import { closeDuePeriods } from './invoices.ts';

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
  await enqueueUnlessPending(
    db,
    BILLING_PERIOD_CLOSE_JOB,
    {},
    { sameAs: [], exceptJobId: exceptJobId ?? null },
    { runAt: await nextRunAt(db, new Date()) },
  );
}

/**
 * Bills every billing period of the local ledger that has ended, then queues itself for the
 * next period end. Closing is idempotent per account and period (billing/invoices.ts), so a
 * retried or doubled run bills nothing twice.
 */
export function billingPeriodCloseHandler(db: Db): JobHandler {
  return handleJob(BILLING_PERIOD_CLOSE_JOB, async (_payload, job) => {
    await closeDuePeriods(db, new Date());
    await requestBillingPeriodClose(db, job.id);
  });
}
