import { HOME_PATH } from '../../app/guards.ts';
import type { ErrorMessages } from '../forms/server-errors.utils.ts';
import { isSafeNextPath } from '../../app/redirect.ts';

/** Where to go after signing in: the page the user was sent away from, if it is one of ours. */
export function destinationAfterSignIn(next: string | null): string {
  if (!isSafeNextPath(next) || next.startsWith('/sign-in') || next.startsWith('/sign-up')) {
    return HOME_PATH;
  }
  return next;
}

/** Keeps the `next` parameter when moving between sign-in and sign-up. */
export function authLink(path: '/sign-in' | '/sign-up', next: string | null): string {
  return isSafeNextPath(next) ? `${path}?next=${encodeURIComponent(next)}` : path;
}

export const SIGN_IN_MESSAGES = {
  invalid_credentials: 'Incorrect email or password.',
  unauthorized: 'Incorrect email or password.',
} satisfies ErrorMessages;

export const SIGN_UP_MESSAGES = {
  email_taken: 'An account with this email already exists.',
} satisfies ErrorMessages;
