import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema, UserRow, UserTokenPurpose, UserTokenRow } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { hashToken, newToken } from '../auth/tokens.ts';

/** Prefixes that tell a leaked link token apart from a session token (`drk_`) at a glance. */
const TOKEN_PREFIXES: Record<UserTokenPurpose, string> = {
  invitation: 'dri_',
  password_reset: 'drr_',
};

export interface NewUserToken {
  userId: string;
  purpose: UserTokenPurpose;
  ttlMs: number;
}

/** Creates a one-time token and returns it; only its hash is kept, so this is its one copy. */
export async function createUserToken(
  db: Kysely<DatabaseSchema>,
  values: NewUserToken,
): Promise<{ row: UserTokenRow; token: string }> {
  const token = newToken(TOKEN_PREFIXES[values.purpose]);
  const row = await db
    .insertInto('user_tokens')
    .values({
      id: newId(),
      user_id: values.userId,
      purpose: values.purpose,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + values.ttlMs),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, token };
}

/** A token as its holder presents it, with the user it belongs to and that user's company. */
export interface PresentedToken {
  token: UserTokenRow;
  user: UserRow;
  company: string;
}

/** The token with this value and purpose, used or expired ones included; undefined if unknown. */
export async function findUserToken(
  db: Kysely<DatabaseSchema>,
  token: string,
  purpose: UserTokenPurpose,
): Promise<PresentedToken | undefined> {
  const row = await db
    .selectFrom('user_tokens')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const owner = await db
    .selectFrom('users')
    .innerJoin('accounts', 'accounts.id', 'users.account_id')
    .selectAll('users')
    .select('accounts.company')
    .where('users.id', '=', row.user_id)
    .executeTakeFirst();
  if (owner === undefined) return undefined;
  const { company, ...user } = owner;
  return { token: row, user, company };
}

/**
 * Marks an unused, unexpired token used; false when it was not (already used, expired, or used
 * by a concurrent request a moment earlier: the conditional update lets only one win).
 */
export async function useUserToken(db: Kysely<DatabaseSchema>, id: string): Promise<boolean> {
  const result = await db
    .updateTable('user_tokens')
    .set({ used_at: new Date() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Marks every unused invitation of the user used, expired ones included: they joined another way
 * (single sign-on), so no link of theirs may set a password and the Users page stops showing the
 * invitation as pending. Used rather than deleted, so the link then says it was accepted.
 */
export async function useInvitationTokens(
  db: Kysely<DatabaseSchema>,
  userId: string,
): Promise<void> {
  await db
    .updateTable('user_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', '=', 'invitation')
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Deletes a user's unused tokens, of one purpose or all, or only those created before
 * `createdBefore`: a newer link replaces the older ones (and of two sent at once, the newer
 * stays), and setting a password makes every outstanding link worthless.
 */
export async function deleteUnusedUserTokens(
  db: Kysely<DatabaseSchema>,
  userId: string,
  options: { purpose?: UserTokenPurpose; createdBefore?: Date } = {},
): Promise<void> {
  let query = db
    .deleteFrom('user_tokens')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null);
  if (options.purpose !== undefined) query = query.where('purpose', '=', options.purpose);
  if (options.createdBefore !== undefined) {
    query = query.where('created_at', '<', options.createdBefore);
  }
  await query.execute();
}

/** Deletes one token (a link whose email could not be sent is never usable). */
export async function deleteUserToken(db: Kysely<DatabaseSchema>, id: string): Promise<void> {
  await db.deleteFrom('user_tokens').where('id', '=', id).execute();
}

/**
 * When each of `userIds`' unaccepted invitation expires (the latest, expired ones included, so
 * the Users page can offer to resend). Users without one are left out of the map.
 */
export async function pendingInvitationExpiries(
  db: Kysely<DatabaseSchema>,
  userIds: readonly string[],
): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_tokens')
    .select(['user_id', sql<Date>`max(expires_at)`.as('expires_at')])
    .where('user_id', 'in', userIds)
    .where('purpose', '=', 'invitation')
    .where('used_at', 'is', null)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [row.user_id, new Date(row.expires_at)]));
}
