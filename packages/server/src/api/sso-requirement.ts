// Who must sign in through single sign-on: the users of an account that requires it (PATCH
// /account/sso), on an install with a provider. Every way in that rests on a password asks here:
// signing in, accepting an invitation and using a password-reset link, so none of them goes
// around the requirement.
import type { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import type { DatabaseSchema, UserRow } from '../db/schema.ts';
import { apiError, type ApiError } from '../errors.ts';
import { accountRequiresSso } from '../store/account-sso.ts';

type SsoUser = Pick<UserRow, 'admin' | 'account_id'>;

/**
 * The label of the provider `user` must sign in through ("Google"), or null when a password will
 * do, given whether their account requires single sign-on. Install admins keep their password
 * (break-glass: they can still reach an account whose provider is down), and an install without a
 * provider lets passwords through, as nothing else could.
 */
export function requiredSsoProvider(
  oidc: Config['oidc'],
  user: SsoUser,
  accountRequiresSso: boolean,
): string | null {
  if (oidc === null || user.admin || !accountRequiresSso) return null;
  return oidc.providerName;
}

/** requiredSsoProvider, reading whether the user's account requires single sign-on. */
export async function ssoProviderRequiredOf(
  db: Kysely<DatabaseSchema>,
  oidc: Config['oidc'],
  user: SsoUser,
): Promise<string | null> {
  if (requiredSsoProvider(oidc, user, true) === null) return null;
  return requiredSsoProvider(oidc, user, await accountRequiresSso(db, user.account_id));
}

/** 403 `sso_required`, in the same words wherever a password is refused. */
export function ssoRequired(providerName: string): ApiError {
  return apiError(
    'sso_required',
    `This account requires single sign-on. Use 'Sign in with ${providerName}'.`,
  );
}

/** Throws 403 `sso_required` when `user` must sign in through single sign-on. */
export async function refusePasswordWhenSsoRequired(
  db: Kysely<DatabaseSchema>,
  oidc: Config['oidc'],
  user: SsoUser,
): Promise<void> {
  const providerName = await ssoProviderRequiredOf(db, oidc, user);
  if (providerName !== null) throw ssoRequired(providerName);
}
