import type { Kysely } from 'kysely';
import { HOUR, type PermissionGroup } from '@darkroom/core';
import type { DatabaseSchema, SessionRow } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { hashToken, newToken } from '../auth/tokens.ts';

/** Impersonation sessions are short on purpose: an admin looks, then leaves. */
export const IMPERSONATION_TTL_MS = HOUR;

export interface NewSession {
  userId: string;
  admin: boolean;
  impersonatorUserId: string | null;
  ttlMs: number;
}

/** Creates a session and returns it with its token, which exists nowhere else afterwards. */
export async function createSession(
  db: Kysely<DatabaseSchema>,
  session: NewSession,
): Promise<{ session: SessionRow; token: string }> {
  const token = newToken();
  const row = await db
    .insertInto('sessions')
    .values({
      id: newId(),
      user_id: session.userId,
      token_hash: hashToken(token),
      admin: session.admin,
      impersonator_user_id: session.impersonatorUserId,
      expires_at: new Date(Date.now() + session.ttlMs),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { session: row, token };
}

export interface ActiveSession {
  id: string;
  admin: boolean;
  user_id: string;
  user_name: string;
  user_email: string;
  user_admin: boolean;
  user_permissions: PermissionGroup[];
  account_id: string;
  impersonator_user_id: string | null;
  impersonator_name: string | null;
  impersonator_admin: boolean | null;
}

/** The unexpired, unrevoked session with this token, joined with its user(s). */
export async function findActiveSession(
  db: Kysely<DatabaseSchema>,
  token: string,
): Promise<ActiveSession | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('users as impersonator', 'impersonator.id', 'sessions.impersonator_user_id')
    .select([
      'sessions.id',
      'sessions.admin',
      'sessions.user_id',
      'users.name as user_name',
      'users.email as user_email',
      'users.admin as user_admin',
      'users.permissions as user_permissions',
      'users.account_id',
      'sessions.impersonator_user_id',
      'impersonator.name as impersonator_name',
      'impersonator.admin as impersonator_admin',
    ])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();
}

/** Ends a session at once: its token stops working on the next request. */
export async function revokeSession(db: Kysely<DatabaseSchema>, sessionId: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Ends every session of a user at once, impersonations they started included (a password
 * reset: whoever held one of them is signed out).
 */
export async function revokeUserSessions(
  db: Kysely<DatabaseSchema>,
  userId: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('impersonator_user_id', '=', userId)]))
    .where('revoked_at', 'is', null)
    .execute();
}
