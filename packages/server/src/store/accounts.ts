import type { CapabilityName } from '@darkroom/core';
import { sql, type Kysely } from 'kysely';
import type { AccountRow, DatabaseSchema } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { selectPage, type Page, type PageRequest } from './list.ts';

const INTERNAL_ACCOUNT_COMPANY = 'Darkroom administrators';

export type AccountColumn = 'company' | 'created_at' | 'updated_at';

/** A new account granted `capabilities` (sign-up passes DEFAULT_CAPABILITIES' share). */
export async function createAccount(
  db: Kysely<DatabaseSchema>,
  company: string,
  capabilities: readonly CapabilityName[] = [],
): Promise<AccountRow> {
  return db
    .insertInto('accounts')
    .values({ id: newId(), company, capabilities: JSON.stringify(capabilities) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The account administrators belong to, created the first time it is needed. */
export async function internalAccount(db: Kysely<DatabaseSchema>): Promise<AccountRow> {
  await db
    .insertInto('accounts')
    .values({ id: newId(), company: INTERNAL_ACCOUNT_COMPANY, internal: true })
    // The arbiter's predicate must be a literal to match the partial unique index (PostgreSQL's
    // INSERT, "index_predicate"): a parameter can only be matched in a plan made for its value,
    // which a prepared statement's generic plan is not.
    .onConflict((conflict) =>
      conflict.column('internal').where('internal', '=', sql.lit(true)).doNothing(),
    )
    .execute();
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('internal', '=', true)
    .executeTakeFirstOrThrow();
}

/** An account by id; with `scopeAccountId` only that account can be found. */
export async function findAccount(
  db: Kysely<DatabaseSchema>,
  id: string,
  scopeAccountId: string | null,
): Promise<AccountRow | undefined> {
  let query = db.selectFrom('accounts').selectAll().where('id', '=', id);
  if (scopeAccountId !== null) query = query.where('id', '=', scopeAccountId);
  return query.executeTakeFirst();
}

export async function findAccounts(
  db: Kysely<DatabaseSchema>,
  ids: readonly string[],
): Promise<AccountRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('accounts').selectAll().where('id', 'in', ids).execute();
}

export async function listAccounts(
  db: Kysely<DatabaseSchema>,
  scopeAccountId: string | null,
  request: PageRequest<AccountColumn>,
): Promise<Page<AccountRow>> {
  let query = db.selectFrom('accounts');
  if (scopeAccountId !== null) query = query.where('id', '=', scopeAccountId);
  return selectPage(query, request);
}
