import type { PermissionGroup } from '@darkroom/core';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema, UserRow } from '../db/schema.ts';
import { newId } from '../db/ids.ts';
import { isUniqueViolation } from './errors.ts';
import { containsPattern, selectPage, type Page, type PageRequest } from './list.ts';

export type UserColumn = 'name' | 'email' | 'created_at' | 'updated_at';

export interface UserFilter {
  /** The account the caller may see; null for every account. */
  scopeAccountId: string | null;
  accountId?: string | undefined;
  emailContains?: string | undefined;
}

export class EmailTakenError extends Error {
  constructor() {
    super('A user with this email already exists.');
    this.name = 'EmailTakenError';
  }
}

export interface NewUserValues {
  accountId: string;
  name: string;
  email: string;
  /** Null for a teammate invited to choose their own: they cannot sign in until they do. */
  passwordHash: string | null;
  admin?: boolean;
  permissions: readonly PermissionGroup[];
}

/** Inserts a user; throws EmailTakenError when the email (in any case) is already used. */
export async function insertUser(
  db: Kysely<DatabaseSchema>,
  user: NewUserValues,
): Promise<UserRow> {
  try {
    return await db
      .insertInto('users')
      .values({
        id: newId(),
        account_id: user.accountId,
        name: user.name,
        email: user.email,
        password_hash: user.passwordHash,
        admin: user.admin ?? false,
        permissions: JSON.stringify(user.permissions),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw new EmailTakenError();
    throw error;
  }
}

export async function findUserByEmail(
  db: Kysely<DatabaseSchema>,
  email: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** A user by id; with `scopeAccountId` only that account's users can be found. */
export async function findUser(
  db: Kysely<DatabaseSchema>,
  id: string,
  scopeAccountId: string | null,
): Promise<UserRow | undefined> {
  let query = db.selectFrom('users').selectAll().where('id', '=', id);
  if (scopeAccountId !== null) query = query.where('account_id', '=', scopeAccountId);
  return query.executeTakeFirst();
}

export async function listUsers(
  db: Kysely<DatabaseSchema>,
  filter: UserFilter,
  request: PageRequest<UserColumn>,
): Promise<Page<UserRow>> {
  let query = db.selectFrom('users');
  if (filter.scopeAccountId !== null) query = query.where('account_id', '=', filter.scopeAccountId);
  if (filter.accountId !== undefined) query = query.where('account_id', '=', filter.accountId);
  if (filter.emailContains !== undefined) {
    query = query.where('email', 'ilike', containsPattern(filter.emailContains));
  }
  return selectPage(query, request, {
    // Names sort the way people read them, not by byte value.
    sortKey: (column) =>
      column === 'name' || column === 'email' ? sql`lower(${sql.ref(column)})` : sql.ref(column),
  });
}

/** Deletes a user; their sessions go with them (foreign key cascade), so they stop at once. */
export async function deleteUser(db: Kysely<DatabaseSchema>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Sets a user's name or permission groups; the row as it is now. */
export async function updateUser(
  db: Kysely<DatabaseSchema>,
  id: string,
  changes: { name?: string; permissions?: readonly PermissionGroup[] },
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({
      ...(changes.name === undefined ? {} : { name: changes.name }),
      ...(changes.permissions === undefined
        ? {}
        : { permissions: JSON.stringify(changes.permissions) }),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** Sets a user's password (and their name, when given); the row as it is now. */
export async function setUserPassword(
  db: Kysely<DatabaseSchema>,
  id: string,
  passwordHash: string,
  name?: string,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({
      password_hash: passwordHash,
      ...(name === undefined ? {} : { name }),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** How many users of the account hold Account Admin. */
export async function countAccountAdmins(
  db: Kysely<DatabaseSchema>,
  accountId: string,
): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('account_id', '=', accountId)
    .where(sql<boolean>`permissions ? 'account_admin'`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Locks the account's user rows until the transaction ends (SELECT ... FOR UPDATE). */
export async function lockAccountUsers(
  db: Kysely<DatabaseSchema>,
  accountId: string,
): Promise<void> {
  await db
    .selectFrom('users')
    .select('id')
    .where('account_id', '=', accountId)
    .forUpdate()
    .execute();
}
