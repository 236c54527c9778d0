// Failed password sign-ins per email, in the database on both engines so that a lockout holds
// whichever process a sign-in reaches. Only the sha256 of the lowercased email is stored.
import { sql, type Kysely } from 'kysely';
import { hashToken } from '../auth/tokens.ts';
import type { DatabaseSchema } from '../db/schema.ts';

export interface LockoutPolicy {
  /** Failures after which the email is locked. */
  failures: number;
  /** How close failures must follow each other to count together, and how long a lock lasts. */
  periodMs: number;
}

export interface SignInAttempt {
  /** This attempt's number in the current run of failures; past `failures`, it was refused. */
  attempt: number;
  lastFailedAt: Date;
}

function emailHash(email: string): string {
  return hashToken(email.toLowerCase());
}

/**
 * Counts a password sign-in for `email` as a failure before its password is checked, in one
 * statement, so that simultaneous guesses cannot all slip past the threshold: the caller clears
 * the count once the password proves right. A failure more than a period after the last one
 * starts a new run. While locked (the threshold reached within the period), the attempt changes
 * nothing, so refused attempts do not extend the lock, and answers a number past the threshold.
 */
export async function countSignInAttempt(
  db: Kysely<DatabaseSchema>,
  email: string,
  policy: LockoutPolicy,
  now: Date,
): Promise<SignInAttempt> {
  const stale = new Date(now.getTime() - policy.periodMs);
  const row = await db
    .insertInto('sign_in_failures')
    .values({ email_hash: emailHash(email), failures: 1, last_failed_at: now })
    .onConflict((conflict) =>
      // Both assignments read the row as it was before this attempt.
      conflict.column('email_hash').doUpdateSet({
        failures: sql<number>`case when sign_in_failures.last_failed_at <= ${stale} then 1
          else least(sign_in_failures.failures + 1, ${policy.failures + 1}::integer) end`,
        last_failed_at: sql<Date>`case when sign_in_failures.last_failed_at > ${stale}
          and sign_in_failures.failures >= ${policy.failures}::integer
          then sign_in_failures.last_failed_at else excluded.last_failed_at end`,
      }),
    )
    .returning(['failures', 'last_failed_at'])
    .executeTakeFirstOrThrow();
  return { attempt: row.failures, lastFailedAt: row.last_failed_at };
}

/** Forgets the failures of `email`: its password was just proven right. */
export async function clearSignInFailures(
  db: Kysely<DatabaseSchema>,
  email: string,
): Promise<void> {
  await db.deleteFrom('sign_in_failures').where('email_hash', '=', emailHash(email)).execute();
}

/** Deletes up to `limit` runs whose last failure was at or before `before`; answers how many. */
export async function deleteStaleSignInFailures(
  db: Kysely<DatabaseSchema>,
  before: Date,
  limit: number,
): Promise<number> {
  const stale = db
    .selectFrom('sign_in_failures')
    .select('email_hash')
    .where('last_failed_at', '<=', before)
    .limit(limit)
    .forUpdate()
    .skipLocked();
  const result = await db
    .deleteFrom('sign_in_failures')
    .where('email_hash', 'in', stale)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
