// Reading the dashboard's own event log (issue 8 item 6): what the dashboard reported through
// POST /api/v4/events (store/events.ts writes it; impersonating sessions never do).
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema, EventProperties } from '../db/schema.ts';
import type { Page, PageRequest } from '../store/list.ts';

export type EventColumn = 'created_at' | 'name';

export interface EventLogFilter {
  accountId?: string | undefined;
  name?: string | undefined;
}

export interface EventLogRow {
  id: string;
  account_id: string;
  user_id: string;
  name: string;
  properties: EventProperties;
  created_at: Date;
}

/** One page of events across accounts, newest first unless sorted otherwise. */
export async function listEventLog(
  db: Kysely<DatabaseSchema>,
  filter: EventLogFilter,
  request: PageRequest<EventColumn>,
): Promise<Page<EventLogRow>> {
  let query = db.selectFrom('events');
  if (filter.accountId !== undefined) query = query.where('account_id', '=', filter.accountId);
  if (filter.name !== undefined) query = query.where('name', '=', filter.name);
  const { total } = await query
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  let rows = query.selectAll();
  for (const { column, descending } of request.sort) {
    rows = rows.orderBy(column, descending ? 'desc' : 'asc');
  }
  return {
    rows: await rows
      .orderBy('id')
      .limit(request.pageSize)
      .offset((request.page - 1) * request.pageSize)
      .execute(),
    total,
  };
}
