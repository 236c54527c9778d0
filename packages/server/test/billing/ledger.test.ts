import { describe, expect, it } from 'vitest';
import {
  closeDuePeriods,
  closeSubscriptionPeriod,
  invoiceIdempotencyKey,
  listInvoices,
} from '../../src/billing/invoices.ts';
import { addBillingMonth } from '../../src/billing/periods.ts';
import {
  cancelSubscription,
  changeSubscriptionPrice,
  ensureSubscription,
} from '../../src/billing/subscriptions.ts';
import {
  billingPeriodCloseHandler,
  requestBillingPeriodClose,
} from '../../src/billing/period-close-job.ts';
import { BILLING_PERIOD_CLOSE_JOB } from '../../src/jobs/kinds.ts';
import { createJobRunner } from '../../src/jobs/runner.ts';
import { BACKENDS } from '../databases.ts';
import { signUp } from '../requests.ts';
import { useTestApp } from '../test-app.ts';
import { insertMeteredTestPrice, insertUsage, METERED_TEST_PRICE } from './ledger-fixtures.ts';

const GB = 1_000_000_000;

describe.each(BACKENDS)('the local billing ledger on $name', (backend) => {
  const context = useTestApp(backend);
  const db = () => context.database.db;

  /** A new account subscribed to `priceId` from `start`. */
  async function subscribedAccount(priceId: string, start: Date) {
    const { accountId } = await signUp(context.app);
    await ensureSubscription(db(), accountId, start);
    const subscription = await changeSubscriptionPrice(db(), accountId, priceId);
    return { accountId, subscription };
  }

  it('ends a monthly period on the same day next month, or the last day of a shorter month', () => {
    expect(addBillingMonth(new Date('2026-01-15T10:00:00Z'))).toEqual(
      new Date('2026-02-15T10:00:00Z'),
    );
    expect(addBillingMonth(new Date('2026-01-31T00:00:00Z'))).toEqual(
      new Date('2026-02-28T00:00:00Z'),
    );
    expect(addBillingMonth(new Date('2026-12-31T23:00:00Z'))).toEqual(
      new Date('2027-01-31T23:00:00Z'),
    );
  });

  it('bills the base price and overages of the usage inside the period only', async () => {
    await insertMeteredTestPrice(db());
    const start = new Date('2026-01-31T00:00:00Z');
    const end = new Date('2026-02-28T00:00:00Z');
    const { accountId } = await subscribedAccount(METERED_TEST_PRICE.id, start);
    await insertUsage(db(), [
      // The millisecond before the period and the instant it ends belong to other periods.
      { accountId, path: '/before.jpg', bytes: 50 * GB, at: new Date(start.getTime() - 1) },
      { accountId, path: '/a.jpg', bytes: GB, at: start },
      {
        accountId,
        path: '/b.jpg',
        bytes: GB / 2,
        at: new Date('2026-02-10T12:00:00Z'),
        requests: 3,
      },
      { accountId, path: '/c.jpg', bytes: 0, at: new Date(end.getTime() - 1) },
      { accountId, path: '/d.jpg', bytes: 0, at: new Date(end.getTime() - 1) },
      // A failed request moves bytes but is not an origin image.
      { accountId, path: '/missing.jpg', bytes: 0, at: start, status: 404 },
      { accountId, path: '/after.jpg', bytes: 7 * GB, at: end },
    ]);

    const [invoice] = await closeDuePeriods(db(), new Date('2026-02-28T00:00:01Z'), accountId);

    // 2.5 GB sent: 1.5 GB above at 10 cents per GB = 15; 4 origin images: 2 above at
    // 500 cents per thousand = 1 (rounded up from 0.5 cent).
    expect(invoice?.usage).toEqual({ bandwidthBytes: 2.5 * GB, originImages: 4 });
    expect(invoice?.lines).toEqual([
      { description: 'Metered plan', amount: 1000, quantity: 1 },
      { description: 'Bandwidth above the plan (bytes)', amount: 15, quantity: 1.5 * GB },
      { description: 'Origin images above the plan', amount: 1, quantity: 2 },
    ]);
    expect(invoice).toMatchObject({
      amount_due: 1016,
      status: 'open',
      currency: 'usd',
      period_start: start,
      period_end: end,
      idempotency_key: invoiceIdempotencyKey(accountId, start),
    });
    expect(invoice?.number).toMatch(/^[0-9A-F]{8}-0001$/);

    // The next period starts where this one ended and sees the event at its first instant.
    const [next] = await closeDuePeriods(db(), new Date('2026-03-28T00:00:00Z'), accountId);
    expect(next?.period_start).toEqual(end);
    expect(next?.usage).toEqual({ bandwidthBytes: 7 * GB, originImages: 1 });
    expect(next?.amount_due).toBe(1000 + 60);
    expect(next?.number).toMatch(/-0002$/);
  });

  it('bills only the base price of a plan without overages, whatever the usage', async () => {
    const start = new Date('2026-03-01T00:00:00Z');
    const { accountId } = await subscribedAccount('price_darkroom_starter_monthly', start);
    await insertUsage(
      db(),
      Array.from({ length: 20 }, (_, index) => ({
        accountId,
        path: `/image-${index}.jpg`,
        bytes: 100 * GB,
        at: new Date('2026-03-05T00:00:00Z'),
      })),
    );
    const [invoice] = await closeDuePeriods(db(), new Date('2026-04-01T00:00:00Z'), accountId);
    expect(invoice?.lines).toEqual([{ description: 'Starter plan', amount: 1900, quantity: 1 }]);
    expect(invoice?.amount_due).toBe(1900);
  });

  it('settles a free period at once with a zero invoice', async () => {
    const { accountId } = await signUp(context.app);
    await ensureSubscription(db(), accountId, new Date('2026-01-01T00:00:00Z'));
    const [invoice] = await closeDuePeriods(db(), new Date('2026-02-01T00:00:00Z'), accountId);
    expect(invoice).toMatchObject({ amount_due: 0, status: 'paid' });
    expect(invoice?.paid_at).not.toBeNull();
  });

  it('catches up every period that ended while nothing ran, each billed once', async () => {
    const { accountId } = await subscribedAccount(
      'price_darkroom_starter_monthly',
      new Date('2025-10-10T00:00:00Z'),
    );
    const written = await closeDuePeriods(db(), new Date('2026-01-11T00:00:00Z'), accountId);
    expect(written.map((invoice) => invoice.period_start.toISOString())).toEqual([
      '2025-10-10T00:00:00.000Z',
      '2025-11-10T00:00:00.000Z',
      '2025-12-10T00:00:00.000Z',
    ]);
    expect(await closeDuePeriods(db(), new Date('2026-01-11T00:00:00Z'), accountId)).toEqual([]);
  });

  it('bills a period once when closes are retried concurrently', async () => {
    const { accountId, subscription } = await subscribedAccount(
      'price_darkroom_growth_monthly',
      new Date('2026-05-01T00:00:00Z'),
    );
    const now = new Date('2026-06-01T00:00:00Z');
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => closeDuePeriods(db(), now, accountId)),
      ...Array.from({ length: 4 }, () => closeSubscriptionPeriod(db(), subscription.id, { now })),
    ]);
    const written = results.flat().filter((invoice) => invoice !== null);
    expect(written).toHaveLength(1);
    const stored = await listInvoices(db(), { accountId, limit: 10 });
    expect(stored).toHaveLength(1);
    expect(stored[0]?.amount_due).toBe(4900);
  });

  it('refuses a second invoice with the same idempotency key in the database itself', async () => {
    const { accountId, subscription } = await subscribedAccount(
      'price_darkroom_starter_monthly',
      new Date('2026-07-01T00:00:00Z'),
    );
    const [invoice] = await closeDuePeriods(db(), new Date('2026-08-01T00:00:00Z'), accountId);
    if (invoice === undefined) throw new Error('no invoice');
    const { id: _id, number: _number, ...rest } = invoice;
    await expect(
      db()
        .insertInto('billing_invoices')
        .values({
          ...rest,
          id: 'in_duplicate',
          number: 'DUPLICATE-1',
          subscription_id: subscription.id,
          lines: JSON.stringify(rest.lines),
          usage: JSON.stringify(rest.usage),
        })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
  });

  it('moves a canceled subscription to the free plan when its period closes', async () => {
    const start = new Date('2026-02-01T00:00:00Z');
    const { accountId } = await subscribedAccount('price_darkroom_growth_monthly', start);
    await cancelSubscription(db(), accountId, new Date('2026-02-10T00:00:00Z'));
    const [invoice] = await closeDuePeriods(db(), new Date('2026-03-01T00:00:00Z'), accountId);
    expect(invoice?.amount_due).toBe(4900);
    const after = await ensureSubscription(db(), accountId);
    expect(after.price_id).toBe('price_darkroom_free');
    expect(after.cancel_at_period_end).toBe(false);
  });

  // Last: the job closes every due period in the database at the real time.
  it('closes ended periods from the job queue and queues itself for the next period end', async () => {
    const { accountId } = await subscribedAccount(
      'price_darkroom_starter_monthly',
      new Date(Date.now() - 40 * 86_400_000),
    );
    const runner = createJobRunner({
      db: db(),
      handlers: [billingPeriodCloseHandler(db())],
    });
    await requestBillingPeriodClose(db());
    await requestBillingPeriodClose(db());
    expect(await runner.drain()).toBe(1);
    const invoices = await listInvoices(db(), { accountId, limit: 10 });
    expect(invoices.map((invoice) => invoice.amount_due)).toEqual([1900]);
    const queued = await db()
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', BILLING_PERIOD_CLOSE_JOB.name)
      .execute();
    expect(queued).toHaveLength(1);
    expect(queued[0]?.run_at.getTime()).toBeGreaterThan(Date.now());
  });
});
