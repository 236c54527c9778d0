import type { PeriodUsage } from '@darkroom/core';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';
import { usagePathSql } from '../db/usage-path.ts';

/**
 * What an account used in [start, end), read from the raw usage events so a period that ends at
 * any instant (not just on an hour the rollups have closed) is exact. Bandwidth is every byte
 * sent; origin images are the distinct images (source and path) served successfully, the same
 * definition as the management credits of core billing/credits.ts.
 */
export async function periodUsage(
  db: Kysely<DatabaseSchema>,
  accountId: string,
  start: Date,
  end: Date,
): Promise<PeriodUsage> {
  const row = await db
    .selectFrom('usage_events')
    .select([
      sql<string | number>`coalesce(sum(bytes_out * requests), 0)`.as('bandwidth_bytes'),
      sql<
        string | number
      >`count(distinct case when status < 400 then source_id || ${usagePathSql(sql`path`)} end)`.as(
        'origin_images',
      ),
    ])
    .where('account_id', '=', accountId)
    .where('occurred_at', '>=', start)
    .where('occurred_at', '<', end)
    .executeTakeFirstOrThrow();
  return { bandwidthBytes: Number(row.bandwidth_bytes), originImages: Number(row.origin_images) };
}
