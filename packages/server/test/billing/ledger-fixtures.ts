import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../src/db/schema.ts';

/** A plan with small allowances, so overages show with a handful of events. */
export const METERED_TEST_PRICE = {
  id: 'price_test_metered',
  lookup_key: 'test-metered',
  product_id: 'prod_test_metered',
  product_name: 'Metered',
  product_metadata: JSON.stringify({ capabilities: 'super_resolution' }),
  currency: 'usd',
  unit_amount: 1000,
  nickname: 'Metered',
  recurring: JSON.stringify({
    interval: 'month',
    interval_count: 1,
    usage_type: 'licensed',
    aggregate_usage: null,
  }),
  metadata: JSON.stringify({
    bandwidth_included: '1000000000',
    bandwidth_price: '10',
    images_price: '500',
    origin_images_included: '2',
    overages_enabled: 'true',
    sources_included: '2',
    users_included: '2',
  }),
  position: 99,
};

export async function insertMeteredTestPrice(db: Kysely<DatabaseSchema>): Promise<void> {
  await db
    .insertInto('billing_prices')
    .values(METERED_TEST_PRICE)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

export interface TestUsage {
  accountId: string;
  path: string;
  bytes: number;
  at: Date;
  requests?: number;
  status?: number;
}

/** Usage events as delivery's meter writes them. */
export async function insertUsage(
  db: Kysely<DatabaseSchema>,
  events: readonly TestUsage[],
): Promise<void> {
  await db
    .insertInto('usage_events')
    .values(
      events.map((event) => ({
        source_id: 'source-of-test',
        account_id: event.accountId,
        path: event.path,
        status: event.status ?? 200,
        bytes_out: event.bytes,
        cache: 'miss' as const,
        operation: 'standard' as const,
        requests: event.requests ?? 1,
        occurred_at: event.at,
      })),
    )
    .execute();
}
