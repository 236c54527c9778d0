import { FIRST_USER_PERMISSIONS } from '@darkroom/core';
import type { Kysely } from 'kysely';
import type { DatabaseSchema, UserRow } from '../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import { internalAccount } from './accounts.ts';
import { findUserByEmail, insertUser } from './users.ts';

export interface AdminInput {
  email: string;
  password: string;
  name?: string | undefined;
}

export type AdminOutcome = 'created' | 'promoted' | 'unchanged';

const DEFAULT_ADMIN_NAME = 'Administrator';

/**
 * Makes `email` an administrator. A new admin joins the internal "Darkroom administrators"
 * account. With `promote` an existing user becomes an admin and gets the given password
 * (and name, if given); without it an existing user is left as it is (ADMIN_EMAIL at start).
 */
export async function ensureAdmin(
  db: Kysely<DatabaseSchema>,
  input: AdminInput,
  { promote }: { promote: boolean },
): Promise<{ outcome: AdminOutcome; user: UserRow }> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const existing = await findUserByEmail(trx, input.email);
    if (existing && !promote) return { outcome: 'unchanged', user: existing };
    if (existing) {
      const user = await trx
        .updateTable('users')
        .set({
          admin: true,
          password_hash: passwordHash,
          ...(input.name ? { name: input.name } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { outcome: 'promoted', user };
    }
    const account = await internalAccount(trx);
    const user = await insertUser(trx, {
      accountId: account.id,
      name: input.name || DEFAULT_ADMIN_NAME,
      email: input.email,
      passwordHash,
      admin: true,
      permissions: FIRST_USER_PERMISSIONS,
    });
    return { outcome: 'created', user };
  });
}
