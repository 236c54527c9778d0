import type { Kysely } from 'kysely';
import type { AccountRow, DatabaseSchema } from '../db/schema.ts';

/** Turns the account's single sign-on requirement on or off; the account as it is now. */
export async function setRequireSso(
  db: Kysely<DatabaseSchema>,
  accountId: string,
  requireSso: boolean,
): Promise<AccountRow | undefined> {
  return db
    .updateTable('accounts')
    .set({ require_sso: requireSso, updated_at: new Date() })
    .where('id', '=', accountId)
    .returningAll()
    .executeTakeFirst();
}

/** Whether the account's users must sign in through single sign-on. */
export async function accountRequiresSso(
  db: Kysely<DatabaseSchema>,
  accountId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('accounts')
    .select('require_sso')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row?.require_sso === true;
}
