// Locking an email out of password sign-in after repeated failures (OWASP Authentication Cheat
// Sheet, "Account Lockout"): the failures are counted per email, not per client address, so that
// guesses spread over many addresses still add up, and in the database, so that they add up
// whichever process they reach. The lock is temporary (SIGN_IN_LOCKOUT_MINUTES after the last
// failure), which bounds what someone locking others out on purpose can do, and install admins
// are not exempt: theirs are the passwords most worth guessing. Failures are counted for emails no
// user has as for any other, so a lock says nothing of whether an account exists (the cheat
// sheet's "Authentication Responses").
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { ApiError } from '../errors.ts';
import {
  clearSignInFailures,
  countSignInAttempt,
  type LockoutPolicy,
} from '../store/sign-in-failures.ts';
import { secondsUntil } from './rate-limiter.ts';

function lockoutPolicy(config: Pick<Config, 'signInLockoutFailures' | 'signInLockoutMinutes'>) {
  return {
    failures: config.signInLockoutFailures,
    periodMs: config.signInLockoutMinutes * 60_000,
  } satisfies LockoutPolicy;
}

/**
 * 429, as RFC 6585 has it for too many requests in a given time, with when to try again in the
 * detail and in Retry-After; `sign_in_locked` tells it apart from the per-address rate limit.
 */
export function signInLocked(retryAfterSeconds: number): ApiError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new ApiError(
    {
      code: 'sign_in_locked',
      detail: `Too many failed sign-ins with this email. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    },
    { 'retry-after': String(retryAfterSeconds) },
  );
}

export interface CountedAttempt {
  /** This attempt completed the run that locks the email, should its password be wrong. */
  locksOnFailure: boolean;
}

/**
 * Counts a password sign-in for `email` before its password is checked; throws `signInLocked`
 * while the email is locked, whatever the password. Call `signInSucceeded` once it proves right.
 */
export async function countPasswordAttempt(
  request: FastifyRequest,
  email: string,
  now: Date = new Date(),
): Promise<CountedAttempt> {
  const { config, database } = request.server.darkroom;
  const policy = lockoutPolicy(config);
  const { attempt, lastFailedAt } = await countSignInAttempt(database.db, email, policy, now);
  if (attempt > policy.failures) {
    throw signInLocked(secondsUntil(lastFailedAt.getTime() + policy.periodMs, now.getTime()));
  }
  return { locksOnFailure: attempt === policy.failures };
}

/** The password of `email` was right: its failures no longer count. */
export async function signInSucceeded(request: FastifyRequest, email: string): Promise<void> {
  await clearSignInFailures(request.server.darkroom.database.db, email);
}
