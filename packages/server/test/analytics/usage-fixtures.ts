import type { Kysely } from 'kysely';
import type { DatabaseSchema, NewUsageEvent, UsageRollupsTable } from '../../src/db/schema.ts';

export type FixtureEvent = Partial<NewUsageEvent> & { occurred_at: Date };

export const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
export const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';
export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Inserts usage events as the meter would write them; unset fields take a plain cache hit's. */
export async function insertUsageEvents(
  db: Kysely<DatabaseSchema>,
  events: readonly FixtureEvent[],
): Promise<void> {
  await db
    .insertInto('usage_events')
    .values(
      events.map((event) => ({
        source_id: 'src-a',
        account_id: 'acct-a',
        path: 'a.jpg',
        status: 200,
        bytes_out: 0,
        cache: 'hit' as const,
        operation: 'standard' as const,
        ...event,
      })),
    )
    .execute();
}

/** Every hourly or daily aggregate row, numbers as numbers, sorted for comparison. */
export async function aggregateRows(
  db: Kysely<DatabaseSchema>,
  table: 'usage_rollups_hourly' | 'usage_rollups_daily',
  dimension: UsageRollupsTable['dimension'],
) {
  const rows = await db
    .selectFrom(table)
    .selectAll()
    .where('dimension', '=', dimension)
    .orderBy('source_id')
    .orderBy('bucket')
    .orderBy('dimension_value')
    .execute();
  // bigint columns come back as strings from node-postgres and as numbers from PGlite.
  return rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([key, value]) => [
        key,
        TEXT_COLUMNS.has(key) || value instanceof Date ? value : Number(value),
      ]),
    ),
  );
}

const TEXT_COLUMNS = new Set(['account_id', 'source_id', 'dimension', 'dimension_value']);
