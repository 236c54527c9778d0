// Reading the dashboard's own event log: the analytics events of spec platform section 7 that the
// dashboard reported through POST /api/v4/events (store/events.ts writes it; impersonating
// sessions never do, spec platform section 6).
import type { Kysely } from 'kysely';
import type { DatabaseSchema, EventProperties } from '../db/schema.ts';
import { selectPage, type Page, type PageRequest } from '../store/list.ts';

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
  return selectPage(query, request);
}
