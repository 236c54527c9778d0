import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MINUTE } from '@darkroom/core';
import type { DatabaseSchema } from '../db/schema.ts';
import { hashToken, newToken } from '../auth/tokens.ts';

/**
 * How long the dashboard has to exchange a code: it does so as soon as the sign-in page loads,
 * so a minute is plenty, and a code that leaks later (browser history) is worthless.
 */
export const SSO_AUTH_CODE_TTL_MS = MINUTE;

/** A code, and the secret of the browser it was given to (kept in that browser's cookie). */
export interface NewSsoAuthCode {
  code: string;
  browserKey: string;
}

/** A new one-time code for `userId`; only hashes are stored. Expired codes are swept here. */
export async function createSsoAuthCode(
  db: Kysely<DatabaseSchema>,
  userId: string,
): Promise<NewSsoAuthCode> {
  const code = newToken('sso_');
  const browserKey = newToken('');
  await db.deleteFrom('sso_auth_codes').where('expires_at', '<=', new Date()).execute();
  await db
    .insertInto('sso_auth_codes')
    .values({
      code_hash: hashToken(code),
      user_id: userId,
      browser_hash: hashToken(browserKey),
      expires_at: new Date(Date.now() + SSO_AUTH_CODE_TTL_MS),
    })
    .execute();
  return { code, browserKey };
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The user a code was made for, or undefined when it is unknown, expired, already used or
 * brought by another browser than the one it was given to. The code is deleted in the same
 * statement that reads it, so it works at most once whatever the outcome.
 */
export async function consumeSsoAuthCode(
  db: Kysely<DatabaseSchema>,
  code: string,
  browserKey: string | undefined,
): Promise<string | undefined> {
  const row = await db
    .deleteFrom('sso_auth_codes')
    .where('code_hash', '=', hashToken(code))
    .returning(['user_id', 'browser_hash', 'expires_at'])
    .executeTakeFirst();
  if (row === undefined || row.expires_at <= new Date() || browserKey === undefined) {
    return undefined;
  }
  return sameHash(row.browser_hash, hashToken(browserKey)) ? row.user_id : undefined;
}
