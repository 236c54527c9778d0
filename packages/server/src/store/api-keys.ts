import { API_KEY_PREFIX, MAX_API_KEYS, type PermissionGroup } from '@darkroom/core';
import { sql, type Kysely } from 'kysely';
import type { ApiKeyRow, DatabaseSchema } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { hashToken, newToken } from '../auth/tokens.ts';

// Shared with the dashboard, which shows a key's hint after it.
export { API_KEY_PREFIX };

/** imgix's limit on an account's API keys, which the dashboard shows too. */
export const MAX_ACTIVE_API_KEYS = MAX_API_KEYS;
/** Writing `last_used_at` on every request would turn each read into a write. */
const LAST_USED_PRECISION_MS = 60_000;

export interface NewApiKey {
  accountId: string;
  createdBy: string;
  name: string;
  permissions: readonly PermissionGroup[];
  expiresAt: Date | null;
}

/** Creates a key; the key itself is returned once and exists nowhere else afterwards. */
export async function createApiKey(
  db: Kysely<DatabaseSchema>,
  values: NewApiKey,
): Promise<{ row: ApiKeyRow; key: string }> {
  const key = newToken(API_KEY_PREFIX);
  const row = await db
    .insertInto('api_keys')
    .values({
      id: newId(),
      account_id: values.accountId,
      created_by: values.createdBy,
      name: values.name,
      token_hash: hashToken(key),
      token_hint: key.slice(-4),
      permissions: JSON.stringify(values.permissions),
      expires_at: values.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, key };
}

/** Keys of the account neither revoked nor expired, newest first. */
export async function listActiveApiKeys(
  db: Kysely<DatabaseSchema>,
  accountId: string,
): Promise<ApiKeyRow[]> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Revokes a key of the account at once; false when there is no such active key. */
export async function revokeApiKey(
  db: Kysely<DatabaseSchema>,
  accountId: string,
  id: string,
): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export interface ActiveApiKey {
  id: string;
  name: string;
  permissions: PermissionGroup[];
  last_used_at: Date | null;
  user_id: string;
  user_name: string;
  user_email: string;
  user_admin: boolean;
  user_permissions: PermissionGroup[];
  account_id: string;
}

/** The usable key with this value, joined with the user it acts for. */
export async function findActiveApiKey(
  db: Kysely<DatabaseSchema>,
  key: string,
): Promise<ActiveApiKey | undefined> {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.created_by')
    .select([
      'api_keys.id',
      'api_keys.name',
      'api_keys.permissions',
      'api_keys.last_used_at',
      'users.id as user_id',
      'users.name as user_name',
      'users.email as user_email',
      'users.admin as user_admin',
      'users.permissions as user_permissions',
      'api_keys.account_id',
    ])
    .where('api_keys.token_hash', '=', hashToken(key))
    .where('api_keys.revoked_at', 'is', null)
    .where((eb) =>
      eb.or([eb('api_keys.expires_at', 'is', null), eb('api_keys.expires_at', '>', new Date())]),
    )
    .executeTakeFirst();
}

/** Records that the key was used now, at most once a minute; true when it wrote. */
export async function touchApiKey(
  db: Kysely<DatabaseSchema>,
  found: ActiveApiKey,
): Promise<boolean> {
  const now = Date.now();
  if (found.last_used_at !== null && now - found.last_used_at.getTime() < LAST_USED_PRECISION_MS) {
    return false;
  }
  await db
    .updateTable('api_keys')
    .set({ last_used_at: sql<Date>`now()` })
    .where('id', '=', found.id)
    .execute();
  return true;
}
