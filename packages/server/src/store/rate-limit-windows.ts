// Request counts kept in the database so that every process sharing it counts against one limit.
// Keys are stored as their sha256 only: they carry client addresses, tokens and emails.
import { sql, type Kysely } from 'kysely';
import { hashToken } from '../auth/tokens.ts';
import type { DatabaseSchema } from '../db/schema.ts';

export interface WindowCount {
  key: string;
  /** Requests in the key's current window, this one included. */
  count: number;
  resetsAt: Date;
}

/**
 * Counts one request against each key, in one statement whatever the number of keys: a key whose
 * window has ended (or that has none) starts a new one of `windowMs` at `now`. Keys must differ:
 * PostgreSQL refuses to update one row twice in a statement.
 */
export async function countInWindows(
  db: Kysely<DatabaseSchema>,
  keys: readonly string[],
  now: Date,
  windowMs: number,
): Promise<WindowCount[]> {
  if (keys.length === 0) return [];
  const keyOfHash = new Map(keys.map((key) => [hashToken(key), key]));
  const resetsAt = new Date(now.getTime() + windowMs);
  const rows = await db
    .insertInto('rate_limit_windows')
    .values(
      [...keyOfHash.keys()].map((hash) => ({ key_hash: hash, count: 1, resets_at: resetsAt })),
    )
    .onConflict((conflict) =>
      // Both assignments read the row as it was, so an ended window restarts in both columns.
      conflict.column('key_hash').doUpdateSet({
        count: sql<number>`case when rate_limit_windows.resets_at <= ${now} then 1
          else rate_limit_windows.count + 1 end`,
        resets_at: sql<Date>`case when rate_limit_windows.resets_at <= ${now}
          then excluded.resets_at else rate_limit_windows.resets_at end`,
      }),
    )
    .returning(['key_hash', 'count', 'resets_at'])
    .execute();
  return rows.map((row) => ({
    key: keyOfHash.get(row.key_hash) ?? row.key_hash,
    count: row.count,
    resetsAt: row.resets_at,
  }));
}

/** Deletes up to `limit` windows ended by `now`; answers how many. Rows being counted are skipped. */
export async function deleteEndedWindows(
  db: Kysely<DatabaseSchema>,
  now: Date,
  limit: number,
): Promise<number> {
  const ended = db
    .selectFrom('rate_limit_windows')
    .select('key_hash')
    .where('resets_at', '<=', now)
    .limit(limit)
    .forUpdate()
    .skipLocked();
  const result = await db
    .deleteFrom('rate_limit_windows')
    .where('key_hash', 'in', ended)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
