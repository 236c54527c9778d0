// The tokens of emailed links, as their holders present them: found, or refused with words that
// say what to do next. Unknown, used and expired links are told apart, which reveals nothing:
// only the holder of a 256-bit token can ask about it.
import type { Kysely } from 'kysely';
import type { DatabaseSchema, UserTokenPurpose } from '../db/schema.ts';
import { apiError, type ApiError } from '../errors.ts';
import { findUserToken, type PresentedToken } from '../store/user-tokens.ts';

/** `dri_` or `drr_` and 32 random bytes in base64url (store/user-tokens.ts). */
const LINK_TOKEN = /^dr[ir]_[A-Za-z0-9_-]{43}$/;

const ASK_AGAIN: Record<UserTokenPurpose, string> = {
  invitation: 'Ask an Account Admin of your account to send you a new invitation.',
  password_reset: 'Ask for a new link with “Forgot password?” on the sign-in page.',
};

const NAME: Record<UserTokenPurpose, string> = {
  invitation: 'invitation link',
  password_reset: 'password-reset link',
};

function unknownLink(purpose: UserTokenPurpose): ApiError {
  return apiError(
    'not_found',
    `This ${NAME[purpose]} is not valid: check that it was copied whole. ${ASK_AGAIN[purpose]}`,
  );
}

/** 410 for a link that worked once, or whose time is up. */
export function linkGone(purpose: UserTokenPurpose, why: 'used' | 'expired'): ApiError {
  if (why === 'used') {
    return apiError(
      'link_expired',
      purpose === 'invitation'
        ? 'This invitation was already accepted: sign in with your email and password.'
        : `This password-reset link was already used. ${ASK_AGAIN[purpose]}`,
    );
  }
  return apiError('link_expired', `This ${NAME[purpose]} has expired. ${ASK_AGAIN[purpose]}`);
}

/** The unused, unexpired token `token` of `purpose`; throws 404 or 410 otherwise. */
export async function usableLinkToken(
  db: Kysely<DatabaseSchema>,
  token: string,
  purpose: UserTokenPurpose,
): Promise<PresentedToken> {
  const presented = LINK_TOKEN.test(token) ? await findUserToken(db, token, purpose) : undefined;
  if (presented === undefined) throw unknownLink(purpose);
  if (presented.token.used_at !== null) throw linkGone(purpose, 'used');
  if (presented.token.expires_at.getTime() <= Date.now()) throw linkGone(purpose, 'expired');
  return presented;
}
