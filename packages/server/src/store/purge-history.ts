// The purges an account asked for (migration 0027), newest first, for its Purge screen.
import type { Kysely } from 'kysely';
import { newId } from '../db/ids.ts';
import type { DatabaseSchema, PurgeRow } from '../db/schema.ts';
import { selectPage, type Page, type PageRequest } from './list.ts';

type Db = Kysely<DatabaseSchema>;

export interface NewPurge {
  accountId: string;
  sourceId: string;
  sourceName: string;
  requestedBy: { id: string; name: string } | null;
  kind: PurgeRow['kind'];
  target: string;
  status: PurgeRow['status'];
  error: string | null;
}

export async function recordPurge(db: Db, purge: NewPurge): Promise<PurgeRow> {
  return db
    .insertInto('purges')
    .values({
      id: newId(),
      account_id: purge.accountId,
      source_id: purge.sourceId,
      source_name: purge.sourceName,
      requested_by: purge.requestedBy?.id ?? null,
      requested_by_name: purge.requestedBy?.name ?? null,
      kind: purge.kind,
      target: purge.target,
      status: purge.status,
      error: purge.error,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One page of an account's purges, optionally of one source. */
export function listPurges(
  db: Db,
  accountId: string,
  filter: { sourceId?: string | undefined },
  request: PageRequest<'created_at'>,
): Promise<Page<PurgeRow>> {
  let query = db.selectFrom('purges').where('account_id', '=', accountId);
  if (filter.sourceId !== undefined) query = query.where('source_id', '=', filter.sourceId);
  return selectPage(query, request, { idFollowsLastSort: true });
}
