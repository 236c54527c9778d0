// The local ledger's invoices (spec platform section 3, 'Invoice'): one per account and closed
// period, numbered, with line items and totals in minor units.
import { randomBytes } from 'node:crypto';
import { invoiceLines, invoiceTotal, parsePlan } from '@darkroom/core';
import type { Kysely, Transaction } from 'kysely';
import { newId } from '../db/ids.ts';
import type { BillingInvoiceRow, BillingSubscriptionRow, DatabaseSchema } from '../db/schema.ts';
import { FREE_PLAN_LOOKUP_KEY, findPrice, priceObject } from './catalogue.ts';
import { addBillingMonth } from './periods.ts';
import { ensureSubscription } from './subscriptions.ts';
import { periodUsage } from './usage.ts';

type Db = Kysely<DatabaseSchema>;

/** Days between an invoice and its due date. */
const PAYMENT_TERMS_DAYS = 30;

/** The key that makes a period billable once: the account and the period's start. */
export function invoiceIdempotencyKey(accountId: string, periodStart: Date): string {
  return `${accountId}:${periodStart.toISOString()}`;
}

/** Invoice numbers in the provider's style: the account's prefix and its own sequence. */
function invoiceNumber(accountId: string, sequence: number): string {
  return `${accountId.slice(0, 8).toUpperCase()}-${String(sequence).padStart(4, '0')}`;
}

async function insertInvoice(
  trx: Transaction<DatabaseSchema>,
  subscription: BillingSubscriptionRow,
  periodEnd: Date,
  now: Date,
): Promise<BillingInvoiceRow> {
  const priceRow = await findPrice(trx, subscription.price_id);
  if (priceRow === undefined) throw new Error(`Unknown price ${subscription.price_id}.`);
  const plan = parsePlan({ price: priceObject(priceRow) });
  const usage = await periodUsage(
    trx,
    subscription.account_id,
    subscription.current_period_start,
    periodEnd,
  );
  const lines = invoiceLines(plan, usage, priceRow.product_name);
  const total = invoiceTotal(lines);
  const { count } = await trx
    .selectFrom('billing_invoices')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('account_id', '=', subscription.account_id)
    .executeTakeFirstOrThrow();
  return trx
    .insertInto('billing_invoices')
    .values({
      id: `in_${newId()}`,
      account_id: subscription.account_id,
      subscription_id: subscription.id,
      idempotency_key: invoiceIdempotencyKey(
        subscription.account_id,
        subscription.current_period_start,
      ),
      number: invoiceNumber(subscription.account_id, Number(count) + 1),
      // Nothing to collect is settled at once; the rest waits for payment.
      status: total === 0 ? 'paid' : 'open',
      currency: priceRow.currency,
      amount_due: total,
      lines: JSON.stringify(lines),
      usage: JSON.stringify(usage),
      price_id: priceRow.id,
      plan_nickname: priceRow.nickname,
      description: `${priceRow.product_name} plan`,
      period_start: subscription.current_period_start,
      period_end: periodEnd,
      due_date: new Date(now.getTime() + PAYMENT_TERMS_DAYS * 86_400_000),
      finalized_at: now,
      paid_at: total === 0 ? now : null,
      access_token: randomBytes(24).toString('base64url'),
      created_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Bills the account's current period up to `periodEnd` (its scheduled end, or earlier when an
 * administrator closes it now) and starts the next one. The subscription row is locked for the
 * transaction and the invoice's idempotency key is unique, so concurrent or retried closes of
 * one period bill it once: the late ones find the period already moved on and do nothing.
 */
export async function closeSubscriptionPeriod(
  db: Db,
  subscriptionId: string,
  options: { now?: Date; periodEnd?: Date } = {},
): Promise<BillingInvoiceRow | null> {
  const now = options.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const subscription = await trx
      .selectFrom('billing_subscriptions')
      .selectAll()
      .where('id', '=', subscriptionId)
      .forUpdate()
      .executeTakeFirst();
    if (subscription === undefined) return null;
    const periodEnd = options.periodEnd ?? subscription.current_period_end;
    if (periodEnd > now || periodEnd <= subscription.current_period_start) return null;
    const key = invoiceIdempotencyKey(subscription.account_id, subscription.current_period_start);
    const billed = await trx
      .selectFrom('billing_invoices')
      .select('id')
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    const invoice = billed ? null : await insertInvoice(trx, subscription, periodEnd, now);
    const free = subscription.cancel_at_period_end
      ? await trx
          .selectFrom('billing_prices')
          .select('id')
          .where('lookup_key', '=', FREE_PLAN_LOOKUP_KEY)
          .executeTakeFirstOrThrow()
      : null;
    await trx
      .updateTable('billing_subscriptions')
      .set({
        current_period_start: periodEnd,
        current_period_end: addBillingMonth(periodEnd),
        ...(free && { price_id: free.id, cancel_at_period_end: false }),
        updated_at: now,
      })
      .where('id', '=', subscription.id)
      .execute();
    return invoice;
  });
}

/**
 * Closes every period that has ended by `now`, oldest first, several per subscription when a
 * server was down for more than a month; returns the invoices written.
 */
export async function closeDuePeriods(
  db: Db,
  now = new Date(),
  accountId?: string,
): Promise<BillingInvoiceRow[]> {
  const written: BillingInvoiceRow[] = [];
  for (;;) {
    let query = db
      .selectFrom('billing_subscriptions')
      .select('id')
      .where('current_period_end', '<=', now)
      .orderBy('current_period_end')
      .limit(100);
    if (accountId !== undefined) query = query.where('account_id', '=', accountId);
    const due = await query.execute();
    if (due.length === 0) return written;
    for (const { id } of due) {
      const invoice = await closeSubscriptionPeriod(db, id, { now });
      if (invoice) written.push(invoice);
    }
  }
}

/**
 * The account's subscription in its current period: periods that ended while nothing ran are
 * billed first, so what the account reads is never a period that is already over.
 */
export async function currentLocalSubscription(
  db: Db,
  accountId: string,
  now = new Date(),
): Promise<BillingSubscriptionRow> {
  const subscription = await ensureSubscription(db, accountId);
  if (subscription.current_period_end > now) return subscription;
  await closeDuePeriods(db, now, accountId);
  return ensureSubscription(db, accountId);
}

export interface InvoiceFilter {
  accountId: string;
  status?: BillingInvoiceRow['status'];
  subscriptionId?: string;
  limit: number;
}

/** The account's invoices, newest first. */
export async function listInvoices(db: Db, filter: InvoiceFilter): Promise<BillingInvoiceRow[]> {
  let query = db
    .selectFrom('billing_invoices')
    .selectAll()
    .where('account_id', '=', filter.accountId)
    .orderBy('created_at', 'desc')
    .orderBy('period_start', 'desc')
    .limit(filter.limit);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.subscriptionId !== undefined) {
    query = query.where('subscription_id', '=', filter.subscriptionId);
  }
  return query.execute();
}

export async function findInvoice(db: Db, id: string): Promise<BillingInvoiceRow | undefined> {
  return db.selectFrom('billing_invoices').selectAll().where('id', '=', id).executeTakeFirst();
}
